/**
 * The questions workflow on a real PostgreSQL schema: `recommend --ndjson --questions FILE` writes
 * every open question of the plan as an answers file; read back unchanged it answers nothing;
 * filled in as a user would (`unknown` replaced in the text), `recommend --answers` turns the
 * append-only tables into the cheaper mode their answers allow, and `verify` of that plan, with
 * the same answers, holds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshName, PG_READER_URL, withPostgres } from '../../packages/introspect/test/support/servers.js';
import { IDENTITY_KEY, questionsPlanLines } from '../../scripts/questions-plan.js';
import { detailRecords, ndjsonRecords, runCli, tempDir } from './run-cli.js';

describe('recommend --questions, filled in, then --answers and verify (PostgreSQL)', () => {
  const schema = freshName('qm_t');
  const s = `"${schema}"`;
  const dir = tempDir();
  beforeAll(() =>
    withPostgres((c) =>
      c.query(`CREATE SCHEMA ${s};
CREATE TABLE ${s}.events (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, payload text, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE ${s}."Odd ""Log""\\$$" (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text);
CREATE TABLE ${s}.orders (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, status text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());
CREATE FUNCTION ${s}.touch() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN NEW.updated_at := now(); RETURN NEW; END $f$;
CREATE TRIGGER touch BEFORE UPDATE ON ${s}.orders FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
INSERT INTO ${s}.events (payload) SELECT 'x' FROM generate_series(1, 200);
INSERT INTO ${s}."Odd ""Log""\\$$" (note) SELECT 'y' FROM generate_series(1, 50);
INSERT INTO ${s}.orders (status) SELECT 'new' FROM generate_series(1, 100);
ANALYZE ${s}.events; ANALYZE ${s}."Odd ""Log""\\$$"; ANALYZE ${s}.orders;
GRANT USAGE ON SCHEMA ${s} TO qm_reader; GRANT SELECT ON ALL TABLES IN SCHEMA ${s} TO qm_reader;`),
    ),
  );
  afterAll(() => withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`)));

  it('turns the answered tables into the cheaper modes, and verify of that plan holds', () => {
    const tables = runCli(['inspect', PG_READER_URL, '--schema', schema]);
    expect(tables.status, tables.stderr).toBe(0);
    // The catalog's counters have no window on a fresh server: the team adds the insert rates it
    // knows from its own monitoring, as a user edits a traits file.
    const known = ndjsonRecords(tables.stdout).map((t) =>
      JSON.stringify({
        ...t,
        rows: 2_000_000,
        changes: { ...t.changes, inserts: 'yes', inserts_per_day: 40_000 },
      }),
    );
    const input = join(dir, 'tables.ndjson');
    writeFileSync(input, `${known.join('\n')}\n`);
    const questions = join(dir, 'answers.yaml');

    const before = runCli(['recommend', '--ndjson', input, '--questions', questions]);
    expect(before.status, before.stderr).toBe(0);
    expect(before.stderr).toMatch(
      /recommend: \d+ open questions? \(asked \d+ times? over 3 tables\); wrote /,
    );
    const text = readFileSync(questions, 'utf8');
    // Each table that asks has its own entry (the schema holds a table that asks nothing), with
    // its query naming its schema and table, quoted for PostgreSQL.
    expect(text).toContain(
      `  "${schema}.events":\n    changes:\n      # 1. Does the table get updates, and how many a day?\n`,
    );
    expect(text).toContain(`WHERE s.relid = '"${schema}"."events"'::regclass`);
    expect(text).toContain(`WHERE s.relid = E'"${schema}"."Odd ""Log""\\\\$$"'::regclass`);
    expect(text).not.toContain('orders');
    const plain = ndjsonRecords(before.stdout);
    const planned = (part: string) => plain.find((r) => r.table.includes(part));
    expect([planned('events')?.mode, planned('Odd')?.mode]).toEqual(['full_load', 'full_load']);

    // Unchanged, the file answers nothing: the same records, and no entry left unmatched.
    const unchanged = runCli(['recommend', '--ndjson', input, '--answers', questions]);
    expect(unchanged.status, unchanged.stderr).toBe(0);
    expect(unchanged.stdout).toBe(before.stdout);

    // As a user would: these tables are append-only.
    const filled = join(dir, 'filled.yaml');
    writeFileSync(filled, text.replaceAll('updates: unknown', 'updates: no'));
    const after = runCli(['recommend', '--ndjson', input, '--detail', '--answers', filled]);
    expect(after.status, after.stderr).toBe(0);
    const { records } = detailRecords(after.stdout);
    const byTable = (part: string) => records.find((r) => r.table.includes(part));
    expect(byTable('events')?.mode).toBe('incrementing');
    expect(byTable('Odd')?.mode).toBe('incrementing');
    expect(byTable('events')?.from_answers).toEqual({
      'changes.updates': expect.stringMatching(/filled\.yaml:\d+$/),
    });
    expect(byTable('events')?.events).toBeLessThan(planned('events')?.events);
    expect(byTable('orders')?.mode).toBe(planned('orders')?.mode);

    const plan = join(dir, 'plan.ndjson');
    writeFileSync(plan, after.stdout);
    const verify = runCli(['verify', plan, PG_READER_URL, '--schema', schema, '--answers', filled]);
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout.split('\n')[0]).toBe('verify: holds: every planned table holds');
  }, 180_000);
});

describe('recommend --questions', () => {
  const lines = `${[...questionsPlanLines(300, 5)].join('\n')}\n`;

  it('writes the same file from worker threads, to stdout with -, and refuses a target it cannot write before reading', () => {
    const dir = tempDir();
    const input = join(dir, 'plan.ndjson');
    writeFileSync(input, lines);
    const one = join(dir, 'one.yaml');
    const three = join(dir, 'three.yaml');
    const a = runCli(['recommend', '--ndjson', input, '--threads', '1', '--questions', one]);
    expect(a.status, a.stderr).toBe(0);
    const b = runCli(['recommend', '--ndjson', input, '--threads', '3', '--questions', three], {
      env: { QUERYMODE_THREADS_AFTER_LINES: '0' },
    });
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const text = readFileSync(one, 'utf8');
    expect(readFileSync(three, 'utf8')).toBe(text);
    // A third of the plan's tables ask each question, all of one schema: one glob each.
    expect(text).toContain('  "events.*":\n');
    expect(text).toContain('  "legacy.*":\n');
    expect(text).toMatch(
      /# \d\. Does the table get updates, and how many a day\?\n {6}# {4}100 tables; may save up to [\d,]+ billed events over 30d/,
    );

    const stdout = runCli(['recommend', '--ndjson', input, '--questions', '-']);
    expect(stdout.status, stdout.stderr).toBe(0);
    expect(stdout.stdout).toBe(text);

    const refused = runCli(['recommend', '--ndjson', join(dir, 'missing.ndjson'), '--questions', dir]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(
      `querymode: refusing to write --questions ${dir}: it is a directory; give the path of a file inside it\n`,
    );
    const alone = runCli(['recommend', '--rows', '5', '--questions', one]);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('--questions goes with --ndjson');
  }, 120_000);
});

describe("recommend --questions: the facts a table's best mode waits for", () => {
  /** An append-only table with an identity key whose updates are not known. */
  const append = (table: string, rows: number) =>
    JSON.stringify({
      table,
      source: 'postgresql',
      pipeline_mode: 'table',
      rows,
      columns: [IDENTITY_KEY],
      changes: { inserts: 'yes', inserts_per_day: 1_000, deletes: 'no' },
    });
  // Small tables: full_load is recommended, incrementing within reach asks "updates?". Over the
  // 5,000,000-row limit: nothing is recommended until "updates?" is answered (needs_facts).
  const lines = `${[
    append('small.a', 100_000),
    append('small.b', 200_000),
    append('big.a', 30_000_000),
    append('big.b', 40_000_000),
    append('big.c', 50_000_000),
  ].join('\n')}\n`;

  it('are open questions, grouped with the same question of other tables, the same from --detail records and in the report', () => {
    const dir = tempDir();
    const input = join(dir, 'plan.ndjson');
    writeFileSync(input, lines);
    const compact = runCli(['recommend', '--ndjson', input, '--questions', '-']);
    expect(compact.status, compact.stderr).toBe(0);
    const text = compact.stdout;
    // One group for the five tables: two save events, three have no recommendation until it is answered.
    expect(text).toContain('1 question, the most billed events saved first.');
    expect(text).toMatch(
      /# 1\. Does the table get updates, and how many a day\?\n {4}# {4}5 tables; may save up to [\d,]+ billed events over 30d; 3 tables have no recommendation until it is answered \(its best mode waits for it; answering saves nothing against that mode\); unlocks incrementing/,
    );
    expect(text).toContain(
      "# A question a table's best mode waits for (nothing is recommended until it is answered)",
    );
    expect(text).toContain('defaults:\n');

    const detail = runCli(['recommend', '--ndjson', input, '--detail', '--questions', '-']);
    expect(detail.status, detail.stderr).toBe(0);
    expect(detail.stdout).toBe(text);

    // The report's view from the --detail records: the same group.
    const records = join(dir, 'records.ndjson');
    const plan = runCli(['recommend', '--ndjson', input, '--detail']);
    writeFileSync(records, plan.stdout);
    const page = join(dir, 'report.html');
    const report = runCli(['report', records, '-o', page]);
    expect(report.status, report.stderr).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toMatch(
      /Does the table get updates, and how many a day\?.*<span class="qm-num">5<\/span>.*<span class="qm-num">3<\/span> tables have no recommendation until it is answered/s,
    );

    // Answered no, the big tables get incrementing and the small ones too.
    const answers = join(dir, 'answers.yaml');
    writeFileSync(answers, text.replace('updates: unknown', 'updates: no'));
    const answered = runCli(['recommend', '--ndjson', input, '--answers', answers]);
    expect(answered.status, answered.stderr).toBe(0);
    expect(ndjsonRecords(answered.stdout).map((r) => [r.table, r.status, r.mode])).toEqual([
      ['small.a', 'recommended', 'incrementing'],
      ['small.b', 'recommended', 'incrementing'],
      ['big.a', 'recommended', 'incrementing'],
      ['big.b', 'recommended', 'incrementing'],
      ['big.c', 'recommended', 'incrementing'],
    ]);
  }, 120_000);
});
