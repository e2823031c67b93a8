/**
 * The open questions of a plan (`recommend --ndjson --questions`, the report's "Questions that
 * save the most"): the same question of many tables is one group, ranked by the events its
 * answers may save; the answers file puts a question every table asks in `defaults`, one every
 * table of a schema asks in that schema's glob, any other in each table's entry; read back by the
 * CLI's own reader unchanged, it is valid and answers nothing, whatever the names hold.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  answerer,
  chooseModeWithReach,
  QuestionTally,
  questionsFileParts,
  recommend,
  recommendRecord,
  recordQuestions,
  type TableQuestions,
  type TableTraits,
  type TallyPart,
  tableQuestions,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traitsLines } from '../../../bench/lib/traits-gen.js';
import { IDENTITY_KEY as ID, questionsPlanLines } from '../../../scripts/questions-plan.js';
import { growingTable } from '../../../test/support/growing-table.js';
import { HOSTILE_RUNS, hostileName } from '../../../test/support/hostile-names.js';
import { readAnswersFile } from '../src/answers/read-file.js';
import { recommendHandlers } from '../src/commands/recommend/line.js';
import { runBatch } from '../src/ndjson/batch.js';

/** An append-only table whose updates are not known: incrementing waits for "does it get updates?". */
const appendOnly = (table: string): TableTraits => ({
  table,
  source: 'postgresql',
  pipeline_mode: 'table',
  rows: 1_000_000,
  columns: [ID],
  changes: { inserts: 'yes', inserts_per_day: 1_000 },
});

/** A table whose source is not given: timestamp+incrementing waits for it (`timestamp` is a row version on SQL Server). */
const sourceless = (table: string, column = 'modified'): TableTraits => ({
  table,
  pipeline_mode: 'table',
  rows: 1_000_000,
  columns: [ID, { name: column, type: 'timestamp', nullable: false, set_on_update: true }],
  changes: { inserts: 'yes', updates: 'yes', inserts_per_day: 1_000, updates_per_day: 100 },
});

/** The tally of a plan of `tables`. */
function tallyOf(tables: readonly TableTraits[]): QuestionTally {
  const tally = new QuestionTally();
  for (const t of tables) {
    const r = recommend(t);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    tally.add(tableQuestions(t.table ?? null, t, r.value.withinReach));
  }
  return tally;
}

/** Writes the file and reads it back with the CLI's reader; the facts each table's record gets from it. */
function readBack(text: string, tables: readonly TableTraits[]) {
  const path = join(mkdtempSync(join(tmpdir(), 'qm-questions-')), 'answers.yaml');
  writeFileSync(path, text);
  const { layers } = readAnswersFile(path);
  const answer = answerer(layers);
  const matched = new Set<number>();
  const filled = tables.map((t) => {
    const a = answer(t, 'input');
    for (const i of a.matched) matched.add(i);
    return { filled: a.filled, same: JSON.stringify(a.traits) === JSON.stringify(t) };
  });
  return { layers, filled, unmatched: layers.tables.filter((_, i) => !matched.has(i)).map((t) => t.pattern) };
}

describe('the open questions of a plan', () => {
  it("chooseModeWithReach gives recommend's cheaper modes within reach exactly, on generated tables", () => {
    const lines = [...traitsLines(600, 7), ...questionsPlanLines(150, 3)];
    let reached = 0;
    for (const options of [{}, { mustCapture: ['inserts' as const] }, { unknownEvents: 'last' as const }])
      for (const line of lines) {
        const traits = JSON.parse(line) as TableTraits;
        const full = recommend(traits, options);
        const lean = chooseModeWithReach(traits, options);
        expect(lean.ok).toBe(full.ok);
        if (!full.ok || !lean.ok) continue;
        expect(lean.value.reach).toEqual(full.value.withinReach);
        if (lean.value.reach.modes.length > 0) reached++;
      }
    expect(reached).toBeGreaterThan(150);
  }, 180_000);

  it('asks each question once for every table that asks it, the most events saved first', () => {
    const tally = tallyOf([
      appendOnly('events.a'),
      appendOnly('events.b'),
      appendOnly('"Events"."C"'),
      sourceless('legacy.x'),
      { ...appendOnly('small.y'), rows: 1_000 },
    ]);
    const groups = tally.groups();
    expect(groups.map((g) => [g.key, g.tables.length])).toEqual([
      ['changes.updates', 4],
      ['source', 1],
    ]);
    const [updates] = groups;
    expect(updates?.question).toBe('Does the table get updates, and how many a day?');
    expect(updates?.modes).toEqual(['incrementing', 'unique_incrementing']);
    expect(updates?.tables.map((t) => t.table)).toEqual(['events.a', 'events.b', '"Events"."C"', 'small.y']);
    // Each table's own query names its own schema and table.
    expect(updates?.tables[2]?.query).toContain(`'"Events"."C"'::regclass`);
    expect(BigInt(updates?.saves ?? '0')).toBeGreaterThan(0n);
  });

  it("asks what a table's best mode waits for (needs_facts), saving nothing, ranked after what saves", () => {
    // Over the row limit, with updates not known: nothing is recommended until "updates?" is answered.
    const big = { ...appendOnly('big.a'), rows: 30_000_000 };
    const tally = new QuestionTally();
    for (const t of [big, sourceless('legacy.x')]) {
      const r = chooseModeWithReach(t);
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      tally.add(tableQuestions(t.table ?? null, t, r.value.reach, r.value.awaited));
    }
    const groups = tally.groups();
    expect(groups.map((g) => [g.key, g.saves === '0', g.breakEven, g.awaited, g.tables.length])).toEqual([
      ['source', false, 0, 0, 1],
      ['changes.updates', true, 0, 1, 1],
    ]);
    expect(groups[1]?.tables[0]).toMatchObject({
      table: 'big.a',
      saves: null,
      billedBelow: null,
      awaited: true,
    });
    expect(groups[1]?.modes).toEqual(['incrementing']);
    // The same questions from its --detail record (the report's view).
    const rec = recommendRecord({ line: 1, value: big, options: {}, detail: 'detail' });
    expect(rec.ok && recordQuestions(rec)?.questions.map((q) => [q.key, q.awaited])).toEqual([
      ['changes.updates', true],
    ]);
  });

  it('writes defaults, a glob for a whole schema and entries per table, which read back as no answer', () => {
    const tables: TableTraits[] = [
      appendOnly('events.a'),
      appendOnly('events.b'),
      appendOnly('mixed.c'),
      { ...appendOnly('mixed.d'), changes: { inserts: 'yes', updates: 'yes', inserts_per_day: 5 } },
    ];
    const text = questionsFileParts(tallyOf(tables), { span: '30 days' }).join('');
    expect(text).toContain('  "events.*":\n    changes:\n      # 1. Does the table get updates');
    expect(text).toContain('  "mixed.c":\n');
    expect(text).not.toContain('"mixed.d"');
    expect(text).toContain(
      '      updates: unknown  # yes or no; add updates_per_day: <n> if you know the rate',
    );
    const back = readBack(text, tables);
    expect(back.unmatched).toEqual([]);
    expect(back.filled.every((f) => f.same && Object.keys(f.filled).length === 0)).toBe(true);

    const everyTable = [sourceless('legacy.x'), sourceless('other.y')];
    const all = questionsFileParts(tallyOf(everyTable), { span: '30 days' }).join('');
    expect(all).toMatch(/^defaults:\n(?:.*\n)*? {2}source: unknown {2}# one of postgresql, mysql,/m);
    expect(readBack(all, everyTable).filled.every((f) => f.same)).toBe(true);
  });

  it('answered as a user would, fills each table the file names', () => {
    const tables = [appendOnly('events.a'), appendOnly('events.b'), sourceless('legacy.x')];
    const text = questionsFileParts(tallyOf(tables), { span: '30 days' })
      .join('')
      .replace('updates: unknown', 'updates: "no"')
      .replace('source: unknown', 'source: mysql');
    const back = readBack(text, tables);
    expect(back.filled.map((f) => Object.keys(f.filled))).toEqual([
      ['changes.updates'],
      ['changes.updates'],
      ['source'],
    ]);
  });

  it("gives each table of a group its own query, the text of the table's own question, whatever the names hold", () => {
    // The tally keeps a query as the recipe its tables share and writes it again when read.
    const sameQueries = (names: readonly (readonly [string, string, string])[]): number => {
      const tables = names.flatMap(([schema, table, column]): TableTraits[] => [
        ...(['postgresql', 'mysql', 'sqlserver', 'oracle'] as const).map((source) => ({
          ...appendOnly(`${schema}.${table}`),
          source,
        })),
        // A three-part name: SQL Server's queries name its database in a header.
        { ...appendOnly(`${column}.${schema}.${table}`), source: 'sqlserver' },
        {
          table: `${schema}.${table}`,
          source: 'mysql',
          pipeline_mode: 'table',
          rows: 1_000_000,
          columns: [ID, { name: column, type: 'datetime', nullable: false, set_on_insert: false }],
          changes: { inserts: 'yes', updates: 'yes', inserts_per_day: 1_000, updates_per_day: 100 },
        },
      ]);
      const own = new Map<string, (string | null)[]>();
      const tally = new QuestionTally();
      for (const t of tables) {
        const r = recommend(t);
        if (!r.ok) throw new Error(JSON.stringify(r.issues));
        const asked = tableQuestions(t.table ?? null, t, r.value.withinReach);
        tally.add(asked);
        for (const q of asked.questions) own.set(q.key, [...(own.get(q.key) ?? []), q.query]);
      }
      const grouped = new Map<string, (string | null)[]>();
      for (const g of tally.groups())
        grouped.set(g.key, [...(grouped.get(g.key) ?? []), ...g.tables.map((t) => t.query)]);
      for (const [key, queries] of own) expect(grouped.get(key)?.sort()).toEqual([...queries].sort());
      return [...own.values()].flat().filter((q) => q !== null).length;
    };
    expect(sameQueries([['sales', 'orders', 'updated_at']])).toBeGreaterThanOrEqual(4);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hostileName(63), hostileName(63), hostileName(63)), { minLength: 1, maxLength: 3 }),
        (names) => {
          sameQueries(names);
        },
      ),
      { numRuns: Math.min(HOSTILE_RUNS, 60) },
    );
  });

  it('gives the same file when batches of the plan are tallied apart, wherever the cuts, as line by line', () => {
    // Each batch is tallied where it runs (a worker thread) and its part copied to the main thread.
    const handlers = recommendHandlers({ options: {}, detail: 'compact', questions: true });
    const lines = [
      ...questionsPlanLines(150, 3),
      ...traitsLines(150, 7),
      ...['db.s.a', 'db.s.b', '"x.y".z', 's.a']
        .flatMap((t) => [appendOnly(t), sourceless(t), growingTable(t, 4_000_000)])
        .map((t) => JSON.stringify(t)),
      JSON.stringify({ ...appendOnly('x'), table: undefined }),
      JSON.stringify({ ...growingTable('x', 2_000_000), table: undefined }),
      '{"table": 1}',
      '',
      ...questionsPlanLines(50, 5),
    ];
    const byLine = new QuestionTally();
    for (const [i, text] of lines.entries()) {
      const side = text === '' ? undefined : handlers.processLine(text, i + 1).side;
      if (side !== undefined) byLine.add(side as TableQuestions);
    }
    const plain = (tally: QuestionTally) => ({
      tables: tally.tables,
      under: ['db.', 'db.s.', 's.', '"x.y".', 'x.', 'app.', 'legacy.'].map((p) => tally.tablesUnder(p)),
      groups: tally.groups().map((g) => ({ ...g, tables: g.tables.map((t) => ({ ...t, query: t.query })) })),
      file: questionsFileParts(tally, { span: '30 days' }).join(''),
    });
    const expected = plain(byLine);
    expect(expected.tables).toBe(364);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: lines.length - 1 }), { maxLength: 6 }), (cuts) => {
        const at = [0, ...[...cuts].sort((a, b) => a - b), lines.length];
        const inParts = new QuestionTally();
        for (let i = 0; i + 1 < at.length; i++) {
          const chunk = lines.slice(at[i], at[i + 1]);
          const bytes = Buffer.from(chunk.map((l) => `${l}\n`).join(''));
          const out = runBatch({ first: (at[i] ?? 0) + 1, bytes }, handlers);
          if (out.sides !== undefined) inParts.addPart(structuredClone(out.sides) as TallyPart);
        }
        expect(plain(inParts)).toEqual(expected);
      }),
      { numRuns: 20 },
    );
  });

  it('reads back unchanged whatever the table and column names hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hostileName(63), hostileName(63), hostileName(63)), { minLength: 1, maxLength: 4 }),
        (names) => {
          const tables = names.flatMap(([schema, table, column]) => [
            appendOnly(`${schema}.${table}`),
            sourceless(JSON.stringify(`${schema}.${table}`), column),
          ]);
          const text = questionsFileParts(tallyOf(tables), { span: '30 days' }).join('');
          // Nothing in the file acts on an editor or a terminal.
          expect(text).not.toMatch(
            // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
            /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u,
          );
          const back = readBack(text, tables);
          expect(back.unmatched).toEqual([]);
          for (const f of back.filled) expect(f.same).toBe(true);
        },
      ),
      { numRuns: Math.min(HOSTILE_RUNS, 60) },
    );
  });
});
