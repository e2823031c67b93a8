/**
 * Remakes the screenshots of docs/report.md: the page of `querymode report` for
 * examples/report/tables.ndjson, opened from a file:// URL in headless Chromium (offline), as a
 * reader sees it: the summary and the charts, then the table with one row expanded.
 *
 * Usage: pnpm build && pnpm run screenshots:report
 *
 * Screenshots depend on the machine's fonts, so they are not part of `pnpm run docs` and no test
 * compares them; the browser tests keep their own in test-artifacts/report/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '../test/support/chromium.js';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'packages', 'cli', 'dist', 'querymode.cjs');
const outDir = join(root, 'docs', 'report');

const dir = mkdtempSync(join(tmpdir(), 'querymode-screenshots-'));
try {
  const records = execFileSync(process.execPath, [bin, 'recommend', '--ndjson', '--detail'], {
    input: readFileSync(join(root, 'examples', 'report', 'tables.ndjson')),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  writeFileSync(join(dir, 'results.ndjson'), records);
  execFileSync(process.execPath, [bin, 'report', join(dir, 'results.ndjson'), '-o', join(dir, 'plan.html')], {
    stdio: 'ignore',
  });
  const url = pathToFileURL(join(dir, 'plan.html')).href;
  const { context, dispose } = await launchChromium({ viewport: { width: 1280, height: 1000 } });
  try {
    mkdirSync(outDir, { recursive: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('html[data-ready="true"]').waitFor();
    await page.screenshot({ path: join(outDir, 'report.png') });
    console.log('wrote docs/report/report.png');
    // The needs_facts row of shop.public.invoices, expanded: its facts, with the query that establishes each.
    await page.goto(`${url}#status=needs_facts&open=5`);
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor();
    await page.locator('#qm-tables').screenshot({ path: join(outDir, 'report-details.png') });
    console.log('wrote docs/report/report-details.png');
  } finally {
    await dispose();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
