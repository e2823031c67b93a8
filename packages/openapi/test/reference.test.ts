/**
 * Gate: the rendered reference, docs/api/index.html, opens in headless Chromium (Debian's
 * /usr/bin/chromium, or CHROMIUM_PATH) from a file:// URL, offline, and shows both operations.
 * Every request that is not file:, data: or blob: is aborted and recorded: there must be none.
 * Screenshots are kept in test-artifacts/openapi/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  type LaunchedChromium,
  launchChromium,
  SKIP_BROWSER,
} from '../../../test/support/chromium.js';
import { artifactPath, REPO_ROOT } from './support.js';

const PAGE_URL = pathToFileURL(join(REPO_ROOT, 'docs', 'api', 'index.html')).href;

/**
 * The one console error allowed: the page's Content-Security-Policy stopping Redoc's attribution
 * logo, which Redoc would load from its CDN. Stopped by the policy, it never reaches the network.
 */
const ALLOWED_CONSOLE_ERROR =
  /^Loading the image 'https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg' violates the following Content Security Policy directive/;

const doc = JSON.parse(readFileSync(join(REPO_ROOT, 'docs', 'openapi.json'), 'utf8'));
const put = doc.paths['/pipelines/{pipeline_id}/objects/{object_name}/query-mode'].put;
const get = doc.paths['/pipelines'].get;
/** Each operation: its summary, method, path, and the hash route Redoc gives it (tag/operationId). */
const OPERATIONS = [
  {
    summary: put.summary,
    method: 'put',
    path: '/pipelines/{pipeline_id}/objects/{object_name}/query-mode',
    tag: put.tags[0],
    id: put.operationId,
  },
  { summary: get.summary, method: 'get', path: '/pipelines', tag: get.tags[0], id: get.operationId },
].map((op) => ({ ...op, route: `#/${op.tag.toLowerCase().replace(/\s+/g, '-')}/${op.id.toLowerCase()}` }));

describe.skipIf(SKIP_BROWSER)('the rendered reference in headless Chromium', () => {
  let browser: LaunchedChromium | undefined;
  let context: BrowserContext;
  let page: Page;
  const requested: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`).toBe(true);
    browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
    context = browser.context;
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (/^(file|data|blob):/.test(url)) return route.continue();
      requested.push(url);
      return route.abort();
    });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(`page error: ${String(e)}`));
    await page.goto(PAGE_URL, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.dispose();
  });

  it('opens on the overview, which lists both operations', async () => {
    await expect(page.title()).resolves.toBe(doc.info.title);
    await page.getByRole('heading', { name: doc.info.title }).first().waitFor({ state: 'visible' });
    for (const op of OPERATIONS) {
      const link = page.locator(`a[href="${op.route}"]`).first();
      await link.waitFor({ state: 'visible', timeout: 30_000 });
      expect(((await link.textContent()) ?? '').replace(/\s+/g, '').toLowerCase()).toBe(
        `${op.method}${op.path}`,
      );
    }
    await page.screenshot({ path: artifactPath('reference-overview.png') });
  });

  for (const op of OPERATIONS) {
    it(`shows ${op.method.toUpperCase()} ${op.path} (${op.id}) with its request and responses`, async () => {
      await page.locator(`a[href="${op.route}"]`).first().click();
      await page
        .getByRole('heading', { name: op.summary })
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      await page.getByRole('heading', { name: 'Request' }).first().waitFor({ state: 'visible' });
      await page.getByRole('heading', { name: 'Responses' }).first().waitFor({ state: 'visible' });
      await page.screenshot({ path: artifactPath(`reference-${op.id}.png`) });
    });
  }

  it('made no network request, and logged no error but the blocked attribution logo', () => {
    expect(requested).toEqual([]);
    expect(consoleErrors.filter((e) => !ALLOWED_CONSOLE_ERROR.test(e))).toEqual([]);
  });
});
