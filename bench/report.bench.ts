/**
 * `querymode report` at scale: the page of 10,000 generated tables, its weight, and how soon it is
 * usable in headless Chromium. Not a test: figures go to docs/benchmarks.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPageAssets } from '../packages/report/build-page.mjs';
import { launchChromium } from '../test/support/chromium.js';
import { formatMs } from './lib/format.js';
import { stats } from './lib/measure.js';
import { CLI_BIN } from './lib/paths.js';
import { traitsLines } from './lib/traits-gen.js';
import type { Suite } from './lib/types.js';

/** The 2 s target of the report page, and the page size this suite holds 10,000 detailed tables to. */
const USABLE_TARGET_MS = 2_000;
const SIZE_LIMIT_MB = 30;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const kb = (bytes: number) => `${Math.round(bytes / 1000).toLocaleString('en-US')} KB`;

/** Runs the bin with stdout to a file; wall time and peak RSS (GNU time, where present). */
async function timed(args: readonly string[], stdout: string): Promise<{ ms: number; rssMb: number | null }> {
  const useTime = existsSync('/usr/bin/time');
  const cmd = useTime ? '/usr/bin/time' : process.execPath;
  const full = useTime ? ['-f', '%M', process.execPath, CLI_BIN, ...args] : [CLI_BIN, ...args];
  const fd = openSync(stdout, 'w');
  const start = performance.now();
  const child = spawn(cmd, full, { stdio: ['ignore', fd, 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const [code] = (await once(child, 'close')) as [number];
  const ms = performance.now() - start;
  closeSync(fd);
  if (code !== 0) throw new Error(`querymode ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`);
  return { ms, rssMb: useTime ? Number(stderr.trim().split('\n').pop()) / 1024 : null };
}

/** One opening of a page: times from the start of navigation, in ms. */
interface Opening {
  /** The table shows its first rows (a frame after they are in the document). */
  readonly rows: number;
  /** Typing into the filter until the table shows the matching rows (a frame later). */
  readonly filter: number;
  /** The page's script done: the table and the charts drawn. */
  readonly ready: number;
}

/** The filter the benchmark types. */
const FILTER = 'table_123';

/** Opens `url` in a fresh page, waits for the rows, then types a filter and times the answer (`matches` rows). */
async function open(
  context: Awaited<ReturnType<typeof launchChromium>>['context'],
  url: string,
  matches: number,
): Promise<Opening> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // Playwright's own waiting (not the page's script, which the page's CSP would refuse to evaluate).
    await page.locator('#qm-rows tr').first().waitFor({ state: 'visible', timeout: 120_000 });
    const rows = await page.evaluate<number>('performance.now()');
    const filter = await page.evaluate<number>(`(async () => {
      const start = performance.now();
      const input = document.getElementById('qm-q');
      input.value = ${JSON.stringify(FILTER)};
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
      if (!document.getElementById('qm-count').textContent.startsWith('Showing 1–${matches} of ${matches} record'))
        throw new Error('the filter did not answer: ' + document.getElementById('qm-count').textContent);
      return performance.now() - start;
    })()`);
    await page.locator('html[data-ready="true"]').waitFor({ timeout: 120_000 });
    const ready = await page.evaluate<number>("performance.getEntriesByName('qm-ready')[0].startTime");
    return { rows, filter, ready };
  } finally {
    await page.close();
  }
}

export const suites: Suite[] = [
  {
    id: 'report',
    title: '`querymode report`: page weight and 10,000 tables in headless Chromium',
    description: `The page of \`querymode report\` for 10,000 generated tables (the generator of \`cli-ndjson\`, seed 42), from the records of \`recommend --ndjson --detail\` and from compact records, opened from a file:// URL in headless Chromium (Debian's, offline), a fresh page each time. **Usable** is defined as: the time from the start of navigation until the table shows its first rows (as Playwright sees them visible), plus the time from typing a filter (\`${FILTER}\`) until the table shows the matching rows (11 of 10,000; a frame after). Target: usable within ${USABLE_TARGET_MS / 1000} s; the page of 10,000 detailed tables under ${SIZE_LIMIT_MB} MB.`,
    async run({ quick, log }) {
      if (!existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: run pnpm build first`);
      const dir = mkdtempSync(join(tmpdir(), 'querymode-bench-report-'));
      const browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
      try {
        const tables = quick ? 1_000 : 10_000;
        const rounds = quick ? 2 : 7;
        const traits = join(dir, 'traits.ndjson');
        writeFileSync(traits, `${[...traitsLines(tables, 42)].join('\n')}\n`);

        // The fixed weight: the page of one record, and what it is made of.
        const one = join(dir, 'one.ndjson');
        writeFileSync(
          one,
          execFileSync(process.execPath, [CLI_BIN, 'recommend', '--ndjson', '--detail'], {
            input: readFileSync(traits, 'utf8').split('\n')[0],
            stdio: ['pipe', 'pipe', 'ignore'],
          }),
        );
        await timed(['report', one, '-o', join(dir, 'one.html')], '/dev/null');
        const assets = await buildPageAssets();
        const oneBytes = statSync(join(dir, 'one.html')).size;
        const bytes = (s: string) => Buffer.byteLength(s);
        const weight = [
          [
            'the script (page code, Observable Plot and the d3 modules it uses), minified',
            kb(bytes(assets.script)),
          ],
          ['the style sheet', kb(bytes(assets.style))],
          ['the licences of the bundled libraries', kb(bytes(assets.licenses))],
          ['the page of one detailed table, all included', kb(oneBytes)],
        ];

        const pages: {
          name: string;
          input: number;
          page: number;
          recommendMs: number;
          reportMs: number;
          reportRss: number | null;
        }[] = [];
        for (const kind of ['detail', 'compact'] as const) {
          const records = join(dir, `${kind}.ndjson`);
          log(`${tables} tables: recommend --ndjson${kind === 'detail' ? ' --detail' : ''}`);
          const rec = await timed(
            ['recommend', '--ndjson', ...(kind === 'detail' ? ['--detail'] : []), '--input', traits],
            records,
          );
          log(`${tables} tables: report (${kind})`);
          const rep = await timed(['report', records, '-o', join(dir, `${kind}.html`)], '/dev/null');
          pages.push({
            name: kind,
            input: statSync(records).size,
            page: statSync(join(dir, `${kind}.html`)).size,
            recommendMs: rec.ms,
            reportMs: rep.ms,
            reportRss: rep.rssMb,
          });
        }

        const matches = Array.from({ length: tables }, (_, i) => `table_${i}`).filter((t) =>
          t.includes(FILTER),
        ).length;
        const openings: Record<string, Opening[]> = { detail: [], compact: [] };
        await open(browser.context, pathToFileURL(join(dir, 'detail.html')).href, matches); // warm the file cache
        for (let i = 0; i < rounds; i++)
          for (const kind of ['detail', 'compact'] as const) {
            const o = await open(browser.context, pathToFileURL(join(dir, `${kind}.html`)).href, matches);
            openings[kind]?.push(o);
            log(
              `${kind} #${i + 1}: rows ${o.rows.toFixed(0)} ms, filter ${o.filter.toFixed(0)} ms, charts ${o.ready.toFixed(0)} ms`,
            );
          }
        const usable = (kind: string) => stats((openings[kind] ?? []).map((o) => o.rows + o.filter)).median;
        const median = (kind: string, key: keyof Opening) =>
          stats((openings[kind] ?? []).map((o) => o[key])).median;
        const words = { detail: '`recommend --ndjson --detail`', compact: '`recommend --ndjson` (compact)' };
        const detail = pages.find((p) => p.name === 'detail');
        return {
          tables: [
            { title: 'The page weight (bytes of HTML)', columns: ['part', 'bytes'], rows: weight },
            {
              title: `${tables.toLocaleString('en-US')} tables: the files and the commands`,
              columns: [
                'records of',
                'records',
                'page',
                'per table',
                'recommend',
                'report',
                'report peak RSS',
              ],
              rows: pages.map((p) => [
                words[p.name as keyof typeof words],
                mb(p.input),
                mb(p.page),
                `${((p.page - oneBytes) / (tables - 1) / 1000).toFixed(2)} KB`,
                formatMs(p.recommendMs),
                formatMs(p.reportMs),
                p.reportRss === null ? 'n/a' : `${p.reportRss.toFixed(0)} MB`,
              ]),
            },
            {
              title: `${tables.toLocaleString('en-US')} tables in headless Chromium (median of ${rounds} openings)`,
              columns: [
                'page of',
                'first rows',
                'filter answers',
                'usable',
                'script done (table and charts)',
              ],
              rows: (['detail', 'compact'] as const).map((k) => [
                words[k],
                formatMs(median(k, 'rows')),
                formatMs(median(k, 'filter')),
                formatMs(usable(k)),
                formatMs(median(k, 'ready')),
              ]),
            },
          ],
          targets: [
            {
              name: `usable, ${tables.toLocaleString('en-US')} detailed tables (ms)`,
              value: usable('detail'),
              limit: USABLE_TARGET_MS,
              unit: ' ms',
            },
            {
              name: `page of ${tables.toLocaleString('en-US')} detailed tables (MB)`,
              value: (detail?.page ?? 0) / 1e6,
              limit: SIZE_LIMIT_MB,
              unit: ' MB',
            },
          ],
          notes: [
            "`report` reads the records line by line and keeps only what the page shows of each, so the input (the records of `--detail` are tens of kilobytes each) is never held whole. The page embeds its rows as JSON (about 2.3 KB a detailed table: the reasons, the best candidate's findings, facts and remedies, both estimates, every candidate in a line); the script renders 100 rows a page, so the time to the first rows is mostly the browser reading and parsing the file.",
          ],
        };
      } finally {
        await browser.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
