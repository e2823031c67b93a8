/**
 * What the real-server proofs of printed remedies share: the hostile tables fast-check makes, each
 * remedy run twice as a user runs it, and the checks after the run (the table's definition only
 * gains what the remedies name; an UPDATE changes only what the application set and the
 * update-tracked column; the counts of printed, run and harmful statements).
 */
import { shownName } from '@querymode/core';
import fc from 'fast-check';
import { expect } from 'vitest';
import { hostileName } from '../../../../test/support/hostile-names.js';
import { announcedRefusal, type PrintedRemedy } from './printed.js';
import type { ClientRun } from './run-client.js';

/** How many hostile tables a run makes on each server (`QUERYMODE_HOSTILE_TABLES`). */
export const HOSTILE_TABLES = Number(process.env.QUERYMODE_HOSTILE_TABLES ?? 24);

/** The names a remedy may add: a hostile column must not take one. */
export const ADDED_NAMES = ['updated_at', 'row_updated_at', 'row_id', 'qm_row_id'] as const;

/** What a run printed, ran, and found. */
export interface Counts {
  tables: number;
  printed: number;
  questions: number;
  words: number;
  runs: number;
  refused: number;
  failed: number;
  harmful: number;
}

/** Counts at zero. */
export const newCounts = (): Counts => ({
  tables: 0,
  printed: 0,
  questions: 0,
  words: 0,
  runs: 0,
  refused: 0,
  failed: 0,
  harmful: 0,
});

/**
 * Hostile (table, number column, text column) names from fast-check, at most `limit` bytes, the
 * tables distinct, the columns distinct without case, none a name a remedy adds.
 */
export function hostileTriples(limit: number): [string, string, string][] {
  const reserved = new Set<string>(['created_at', ...ADDED_NAMES]);
  const names = fc.sample(fc.tuple(hostileName(limit), hostileName(limit), hostileName(limit)), {
    numRuns: HOSTILE_TABLES * 3,
    seed: Number(process.env.QUERYMODE_HOSTILE_SEED ?? 26),
  });
  const seen = new Set<string>();
  const out: [string, string, string][] = [];
  for (const [table, a, b] of names) {
    if (out.length >= HOSTILE_TABLES) break;
    if (seen.has(table) || a.toLowerCase() === b.toLowerCase()) continue;
    if ([a, b].some((n) => reserved.has(n.toLowerCase()))) continue;
    seen.add(table);
    out.push([table, a, b]);
  }
  return out;
}

/**
 * Runs each remedy on its own, twice (`run` writes it to a file for the client). A failure is harm
 * unless it is the refusal the remedy announces. Returns the remedies that took effect.
 */
export async function runEachTwice(
  remedies: readonly PrintedRemedy[],
  run: (sql: string) => Promise<ClientRun>,
  counts: Counts,
  harm: string[],
): Promise<PrintedRemedy[]> {
  const applied: PrintedRemedy[] = [];
  for (const remedy of remedies) {
    let refused = false;
    let failed = false;
    for (const round of [1, 2]) {
      const result = await run(remedy.sql);
      counts.runs++;
      if (!result.failed) continue;
      if (announcedRefusal(remedy, result.stderr)) refused = true;
      else {
        counts.failed++;
        failed = true;
        harm.push(`run ${round} failed:\n${remedy.sql}\n${result.stderr}`);
      }
    }
    if (refused) counts.refused++;
    else if (!failed) applied.push(remedy);
  }
  return applied;
}

/** One catalog entry: the table it belongs to, and its text. */
export interface Entry {
  readonly owner: string | number;
  readonly k: string;
}

/**
 * Harm in the table's catalog entries: an entry lost, or one gained that names none of the
 * columns the applied remedies name (nor a `qm_` object they create). `quote` quotes a name as the
 * catalog writes it; `ignore` passes entries that differ for another reason (a closing line).
 */
export function definitionHarm(
  before: readonly Entry[],
  after: readonly Entry[],
  owner: string | number,
  columns: readonly string[],
  applied: readonly PrintedRemedy[],
  quote: (name: string) => string,
  ignore: (k: string) => boolean = () => false,
): string[] {
  const named = [...columns, ...ADDED_NAMES].filter((n) =>
    applied.some((r) => r.action.includes(shownName(n))),
  );
  const mine = (list: readonly Entry[]) => new Set(list.filter((e) => e.owner === owner).map((e) => e.k));
  const [was, is] = [mine(before), mine(after)];
  const mentions = (k: string) => /\bqm_/.test(k) || named.some((n) => k.includes(quote(n)));
  const out: string[] = [];
  for (const k of was) if (!is.has(k) && !mentions(k) && !ignore(k)) out.push(`lost: ${k}`);
  for (const k of is) if (!was.has(k) && !mentions(k) && !ignore(k)) out.push(`gained: ${k}`);
  return out;
}

/** The entries of every other table, sorted, to compare before and after. */
export const othersOf = (list: readonly Entry[], owner: string | number): string[] =>
  list
    .filter((e) => e.owner !== owner)
    .map((e) => e.k)
    .sort();

/**
 * Harm in what an UPDATE changed: a column changed that the application did not set (`set`) and
 * that neither a remedy nor the table itself sets on update (`tracked`), or a tracked column the
 * remedies added that did not change.
 */
export function updateHarm(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  set: (column: string) => boolean,
  tracked: readonly string[],
  alsoTracked: readonly string[] = [],
): string[] {
  const changed = Object.keys(before ?? {}).filter(
    (k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]),
  );
  const out: string[] = [];
  for (const k of changed)
    if (!set(k) && !tracked.includes(k) && !alsoTracked.includes(k)) out.push(`an UPDATE changed ${k}`);
  for (const k of tracked) if (!changed.includes(k)) out.push(`an UPDATE did not set ${k}`);
  return out;
}

/** Adds what was printed for one table to the counts. */
export function countPrinted(
  counts: Counts,
  printed: { remedies: readonly unknown[]; questions: readonly unknown[]; words: readonly unknown[] },
): void {
  counts.tables++;
  counts.printed += printed.remedies.length;
  counts.questions += printed.questions.length;
  counts.words += printed.words.length;
}

/**
 * Checks that a question's first result set answers for this very table: its columns, its one
 * row, one row for a fact of one column.
 */
export function expectAnswerOf(
  path: readonly (string | number)[],
  first: readonly Record<string, unknown>[],
  columns: readonly string[],
): void {
  const p = path.join('.');
  if (p === 'columns') expect(first.map((r) => Object.values(r)[0]).sort(), p).toEqual([...columns].sort());
  else if (p === 'rows') expect(Number(Object.values(first[0] ?? {})[0]), p).toBe(1);
  else if (/^columns\.\d+\.(nullable|type|auto_increment)$/.test(p)) expect(first.length, p).toBe(1);
}

/** The rows of each result set a text's statements returned (`BEGIN`, `DO` and `COMMIT` of a guarded text return none). */
export const selected = (results: unknown): Record<string, unknown>[][] =>
  ((Array.isArray(results) ? results : [results]) as { command: string; rows: Record<string, unknown>[] }[])
    .filter((r) => r.command === 'SELECT')
    .map((r) => r.rows);
