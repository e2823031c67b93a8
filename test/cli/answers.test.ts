/**
 * `--answers FILE`: facts for many tables at once, in JSON or YAML. An answer fills what a table's
 * record leaves unknown and turns an append-only table's full_load into incrementing; a fact the
 * record states stands over an answer and the record says so; every fact says where it came
 * from; a bad file is an error with its file and line, a hostile one (an alias bomb, duplicate
 * keys, deep nesting, a huge file) too; an entry that matches no table is an error.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detailRecords, ndjsonRecords, runCli, tempDir } from './run-cli.js';
import { EMBEDDED_TIMEOUT, sampleShopRecords } from './sample-shop.js';

const appendOnly = (table: string) => ({
  table,
  schema: 'shop',
  reader: 'querymode',
  source: 'postgresql',
  pipeline_mode: 'table',
  rows: 2_000_000,
  columns: [
    { name: 'id', type: 'bigint', nullable: false, primary_key: true, unique: true, auto_increment: true },
  ],
  changes: { inserts: 'yes', inserts_per_day: 40_000, observed_days: 2 },
});
const observed = {
  ...appendOnly('"shop"."audit"'),
  changes: {
    inserts: 'yes',
    inserts_per_day: 40_000,
    updates: 'yes',
    updates_per_day: 1_600,
    observed_days: 2,
  },
};

/** Writes `text` as `name` in a new folder and returns its path. */
function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

const ANSWERS = `# what the team knows
defaults:
  pipeline_mode: table
tables:
  "shop.*":
    changes:
      updates: no        # line 7
      deletes: no
  shop.ghost_*:
    rows: 5
`;

describe('recommend --answers', () => {
  it('turns the append-only tables into incrementing, keeps what the counters saw, and names every origin', () => {
    const answers = file('answers.yaml', ANSWERS.replace('  shop.ghost_*:\n    rows: 5\n', ''));
    const input = `${[appendOnly('"shop"."events"'), appendOnly('"shop"."clicks"'), observed].map((t) => JSON.stringify(t)).join('\n')}\n`;
    const before = ndjsonRecords(runCli(['recommend', '--ndjson'], { input }).stdout);
    expect(before.map((r) => r.mode)).toEqual(['full_load', 'full_load', 'full_load']);
    const r = runCli(['recommend', '--ndjson', '--detail', '--answers', answers], { input });
    expect(r.status, r.stderr).toBe(0);
    const [events, clicks, audit] = detailRecords(r.stdout).records;
    expect([events.mode, clicks.mode]).toEqual(['incrementing', 'incrementing']);
    expect(events.from_answers).toEqual({
      'changes.updates': `${answers}:7`,
      'changes.deletes': `${answers}:8`,
    });
    // Grouped by origin: a key stands for the facts under it that no other key names.
    expect(events.facts_from.catalog).toContain('rows');
    expect(events.facts_from.observed).toContain('changes.inserts_per_day');
    expect(events.facts_from[`${answers}:7`]).toEqual(['changes.updates']);
    expect(audit.mode).toBe('full_load');
    expect(audit.overruled).toEqual([
      `${answers}:7 says changes.updates: "no"; the database's counters show 3,200 updates over 2 days, which stands`,
    ]);
  });

  it('fails with the file and line of an entry that matches no table, after writing every record', () => {
    const answers = file('answers.yaml', ANSWERS);
    const r = runCli(['recommend', '--ndjson', '--answers', answers], {
      input: `${JSON.stringify(appendOnly('shop.events'))}\n`,
    });
    expect(r.status).toBe(1);
    expect(ndjsonRecords(r.stdout)).toHaveLength(1);
    expect(r.stderr).toContain(`${answers}:9: the glob "shop.ghost_*" matched no table of the input`);
  });

  it('answers one table too, with --json saying where each fact came from', () => {
    const answers = file(
      'answers.json',
      JSON.stringify({ tables: { 'shop.events': { changes: { updates: 'no' } } } }, null, 2),
    );
    const traits = file('t.json', JSON.stringify(appendOnly('shop.events')));
    const r = runCli(['recommend', '--traits', traits, '--frequency', '1h', '--answers', answers, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.chosen).toBe('incrementing');
    expect(out.facts_from).toMatchObject({
      replication_frequency_minutes: '--frequency',
      'changes.updates': `${answers}:5`,
      rows: 'catalog',
    });
    const human = runCli(['recommend', '--traits', traits, '--answers', answers]);
    expect(human.stdout).toContain(`From the answers file:\n  changes.updates (${answers}:5)`);
  });

  it('refuses a bad file with its file and line, whatever is wrong', () => {
    const cases: [string, string, string][] = [
      [
        'a.yaml',
        'tables:\n  t.a:\n    changes:\n      updats: no\n',
        ':4: in tables "t.a" `changes.updats`: unknown key',
      ],
      ['a.yaml', 'defaults:\n  source: postgress\n', ':2: in defaults `source`'],
      ['a.yaml', 'tables:\n  t.a:\n    rows: 1\n  t.a:\n    rows: 2\n', ':4:3: Map keys must be unique'],
      ['a.json', '{"tables": {"t.a": {}, "t.a": {}}}', 'the key "t.a" twice'],
      [
        'a.yaml',
        'tables:\n  t.a:\n    table: t.b\n',
        ':3: in tables "t.a" `tables["t.a"].table`: unknown key',
      ],
      ['a.yaml', 'tables: [1\n', 'a.yaml:'],
      ['a.yaml', '---\na: 1\n---\nb: 2\n', 'a.yaml:'],
    ];
    for (const [name, text, expected] of cases) {
      const path = file(name, text);
      const r = runCli(['recommend', '--rows', '5', '--answers', path]);
      expect(r.status, `${text}: ${r.stderr}`).toBe(1);
      expect(r.stderr, text).toContain(expected);
      expect(r.stdout).toBe('');
    }
  });

  it('refuses an alias bomb, deep nesting and a huge file before they cost memory, and shows hostile keys escaped', () => {
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++)
      laughs.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    laughs.push('tables: *i');
    const bomb = runCli([
      'recommend',
      '--rows',
      '5',
      '--answers',
      file('bomb.yaml', `${laughs.join('\n')}\n`),
    ]);
    expect(bomb.status).toBe(1);
    expect(bomb.stderr).toMatch(/alias/i);
    const deep = runCli([
      'recommend',
      '--rows',
      '5',
      '--answers',
      file('deep.yaml', `tables: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`),
    ]);
    expect(deep.status).toBe(1);
    expect(deep.stderr).toMatch(/deep/);
    const huge = runCli([
      'recommend',
      '--rows',
      '5',
      '--answers',
      file('huge.yaml', `# ${'x'.repeat(17 * 1024 * 1024)}\n`),
    ]);
    expect(huge.status).toBe(1);
    expect(huge.stderr).toContain('larger than 16 MiB');
    const hostile = runCli([
      'recommend',
      '--rows',
      '5',
      '--answers',
      file('h.yaml', 'tables:\n  "a\\"b\\n\\u202Ec":\n    rowz: 1\n'),
    ]);
    expect(hostile.status).toBe(1);
    expect(hostile.stderr).toContain('in tables "a\\"b\\n\\u202ec"');
    expect(hostile.stderr).not.toContain('\u202e');
  });
});

describe('--answers in estimate, demo and verify', () => {
  const SHOP = `defaults:
  pipeline_mode: table
tables:
  shop.orders:
    changes:
      updates: no
  "shop.page_*":
    replication_frequency_minutes: 60
`;

  it("a decimal's question asks its scale, and the answer settles it: 0 gives the mode, 2 rules the column out", () => {
    // order_no numeric, not an identity: timestamp+incrementing waits for whether it holds whole numbers.
    const traits = file(
      'orders.json',
      JSON.stringify({
        table: 'shop.orders',
        source: 'postgresql',
        rows: 10_000_000,
        rows_estimate: false,
        changes: { inserts: 'yes', updates: 'yes', deletes: 'no' },
        columns: [
          {
            name: 'order_no',
            type: 'numeric',
            unique: true,
            nullable: false,
            auto_increment: false,
            set_on_insert: true,
          },
          {
            name: 'updated_at',
            type: 'timestamptz',
            nullable: false,
            set_on_insert: true,
            set_on_update: true,
          },
        ],
      }),
    );
    const args = ['recommend', '--traits', traits, '--must-capture', 'updates', '--json'];
    const asked = JSON.parse(runCli(args).stdout);
    expect(asked).toMatchObject({ status: 'recommended', chosen: 'timestamp' });
    const waiting = asked.candidates.find((c: { mode: string }) => c.mode === 'timestamp+incrementing');
    expect(waiting.status).toBe('needs_facts');
    const [question] = waiting.toEstablish;
    expect(question).toMatchObject({ path: ['columns', 0, 'scale'] });
    expect(question.question).toContain(
      'keep to the right of the decimal point (its scale; 0: whole numbers only)',
    );
    const answer = (scale: number) =>
      file(
        'answers.yaml',
        `tables:\n  shop.orders:\n    columns:\n      - name: order_no\n        scale: ${scale}\n`,
      );
    const whole = JSON.parse(runCli([...args, '--answers', answer(0)]).stdout);
    expect(whole).toMatchObject({
      status: 'recommended',
      chosen: 'timestamp+incrementing',
      body: { config: { incrementing_column_name: 'order_no', timestamp_column_name: 'updated_at' } },
    });
    const fraction = JSON.parse(runCli([...args, '--answers', answer(2)]).stdout);
    expect(fraction).toMatchObject({ status: 'recommended', chosen: 'timestamp' });
    expect(
      fraction.candidates.find((c: { mode: string }) => c.mode === 'timestamp+incrementing').status,
    ).toBe('ineligible');
  });

  it('estimate fills what the flags leave unknown and says so', () => {
    const answers = file('a.yaml', 'tables:\n  t.a:\n    changes:\n      updates_per_day: 10\n');
    const r = runCli([
      'estimate',
      '--table',
      't.a',
      '--rows',
      '100',
      '--inserts-per-day',
      '5',
      '--answers',
      answers,
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`changes.updates_per_day (${answers}:4)`);
  });

  // Each starts the embedded sample shop (PGlite) once; the plan is made from the shared records.
  it(
    'demo shows what the answers filled and what the counters overruled',
    () => {
      const answers = file('answers.yaml', SHOP);
      const demo = runCli(['demo', '--answers', answers]);
      expect(demo.status, demo.stderr).toBe(0);
      expect(demo.stdout).toContain(`answered: pipeline_mode (${answers}:2)`);
      expect(demo.stdout).toContain(
        `overruled: ${answers}:6 says changes.updates: "no"; the database's counters show updates, which stands`,
      );
    },
    EMBEDDED_TIMEOUT,
  );

  it(
    'verify of a plan made with the answers, given them again, holds',
    () => {
      const dir = tempDir();
      const answers = join(dir, 'answers.yaml');
      writeFileSync(answers, SHOP);
      const plan = runCli(['recommend', '--ndjson', '--detail', '--answers', answers], {
        input: sampleShopRecords(),
      });
      expect(plan.status, plan.stderr).toBe(0);
      const records = ndjsonRecords(plan.stdout);
      expect(records.find((r) => r.table === 'shop.page_views')?.from_answers).toEqual({
        replication_frequency_minutes: `${answers}:8`,
        pipeline_mode: `${answers}:2`,
      });
      const planFile = join(dir, 'plan.ndjson');
      writeFileSync(planFile, plan.stdout);
      const verify = runCli(['verify', planFile, '--sample-shop', '--answers', answers]);
      expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    },
    EMBEDDED_TIMEOUT,
  );
});
