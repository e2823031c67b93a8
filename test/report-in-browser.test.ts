/**
 * Gate: the page of `querymode report`, opened from a file:// URL in headless Chromium (offline),
 * for a fixture of mixed records (detailed ones for examples/report/tables.ndjson, an error record,
 * two compact records): the counts are right; sorting and filtering work by clicking and typing and
 * live in the address; the copy button copies the body; axe-core finds no serious or critical
 * violation; no request leaves the page. Screenshots and a PDF are kept in test-artifacts/report/.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { visibleName } from '@querymode/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndjsonRecords, runCli, tempDir } from './cli/run-cli.js';
import { CHROMIUM, type LaunchedChromium, launchChromium, SKIP_BROWSER } from './support/chromium.js';

const ROOT = join(import.meta.dirname, '..');
const ARTIFACTS = join(ROOT, 'test-artifacts', 'report');
const EXAMPLE = readFileSync(join(ROOT, 'examples', 'report', 'tables.ndjson'), 'utf8');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The fixture: detailed records, an error record, and two compact records, as recommend writes them. */
function fixture(): string {
  const detail = runCli(['recommend', '--ndjson', '--detail'], { input: `${EXAMPLE}{"rows": -1}\n` }).stdout;
  const compact = runCli(['recommend', '--ndjson'], {
    input: EXAMPLE.split('\n').slice(0, 2).join('\n'),
  }).stdout;
  return detail + compact;
}

/** Writes the page of `records` and returns its file URL. */
function page(dir: string, name: string, records: string): string {
  writeFileSync(join(dir, `${name}.ndjson`), records);
  const r = runCli(['report', join(dir, `${name}.ndjson`), '-o', join(dir, `${name}.html`)]);
  expect(r.status, r.stderr).toBe(0);
  return pathToFileURL(join(dir, `${name}.html`)).href;
}

describe.skipIf(SKIP_BROWSER)('the report page in headless Chromium', () => {
  let browser: LaunchedChromium | undefined;
  let context: BrowserContext;
  let tab: Page;
  let url: string;
  // biome-ignore lint/suspicious/noExplicitAny: records are read field by field.
  let records: any[];
  const requested: string[] = [];
  const consoleErrors: string[] = [];

  /** Opens `address` in a new tab that records console errors. */
  async function open(address: string): Promise<Page> {
    const p = await context.newPage();
    p.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
    });
    p.on('pageerror', (e) => consoleErrors.push(`page error: ${String(e)}`));
    await p.goto(address, { waitUntil: 'load' });
    await p.locator('html[data-ready="true"]').waitFor();
    return p;
  }

  /** The page's address fragment (read in the page: `page.url()` may lag behind `replaceState`). */
  const hashOf = (p: Page) => p.evaluate<string>('location.hash');

  /** The table names of the rows shown, in order. */
  const names = (p: Page) => p.locator('#qm-rows tr[data-n] th.qm-name').allTextContents();

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`).toBe(true);
    mkdirSync(ARTIFACTS, { recursive: true });
    const text = fixture();
    records = ndjsonRecords(text).filter((r) => r.kind !== 'legend'); // --detail's legend is no record
    url = page(tempDir(), 'plan', text);
    browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
    context = browser.context;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.route('**/*', (route) => {
      const address = route.request().url();
      if (/^(file|data|blob):/.test(address)) return route.continue();
      requested.push(address);
      return route.abort();
    });
    tab = await open(url);
  });

  afterAll(async () => {
    await browser?.dispose();
  });

  it('shows the right counts: by status, by recommended mode, and every record in the table', async () => {
    const count = (status: string) => records.filter((r) => r.status === status).length;
    for (const status of ['recommended', 'needs_facts', 'none', 'error'])
      expect(await tab.locator(`.qm-card[data-status="${status}"] .qm-card-num`).textContent(), status).toBe(
        String(count(status)),
      );
    const modes = new Map<string, number>();
    for (const r of records.filter((x) => x.status === 'recommended'))
      modes.set(r.mode, (modes.get(r.mode) ?? 0) + 1);
    for (const [mode, n] of modes) {
      const row = tab.locator('#qm-summary table tr', { has: tab.locator(`code:text-is("${mode}")`) });
      expect(await row.locator('td').first().textContent(), mode).toBe(String(n));
    }
    await expect(tab.locator('#qm-count').textContent()).resolves.toBe(
      `Showing 1–${records.length} of ${records.length} records.`,
    );
    expect(await names(tab)).toEqual(records.map((r) => r.table ?? `line ${r.line}`));
    await tab.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });
  });

  it('sorts by clicking a column header, either way, unknown values last', async () => {
    const events = tab.getByRole('button', { name: /^Billed events/ });
    await events.click();
    await expect(tab.locator('th', { has: events }).getAttribute('aria-sort')).resolves.toBe('descending');
    const known = records.filter((r) => r.status === 'recommended' && r.events !== null);
    const descending = [...known].sort((a, b) => b.events - a.events || a.line - b.line).map((r) => r.table);
    expect((await names(tab)).slice(0, known.length)).toEqual(descending);
    await events.click();
    await expect(tab.locator('th', { has: events }).getAttribute('aria-sort')).resolves.toBe('ascending');
    const ascending = [...known].sort((a, b) => a.events - b.events || a.line - b.line).map((r) => r.table);
    expect((await names(tab)).slice(0, known.length)).toEqual(ascending);
    expect(await hashOf(tab)).toBe('#sort=events');
  });

  it('filters by status, mode, schema and text, and a link to the address reopens the same view', async () => {
    await tab.getByLabel('Status', { exact: true }).selectOption('needs_facts');
    const facts = records.filter((r) => r.status === 'needs_facts');
    expect(await names(tab)).toEqual(facts.map((r) => r.table));
    await expect(tab.locator('#qm-count').textContent()).resolves.toBe(
      `Showing 1–${facts.length} of ${facts.length} records matching the filters of ${records.length}.`,
    );
    await tab.getByLabel('Find text').fill('CONTACTS');
    expect(await names(tab)).toEqual(['crm.dbo.contacts']);
    await tab.getByLabel('Find text').fill('');
    await tab.getByLabel('Status', { exact: true }).selectOption('');
    await tab.getByLabel('Schema', { exact: true }).selectOption('dbo');
    await tab.getByLabel('Mode (recommended, or best candidate)').selectOption('unique_incrementing');
    expect(await names(tab)).toEqual(['crm.dbo.page_views']);
    await tab.getByLabel('Mode (recommended, or best candidate)').selectOption('');
    await tab.getByLabel('Find text').fill('shop');
    const hash = await hashOf(tab);
    expect(hash).toBe('#schema=dbo&q=shop&sort=events');
    expect(await names(tab)).toEqual([]);
    await expect(tab.locator('#qm-count').textContent()).resolves.toBe(
      `No record matches the filters (of ${records.length}).`,
    );

    await tab.getByLabel('Find text').fill('');
    await tab.getByLabel('Schema', { exact: true }).selectOption('');
    await tab.getByLabel('Find text').fill('public.order');
    const again = await open(`${url}${await hashOf(tab)}`);
    await expect(again.getByLabel('Find text').inputValue()).resolves.toBe('public.order');
    expect(await names(again)).toEqual(await names(tab));
    await again.close();
    await tab.getByRole('button', { name: 'Clear the filters' }).click();
    expect(await names(tab)).toHaveLength(records.length);
  });

  it('expands a row into its details, and the copy button copies the body', async () => {
    const orders = records.find((r) => r.table === 'shop.public.orders' && r.candidates !== undefined);
    await tab.getByRole('button', { name: 'Details of shop.public.orders' }).first().click();
    const details = tab.locator('.qm-detail-row');
    await expect(details.count()).resolves.toBe(1);
    await expect(details.locator('h3').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['Why', 'Body to send', 'Events', 'Every candidate, best first']),
    );
    expect(await hashOf(tab)).toContain(`open=${records.indexOf(orders) + 1}`);
    await details.getByRole('button', { name: 'Copy body' }).click();
    await details.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(tab.locator('.qm-sr[aria-live]').textContent()).resolves.toBe(
      'The body of shop.public.orders is on the clipboard.',
    );
    const copied = await tab.evaluate<string>('navigator.clipboard.readText()');
    expect(copied).toBe(JSON.stringify(orders.body, null, 2));
    expect(JSON.parse(copied)).toEqual(orders.body);
    // A needs_facts row shows its facts with the query in the source's dialect; a compact row says what is missing.
    await tab.getByRole('button', { name: 'Details of shop.public.invoices' }).click();
    await tab.getByRole('button', { name: 'Details of shop.public.order_events' }).nth(1).click();
    const text = await tab.locator('#qm-rows').textContent();
    expect(text).toContain('Facts to establish');
    expect(text).toContain('pg_trigger');
    expect(text).toContain('are not in the input: make it with querymode recommend --ndjson --detail');
    await tab.screenshot({ path: join(ARTIFACTS, 'report-details.png'), fullPage: true });
  });

  it('has no serious or critical accessibility violation (axe-core), with rows expanded and the charts drawn', async () => {
    await tab.evaluate(AXE);
    // Every rule axe-core runs by default (WCAG 2.0-2.2 A and AA, best practices), on the whole page.
    const violations = await tab.evaluate<{ id: string; impact: string; nodes: number; help: string }[]>(`
      axe.run(document, { resultTypes: ['violations'] }).then((r) =>
        r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help })))`);
    writeFileSync(join(ARTIFACTS, 'axe-violations.json'), `${JSON.stringify(violations, null, 2)}\n`);
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('prints every row that matches the filters, without the controls', async () => {
    const big = await open(
      page(
        tempDir(),
        'big',
        runCli(['recommend', '--ndjson'], {
          input: Array.from({ length: 250 }, (_, i) =>
            JSON.stringify({ table: `s.t${i}`, rows: 10 + i }),
          ).join('\n'),
        }).stdout,
      ),
    );
    await expect(big.locator('.qm-pager span').textContent()).resolves.toBe('Page 1 of 3');
    await big.getByRole('button', { name: 'Next page' }).click();
    await expect(big.locator('#qm-count').textContent()).resolves.toBe('Showing 101–200 of 250 records.');
    expect(await hashOf(big)).toBe('#page=2');
    await big.evaluate("dispatchEvent(new Event('beforeprint'))");
    await big.emulateMedia({ media: 'print' });
    await expect(big.locator('#qm-rows tr[data-n]').count()).resolves.toBe(250);
    await expect(big.locator('.qm-filters').isVisible()).resolves.toBe(false);
    await big.pdf({ path: join(ARTIFACTS, 'report-print.pdf') });
    await big.evaluate("dispatchEvent(new Event('afterprint'))");
    await expect(big.locator('#qm-rows tr[data-n]').count()).resolves.toBe(100);
    await big.close();
  });

  it('shows names holding escape sequences, newlines, tabs and a U+202E escaped, never reversed or acting', async () => {
    const table = 'orders\u001b[31mred\u001b]0;pwned\u0007\u202eX';
    const column = 'up\tdated\nat';
    const traits = {
      table,
      source: 'postgresql',
      rows: 1000,
      columns: [
        { name: 'id', type: 'bigint', nullable: false, primary_key: true },
        { name: column, type: 'timestamptz', nullable: false, set_on_update: false },
      ],
    };
    const text = runCli(['recommend', '--ndjson', '--detail'], {
      input: `${JSON.stringify(traits)}\n`,
    }).stdout;
    const hostile = await open(page(tempDir(), 'hostile', text));
    await hostile.locator('#qm-rows button.qm-expand').first().click();
    const shown = (await hostile.locator('#qm-table').textContent()) ?? '';
    expect(shown).toContain(visibleName(table));
    for (const raw of ['\u202e', '\u001b', '\u0007', 'up\tdated', 'dated\nat'])
      expect(shown).not.toContain(raw);
    await hostile.close();
  });

  it('made no network request, and logged no error or warning (no CSP violation either)', () => {
    expect(requested).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
