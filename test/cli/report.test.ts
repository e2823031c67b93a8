/**
 * `querymode report`: the page from the records of `recommend --ndjson`, written whole or not at
 * all, and bad input refused with its line number. What the page shows in a browser is tested in
 * test/report-in-browser.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjsonRecords, runCli, tempDir } from './run-cli.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'report', 'tables.ndjson');
const traitsText = readFileSync(EXAMPLE, 'utf8');

/** The records of `recommend --ndjson --detail` for the example, then an error record and two compact ones. */
function mixedRecords(): string {
  const detail = runCli(['recommend', '--ndjson', '--detail'], { input: `${traitsText}{"rows": -1}\n` });
  expect(detail.status).toBe(1); // the bad line is an error record
  const compact = runCli(['recommend', '--ndjson'], {
    input: traitsText.split('\n').slice(0, 2).join('\n'),
  });
  return detail.stdout + compact.stdout;
}

/** The data embedded in a page. */
// biome-ignore lint/suspicious/noExplicitAny: the page's data is read field by field.
function pageData(html: string): any {
  const start = html.indexOf('<script type="application/json" id="qm-data">');
  const from = html.indexOf('>', start) + 1;
  return JSON.parse(html.slice(from, html.indexOf('</script>', from)));
}

describe('querymode report', () => {
  it('reads the questions of a --detail stream cut of its legend line (by grep) as with it', () => {
    const dir = tempDir();
    const detail = runCli(['recommend', '--ndjson', '--detail'], { input: traitsText });
    const [legend, ...lines] = detail.stdout.trimEnd().split('\n');
    expect(JSON.parse(legend ?? '{}').kind).toBe('legend');
    const questionsOf = (text: string) => {
      writeFileSync(join(dir, 'in.ndjson'), text);
      const r = runCli(['report', join(dir, 'in.ndjson'), '-o', join(dir, 'plan.html')]);
      expect(r.status).toBe(0);
      const data = pageData(readFileSync(join(dir, 'plan.html'), 'utf8'));
      return data.rows.map((row: { toEstablish: unknown; reach: { asks: unknown }[] }) => [
        row.toEstablish,
        row.reach.map((m) => m.asks),
      ]);
    };
    const whole = questionsOf(detail.stdout);
    expect(JSON.stringify(whole)).toContain('"query":');
    expect(questionsOf(`${lines.join('\n')}\n`)).toEqual(whole);
  });

  it('writes one page with a row per record, errors included, in input order', () => {
    const dir = tempDir();
    const input = join(dir, 'results.ndjson');
    const text = mixedRecords();
    writeFileSync(input, text);
    // The legend, the first line of the --detail records, is no row.
    const records = ndjsonRecords(text).filter((x) => x.kind !== 'legend');
    const r = runCli(['report', input, '-o', join(dir, 'plan.html')]);
    expect(r.stderr).toMatch(
      /^report: 12 records \(8 recommended, 2 needs facts, 1 none, 1 error\); wrote .*plan\.html \(\d+ KB\)\n$/,
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    const html = readFileSync(join(dir, 'plan.html'), 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const data = pageData(html);
    expect(data.title).toBe('Query-mode plan: results.ndjson');
    expect(data.rows.map((row: { n: number }) => row.n)).toEqual(records.map((_, i) => i + 1));
    expect(data.rows.map((row: { status: string }) => row.status)).toEqual(records.map((x) => x.status));
    expect(data.rows.map((row: { held: string }) => row.held)).toEqual([
      ...Array(9).fill('detail'),
      'error',
      'compact',
      'compact',
    ]);
    // Nothing that could load from a network: no src or href but the page's own anchors.
    expect(html).not.toMatch(/\s(src|href)="(?!#)/);
  });

  it('writes the page to stdout without -o, from stdin, with a title', () => {
    const r = runCli(['report', '--title', 'Shop <plan>'], { input: mixedRecords() });
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('<!doctype html>')).toBe(true);
    expect(r.stdout).toContain('<title>Shop &lt;plan&gt;</title>');
    expect(r.stderr).toContain('wrote stdout');
  });

  it('refuses input that is not records, with its line number, and writes nothing', () => {
    const dir = tempDir();
    const out = join(dir, 'plan.html');
    const records = mixedRecords().split('\n');
    const cases: { input: string; message: RegExp; exit: number }[] = [
      {
        input: traitsText,
        message: /line 1: it looks like table traits: run `querymode recommend --ndjson --detail`/,
        exit: 1,
      },
      {
        input: `${records[0]}\n${records[1]}\n{"line":3,"ok":tru\n`,
        message: /: line 3: not valid JSON at column 16/,
        exit: 1,
      },
      {
        input: `${records[0]}\n${JSON.stringify({ ...JSON.parse(records[1] as string), pipeline_id: 'p1' })}\n`,
        message:
          /: line 2: not a record of `querymode recommend --ndjson` \(see `querymode schema ndjson-record`\): Unrecognized key: "pipeline_id"/,
        exit: 1,
      },
      {
        input: `${records[0]}\n{"line":2,"ok":true,"status":"maybe"}\n`,
        message: /line 2: .*status/,
        exit: 1,
      },
      { input: `${records[0]}\n\n${records[1]}\n`, message: /line 2: empty line/, exit: 1 },
      { input: '[1]\n', message: /line 1: expected a JSON object/, exit: 1 },
      { input: '', message: /no records on stdin/, exit: 2 },
    ];
    for (const c of cases) {
      const r = runCli(['report', '-', '-o', out], { input: c.input });
      expect(r.stderr, c.input.slice(0, 60)).toMatch(c.message);
      expect(r.stderr).toMatch(/^querymode: .*\n$/);
      expect(r.status).toBe(c.exit);
      expect(existsSync(out)).toBe(false);
    }
    // Invalid UTF-8: the line and the byte.
    const bytes = Buffer.concat([
      Buffer.from(`${records[0]}\n{"line":2,"x":"`),
      Buffer.from([0xff]),
      Buffer.from('"}\n'),
    ]);
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(bad, bytes);
    const r = runCli(['report', bad, '-o', out]);
    expect(r.stderr).toMatch(
      /bad\.ndjson: line 2: not valid UTF-8 at byte 16 of the line: byte 0xff cannot appear in UTF-8; no page was written\n$/,
    );
    expect(r.status).toBe(1);
    expect(readdirSync(dir)).toEqual(['bad.ndjson']);
  });

  it('checks the -o target and the input file before any work (exit 2)', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    const records = join(dir, 'r.ndjson');
    writeFileSync(records, mixedRecords());
    const toDirectory = runCli(['report', records, '-o', join(dir, 'sub')]);
    expect(toDirectory.status).toBe(2);
    expect(toDirectory.stderr).toContain('it is a directory');
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const toFifo = runCli(['report', records, '-o', fifo]);
    expect(toFifo.status).toBe(2);
    expect(toFifo.stderr).toContain('named pipe (FIFO)');
    const missing = runCli(['report', join(dir, 'nope.ndjson'), '-o', join(dir, 'p.html')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`querymode: report input file not found: ${join(dir, 'nope.ndjson')}\n`);
    const directory = runCli(['report', join(dir, 'sub')]);
    expect(directory.status).toBe(2);
    expect(directory.stderr).toContain('is a directory, expected a file');
    expect(readdirSync(dir).sort()).toEqual(['fifo', 'r.ndjson', 'sub']);
  });
});

describe('querymode report with Salesforce objects beside tables', () => {
  it('shows each object as a row beside the tables, with its source', () => {
    const dir = tempDir();
    const sf = join(
      import.meta.dirname,
      '..',
      '..',
      'packages',
      'introspect',
      'test',
      'fixtures',
      'salesforce',
    );
    const objects = runCli([
      'inspect',
      '--describe',
      join(sf, 'org'),
      '--record-counts',
      join(sf, 'record-counts.json'),
    ]);
    expect(objects.status).toBe(0);
    const plan = runCli(['recommend', '--ndjson', '--detail'], { input: `${traitsText}${objects.stdout}` });
    const input = join(dir, 'plan.ndjson');
    writeFileSync(input, plan.stdout);
    const r = runCli(['report', input, '-o', join(dir, 'plan.html')]);
    expect(r.status).toBe(0);
    const data = pageData(readFileSync(join(dir, 'plan.html'), 'utf8'));
    const rows = data.rows as { table: string; source: string | null; status: string }[];
    const bySource = (source: string) => rows.filter((row) => row.source === source).map((row) => row.table);
    expect(bySource('salesforce')).toEqual(['Account', 'AccountHistory', 'Contact', 'LoginEvent']);
    expect(bySource('postgresql').length).toBeGreaterThan(0);
    // A record count gives no insert rate: full_load waits for it (the row limit over the horizon).
    expect(rows.find((row) => row.table === 'Account')?.status).toBe('needs_facts');
    expect(rows.find((row) => row.table === 'LoginEvent')?.status).toBe('none');
  });
});
