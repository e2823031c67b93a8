/**
 * `querymode report` on the records of `querymode verify --ndjson`: the verify view, with each
 * table's verdict beside its planned mode, broken and unverified first, names escaped; and a
 * file that mixes verify and recommend records refused as a usage error.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type VerifyRecord, verifyRecordSchema } from '@querymode/core/schemas';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

const HOSTILE = 'app.<img src=x onerror=alert(1)>"q" \\ $$ ;\n-- x\u202e';

const record = (
  table: string,
  verdict: VerifyRecord['verdict'],
  extra: Readonly<Record<string, unknown>> = {},
): VerifyRecord =>
  verifyRecordSchema.parse({
    table,
    verdict,
    line: verdict === 'new' ? null : 1,
    mode: verdict === 'new' ? null : 'timestamp',
    body: null,
    findings: [],
    recommendation: null,
    planned_events: null,
    declared: [],
    ...extra,
  });

const finding = (message: string, remedy?: string) => ({
  rule: 'timestamp-column-maintained',
  check: 'column',
  strength: 'hard',
  verdict: 'no',
  severity: 'error',
  path: ['columns', 'updated_at'],
  message,
  ...(remedy === undefined ? {} : { remedy }),
  source: 'spec',
  basis: 'the timestamp column must change on every update',
});

/** One record of each verdict, the broken one for the hostile table, holds first in the input. */
const RECORDS: VerifyRecord[] = [
  record('app.orders', 'holds'),
  record('app.ledger', 'unverified', {
    findings: [
      { ...finding('Whether `ref` is unique is not known.'), verdict: 'unknown', severity: 'warning' },
    ],
  }),
  record(HOSTILE, 'broken', {
    body: { config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } },
    findings: [
      {
        ...finding('The timestamp column `updated_at` is nullable now.', 'Make `updated_at` NOT NULL.'),
        change: { path: ['columns', 'updated_at', 'nullable'], before: false, after: true },
      },
    ],
  }),
  record('app.audit', 'new', {
    recommendation: {
      status: 'recommended',
      mode: 'incrementing',
      body: { config: { mode: 'incrementing', incrementing_column_name: 'id <i>"q"\u202e' } },
      events: 300,
    },
  }),
  record('app.tmp', 'gone'),
  record('app.big', 'better', {
    mode: 'full_load',
    body: { config: { mode: 'full_load' } },
    recommendation: {
      status: 'recommended',
      mode: 'unique_incrementing',
      body: { config: { mode: 'unique_incrementing', unique_column_name: 'seq' } },
      events: 600,
    },
    planned_events: 480_000_000,
  }),
];

describe('querymode report on verify records', () => {
  it('shows each verdict beside its planned mode, broken and unverified first, names escaped', () => {
    const dir = tempDir();
    const input = join(dir, 'verify.ndjson');
    writeFileSync(input, RECORDS.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const r = runCli(['report', input, '-o', join(dir, 'verify.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^report: 6 verify records \(1 broken, 1 unverified, 1 new, 1 gone, 1 better, 1 holds\); wrote .*verify\.html \(\d+ KB\)\n$/,
    );
    const html = readFileSync(join(dir, 'verify.html'), 'utf8');
    expect(html).toContain('<title>Query-mode verification: verify.ndjson</title>');
    const rows = [...html.matchAll(/<tr data-verdict="([a-z]+)"><th scope="row"><code>(.*?)<\/code>/g)];
    expect(rows.map((m) => m[1])).toEqual(['broken', 'unverified', 'new', 'gone', 'better', 'holds']);
    expect(rows.map((m) => m[2])).toEqual([
      'app.&lt;img src=x onerror=alert(1)&gt;&quot;q&quot; \\\\ $$ ;\\n-- x\\u202e',
      'app.ledger',
      'app.audit',
      'app.tmp',
      'app.big',
      'app.orders',
    ]);
    // The broken table's finding: its message, the fact before and after, and the remedy.
    expect(html).toContain('The timestamp column <code>updated_at</code> is nullable now.');
    expect(html).toContain(
      '<code>columns.updated_at.nullable</code>: was <code>false</code>, now <code>true</code>',
    );
    expect(html).toContain('Remedy: Make <code>updated_at</code> NOT NULL.');
    // The planned body beside the planned mode; for new and better, the fresh recommendation.
    expect(html).toContain(
      '<td><code>timestamp</code><br><code class="qm-config">{&quot;mode&quot;:&quot;timestamp&quot;,&quot;timestamp_column_name&quot;:&quot;updated_at&quot;}</code></td>',
    );
    expect(html).toMatch(
      /<tr data-verdict="better">.*?<td><code>full_load<\/code><br><code class="qm-config">\{&quot;mode&quot;:&quot;full_load&quot;\}<\/code><\/td><td>Recommended now: <code>unique_incrementing<\/code> <code class="qm-config">.*?seq.*?<\/code>; 600 billed events over the span, against 480,000,000 for the planned mode\.<\/td>/,
    );
    expect(html).toMatch(
      /<tr data-verdict="new">.*?<td><\/td><td>Recommended now: <code>incrementing<\/code> <code class="qm-config">\{.*?id &lt;i&gt;\\&quot;q\\&quot;\\u202e&quot;\}<\/code>; 300 billed events over the span\.<\/td>/,
    );
    // Nothing raw: no tag from the name, no bidi control, no network and no script.
    expect(html).not.toContain('<img');
    expect(html).not.toContain('\u202e');
    expect(html).not.toMatch(/<script/);
    expect(html).toContain("script-src 'none'");
  });

  it('shows what a migration broke, from a live `verify --ndjson` on the embedded PostgreSQL', () => {
    const dir = tempDir();
    cpSync(join(import.meta.dirname, '..', '..', 'examples', 'ci', 'project'), dir, { recursive: true });
    writeFileSync(
      join(dir, 'db', 'migrations', '003_break.sql'),
      'DROP TRIGGER touch ON app.orders;\nDROP TABLE app.order_events;\nCREATE TABLE app."<b>x</b> ""q"" \\ $$" (id int PRIMARY KEY);\n',
    );
    const verified = runCli([
      'verify',
      join(dir, 'querymode-plan.ndjson'),
      '--sql',
      join(dir, 'db', 'migrations'),
      '--ndjson',
    ]);
    expect(verified.status, verified.stderr).toBe(1);
    const r = runCli(['report', '-', '-o', join(dir, 'verify.html')], { input: verified.stdout });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^report: 5 verify records \(1 broken, 0 unverified, 1 new, 1 gone, 0 better, 2 holds\)/,
    );
    const html = readFileSync(join(dir, 'verify.html'), 'utf8');
    const rows = [...html.matchAll(/<tr data-verdict="([a-z]+)"><th scope="row"><code>(.*?)<\/code>/g)];
    expect(rows.map((m) => `${m[1]} ${m[2]}`)).toEqual([
      'broken app.orders',
      'new app.&quot;&lt;b&gt;x&lt;/b&gt; &quot;&quot;q&quot;&quot; \\\\ $$&quot;',
      'gone app.order_events',
      'holds app.customers',
      'holds app.payments',
    ]);
    expect(html).toContain(
      '<code>columns.updated_at.set_on_update</code>: was <code>true</code>, now <code>false</code>',
    );
    expect(html).not.toContain('<b>x');
  }, 60_000);

  it('refuses a file that mixes verify and recommend records, and writes no page', () => {
    const dir = tempDir();
    const recommended = runCli(['recommend', '--ndjson'], {
      input: readFileSync(
        join(import.meta.dirname, '..', '..', 'examples', 'report', 'tables.ndjson'),
        'utf8',
      )
        .split('\n')
        .slice(0, 1)
        .join('\n'),
    });
    expect(recommended.status, recommended.stderr).toBe(0);
    const input = join(dir, 'mixed.ndjson');
    writeFileSync(input, `${JSON.stringify(RECORDS[0])}\n${recommended.stdout}`);
    const r = runCli(['report', input, '-o', join(dir, 'mixed.html')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'line 2 is a record of `querymode recommend` but line 1 is one of `querymode verify`',
    );
    expect(() => readFileSync(join(dir, 'mixed.html'))).toThrow();
  });

  it('refuses a verify record that does not hold to its schema, with its line', () => {
    const dir = tempDir();
    const input = join(dir, 'bad.ndjson');
    writeFileSync(input, `${JSON.stringify({ ...RECORDS[0], verdict: 'fine' })}\n`);
    const r = runCli(['report', input, '-o', join(dir, 'bad.html')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('line 1: not a record of `querymode verify --ndjson`');
  });
});
