/**
 * @querymode/core is pure and isomorphic: bundled for the browser (esbuild fails on any Node
 * built-in), it runs in headless Chromium with no network, and gives there the same results as
 * in Node.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chooseMode, QUERY_MODES, recommend, validateQueryModeBody } from '@querymode/core';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, SKIP_BROWSER } from './support/chromium.js';

const TRAITS = {
  table: 'shop.orders',
  rows: 1_200_000,
  columns: [
    { name: 'id', type: 'bigint', nullable: false, primary_key: true, unique: true, auto_increment: true },
    { name: 'updated_at', type: 'timestamp', nullable: false, set_on_update: true },
  ],
  changes: { inserts: 'yes', updates: 'yes', inserts_per_day: 1000, updates_per_day: 100 },
};
const BODY = { config: { mode: 'timestamp', timestamp_colum_name: 'x' } };

/** What the page computes with the bundle (the same calls run in Node below). */
const PAGE_SCRIPT = `
  const { QUERY_MODES, validateQueryModeBody, recommend, chooseMode, paginate } = globalThis.querymode;
  const pages = { '': { data: [1, 2], pagination: { starting_after: 'c1', count: 2 } }, c1: { data: [3] } };
  const items = [];
  for await (const x of paginate(async (p) => pages[p.starting_after ?? ''], { limit: 2 })) items.push(x);
  return {
    modes: QUERY_MODES,
    issues: validateQueryModeBody(${JSON.stringify(BODY)}),
    recommendation: recommend(${JSON.stringify(TRAITS)}),
    choice: chooseMode(${JSON.stringify(TRAITS)}),
    items,
  };
`;

describe.skipIf(SKIP_BROWSER)('@querymode/core in a browser', () => {
  it('bundles for the browser with no Node built-in and runs in headless Chromium with the same results', async () => {
    const bundle = await build({
      entryPoints: [join(import.meta.dirname, '..', 'packages', 'core', 'src', 'index.ts')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'iife',
      globalName: 'querymode',
      conditions: ['source'],
      logLevel: 'silent',
    });
    const code = bundle.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/require\(["']node:/);

    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`).toBe(true);
    const { context, dispose } = await launchChromium();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.setContent('<!doctype html><title>core</title>');
      await page.addScriptTag({ content: code });
      const result = await page.evaluate(`(async () => { ${PAGE_SCRIPT} })()`);
      expect(errors).toEqual([]);
      expect(result).toEqual(
        JSON.parse(
          JSON.stringify({
            modes: QUERY_MODES,
            issues: validateQueryModeBody(BODY),
            recommendation: recommend(TRAITS as never),
            choice: chooseMode(TRAITS as never),
            items: [1, 2, 3],
          }),
        ),
      );
    } finally {
      await dispose();
    }
  });
});
