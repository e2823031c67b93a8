/**
 * What the CLI prints from the advisor: verdicts first, exit codes by status, SQL only in the
 * source's dialect, shapes held to the output schemas that `querymode schema` prints.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  estimateOutputSchema,
  ndjsonRecordSchema,
  planOutputSchema,
  recommendationOutputSchema,
} from '@querymode/core/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const IDENTITY_ONLY = [
  '--rows',
  '10000000',
  '--column',
  'id:bigint:unique:auto-increment',
  '--inserts',
  'yes',
  '--updates',
  'yes',
];
const ORDERS = [
  '--table',
  'shop.orders',
  '--source',
  'postgresql',
  '--rows',
  '1200000',
  '--column',
  'id:bigint:primary-key:auto-increment',
  '--column',
  'updated_at:timestamp:not-null:auto-update',
  '--inserts',
  'yes',
  '--updates',
  'yes',
  '--inserts-per-day',
  '20000',
  '--updates-per-day',
  '5000',
];

const SQL_SERVER = /CHANGE_TRACKING|sys\.change_tracking|SYSUTCDATETIME/;

describe('querymode recommend: the verdict first, and an exit code per status', () => {
  it('a table whose prerequisites are unknown needs facts, listed with their questions (exit 1)', () => {
    const r = runCli(['recommend', ...IDENTITY_ONLY]);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(
      'needs facts: no mode can be recommended until these facts are established',
    );
    expect(r.stdout).toContain('- Is change tracking enabled on the table?');
    const j = JSON.parse(runCli(['recommend', ...IDENTITY_ONLY, '--json']).stdout);
    expect(j).toMatchObject({ status: 'needs_facts', chosen: null, best: 'change_tracking' });
  });

  it('the same table on PostgreSQL: none (exit 1), and no SQL Server statement anywhere', () => {
    const args = ['recommend', ...IDENTITY_ONLY, '--source', 'postgresql', '--table', 'public.events'];
    const r = runCli(args);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[1]).toBe('none: no mode can be recommended for this table as it is');
    expect(r.stdout).toContain('PostgreSQL has no change-tracking feature');
    expect(r.stdout).toContain(
      'ALTER TABLE "public"."events" ADD COLUMN IF NOT EXISTS "updated_at" timestamptz',
    );
    expect(r.stdout).not.toMatch(SQL_SERVER);
    expect(runCli([...args, '--json']).stdout).not.toMatch(SQL_SERVER);
  });

  it('a recommended mode exits 0, and says "not described" rather than "misses" for change_tracking', () => {
    expect(runCli(['recommend', ...ORDERS]).status).toBe(0);
    const ct = runCli([
      'recommend',
      '--source',
      'sqlserver',
      '--rows',
      '10000000',
      '--column',
      'order_id:int:primary-key:auto-increment',
      '--inserts',
      'yes',
      '--updates',
      'yes',
      '--ct-database',
      'on',
      '--ct-table',
      'on',
      '--retention',
      '2d',
      '--frequency',
      '15m',
    ]);
    expect(ct.status).toBe(0);
    expect(ct.stdout).toContain('recommended: change_tracking');
    expect(ct.stdout).toMatch(/not described by the service's documentation/);
    expect(ct.stdout.split('Other modes:')[0]).not.toMatch(/misses inserts/);
  });

  it('keeps the verdict of traits too large to estimate, without a number, never "Infinity"', () => {
    const r = runCli(['recommend', ...ORDERS.slice(0, -2), '--updates-per-day', '1e308']);
    expect(r.status).toBe(0);
    // Reading the whole table bills fewer events than 1e308 updates a day: no break-even is claimed.
    expect(r.stdout).toContain('recommended: full_load');
    expect(r.stdout + r.stderr).not.toContain('Infinity');
    const j = JSON.parse(
      runCli(['recommend', ...ORDERS.slice(0, -2), '--updates-per-day', '1e308', '--json']).stdout,
    );
    const ti = j.candidates.find((c: { mode: string }) => c.mode === 'timestamp+incrementing');
    expect(ti.events.billed).toBeNull();
    expect(ti.events.unknown.join(' ')).toContain('too large to count exactly');
  });
});

describe('querymode estimate', () => {
  it("reproduces the service's worked example with --run: full_load 105 + 105 = 210", () => {
    const r = runCli([
      'estimate',
      '--rows',
      '100',
      '--frequency',
      '6h',
      '--pipeline-mode',
      'table',
      '--mode',
      'full_load',
      '--mode',
      'unique_incrementing',
      '--run',
      'inserts=5,updates=4',
      '--run',
      'none',
      '--json',
    ]);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(
      j.estimates.map((e: { mode: string; billed: number; perRun: number[] }) => [
        e.mode,
        e.perRun,
        e.billed,
      ]),
    ).toEqual([
      ['full_load', [105, 105], 210],
      ['unique_incrementing', [5, 0], 5],
    ]);
  });

  it('prints the notes shared by every mode once, not under every mode', () => {
    const r = runCli(['estimate', '--rows', '2000000', '--inserts-per-day', '100', '--updates', 'no']);
    expect(r.stdout.match(/Billed events are incremental/g)).toHaveLength(1);
    expect(r.stdout.match(/not billed/g)?.length).toBe(1);
  });

  it('follows --frequency: full_load at 24 hours loads a quarter as often as at 1 hour', () => {
    const at = (f: string) =>
      JSON.parse(
        runCli([
          'estimate',
          '--rows',
          '1000',
          '--inserts',
          'no',
          '--frequency',
          f,
          '--mode',
          'full_load',
          '--json',
        ]).stdout,
      ).estimates[0].billed;
    expect([at('1h'), at('6h'), at('24h')]).toEqual([120_000, 120_000, 30_000]);
  });
});

describe('querymode explain', () => {
  it('aligns its field columns and never says "Why required: Required"', () => {
    const r = runCli(['explain', 'change_tracking']);
    expect(r.stdout).not.toMatch(/Why (required|optional)/i);
    const lines = r.stdout.split('\n');
    const header = lines.findIndex((l) => l.trim().startsWith('field'));
    const rows = lines.slice(header, header + 5).filter((l) => l.trim() !== '');
    for (const name of ['documented', 'strict profile']) {
      const column = (rows[0] ?? '').indexOf(name);
      expect(column).toBeGreaterThan(0);
      for (const row of rows.slice(2)) expect(row.slice(column - 1, column)).toBe(' ');
    }
    // Both presences: what the service's documentation says, and querymode's strict profile.
    expect(r.stdout).toMatch(/historical_enabled\s+not stated\s+required\s/);
  });

  it('says why a rule of the mode has no check of its own', () => {
    const r = runCli(['explain', 'incrementing']);
    expect(r.stdout).toMatch(
      /incrementing\.updates_not_seen: .*\n.*\n\s+No check of its own: The service's table of what each mode captures says `updates: no`/,
    );
    const j = JSON.parse(runCli(['explain', 'incrementing', '--json']).stdout);
    expect(j.unchecked).toContainEqual({
      rule: 'incrementing.updates_not_seen',
      why: expect.stringMatching(/capture safety/),
    });
  });

  it('for PostgreSQL, says the source has no change-tracking feature, with no SQL Server statement', () => {
    const r = runCli(['explain', 'change_tracking', '--source', 'postgresql']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('PostgreSQL has no such feature');
    expect(r.stdout).not.toMatch(SQL_SERVER);
    expect(r.stdout).not.toContain('SQL for postgresql');
    expect(runCli(['explain', 'change_tracking', '--source', 'sqlserver']).stdout).toContain(
      'ENABLE CHANGE_TRACKING',
    );
  });
});

describe('output shapes: every JSON result and NDJSON record has its schema, and a status', () => {
  it('recommend --json', () => {
    for (const args of [ORDERS, IDENTITY_ONLY, [...IDENTITY_ONLY, '--source', 'postgresql']]) {
      const j = JSON.parse(runCli(['recommend', ...args, '--json']).stdout);
      const parsed = recommendationOutputSchema.safeParse(j);
      expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
      expect(['recommended', 'needs_facts', 'none']).toContain(j.status);
    }
  });

  it('recommend --ndjson records, ok and error, compact, with --reasons and with --detail', () => {
    const input = [
      JSON.stringify({ table: 'a', rows: 10, changes: { inserts_per_day: 5 } }),
      JSON.stringify({ rows: 10_000_000, changes: { inserts: 'yes' } }),
      '{"rows":',
      JSON.stringify({ rows: -1 }),
      JSON.stringify({ rows: 10, changes: { inserts_per_day: 1e308 } }),
    ].join('\n');
    for (const flags of [[], ['--reasons'], ['--detail']]) {
      const r = runCli(['recommend', '--ndjson', ...flags], { input });
      const lines = r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      // `--detail` starts with its legend, the texts its records cite by key.
      if (flags[0] === '--detail') expect(lines.shift()?.kind).toBe('legend');
      const records = lines;
      expect(records).toHaveLength(5);
      for (const record of records) {
        const parsed = ndjsonRecordSchema.safeParse(record);
        expect(
          parsed.success,
          `${JSON.stringify(record)}: ${JSON.stringify(parsed.error?.issues.slice(0, 2))}`,
        ).toBe(true);
      }
      // An estimate too large to count leaves a verdict, not an error (that growth takes the table
      // past full_load's row limit on day 1; the other modes wait for their columns).
      expect(records.map((x) => x.status)).toEqual([
        'recommended',
        'needs_facts',
        'error',
        'error',
        'needs_facts',
      ]);
    }
  });

  it('estimate --json and plan --json', () => {
    const e = JSON.parse(runCli(['estimate', ...ORDERS, '--json']).stdout);
    expect(estimateOutputSchema.safeParse(e).success).toBe(true);
    expect(e.status).toBe('partial');
    // Where each fact came from, as recommend --json says it (one definition): flags, a traits file, answers.
    const r = JSON.parse(runCli(['recommend', ...ORDERS, '--json']).stdout);
    expect(e.facts_from).toEqual(r.facts_from);
    expect(e.facts_from).toMatchObject({ rows: '--rows', 'changes.inserts_per_day': '--inserts-per-day' });
    const answers = join(dir, 'answers.json');
    writeFileSync(answers, '{\n  "defaults": { "changes": { "deletes": "no", "updates": "no" } }\n}\n');
    const traits = JSON.stringify({ table: 's.t', rows: 10, changes: { updates: 'yes' } });
    const run = (command: string) =>
      JSON.parse(
        runCli([command, '--traits', '-', '--answers', answers, '--json'], { input: traits }).stdout,
      );
    const [fromFile, recommended] = [run('estimate'), run('recommend')];
    expect(estimateOutputSchema.safeParse(fromFile).success).toBe(true);
    expect(fromFile.facts_from).toEqual(recommended.facts_from);
    expect(fromFile.facts_from).toMatchObject({
      rows: 'traits file stdin',
      'changes.deletes': `${answers}:2`,
    });
    expect(fromFile.overruled).toEqual(recommended.overruled);
    expect(fromFile.overruled).toHaveLength(1);
    const p = JSON.parse(
      runCli(['plan', '--from', 'full_load', '--to', 'timestamp+incrementing', ...ORDERS, '--json']).stdout,
    );
    const parsed = planOutputSchema.safeParse(p);
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
  });

  it('querymode schema prints each shape as JSON Schema', () => {
    for (const kind of ['recommendation', 'ndjson-record', 'estimate', 'plan']) {
      const r = runCli(['schema', kind]);
      expect(r.status, kind).toBe(0);
      const schema = JSON.parse(r.stdout);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });
});
