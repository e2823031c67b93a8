/**
 * The facts of one table, read once from its traits: every check, the body filler and the
 * events model read these, never the traits. Each trait is read once and type-guarded, so a
 * value of the wrong type reads as unknown.
 *
 * @module
 */

import type { ChangeKind } from '../../catalogue/types.js';
import { isRecord } from '../../issues/is-record.js';
import { neverThrows } from '../../issues/unreadable.js';
import type { Tri } from '../traits/tri.js';
import type { ColumnFacts } from './column-facts.js';
import type { Filling } from './filling.js';
import type { TableFactsRead } from './generated/fact-types.js';
import { type KindSet, kindBit, NO_KINDS } from './kind-set.js';
import { profileOf, profileWords, type SourceProfile, UNKNOWN_SOURCE } from './sources.js';

/**
 * What the traits say of one table: the facts read from its traits (`TableFactsRead`, generated
 * from the field table), its columns' facts, and those that follow ({@link deriveTableFacts}).
 */
export interface TableFacts extends TableFactsRead {
  /** What the advisor knows of that kind of source (its dialect, its change-tracking feature). */
  readonly profile: SourceProfile;
  /** Whether `rows` may be an estimate: unless the traits say it is an exact count (`rows_estimate: false`). */
  readonly rowsEstimate: boolean;
  /** How `rows` is an estimate, in words, for messages: `by the statistics estimate`, or `not said to be an exact count`. */
  readonly rowsEstimateWords: string;
  /** The columns, when known (taken as the complete list). */
  readonly columns: readonly ColumnFacts[] | undefined;
  /** How many columns are known to be part of the primary key. */
  readonly primaryKeyColumns: number;
  /** Whether every column's membership of the primary key is known (a column not known may be in it). */
  readonly primaryKeyComplete: boolean;
  /** Whether the table has a primary key: a column says so, or every column says it is not part of one. */
  readonly primaryKey: Tri;
  /** How many columns the source computes (`calculated: true`: formula or roll-up fields). */
  readonly calculatedColumns: number;
  /** Whether the table has each kind of change: the answer, else a rate above zero (yes) or of zero (no). */
  readonly has: { readonly [K in ChangeKind]: Tri };
  /** The kinds the table has (`has` is `yes`). */
  readonly kindsYes: KindSet;
  /** The kinds the table may have (`has` is `unknown`). */
  readonly kindsUnknown: KindSet;
  /** The pipeline's replication frequency in minutes, when known (the caller's option, else the traits'). */
  readonly frequencyMinutes: number | undefined;
  /**
   * Not a fact: set on a copy of the facts for a plan's questions alone (`chooseModeWithReach`
   * with the words `questions`), whose queries a tally writes again from their recipes: a question
   * then keeps its recipe and writes its query when it is read (`RecipeQuestion`).
   */
  readonly recipesOnly?: true;
}

/** The derived facts of a table as the generated reader writes them, before {@link deriveTableFacts}. */
export const UNDERIVED_TABLE_FACTS: Omit<TableFacts, keyof TableFactsRead | 'columns'> = Object.freeze({
  profile: UNKNOWN_SOURCE,
  rowsEstimate: true,
  rowsEstimateWords: '',
  primaryKeyColumns: 0,
  primaryKeyComplete: false,
  primaryKey: 'unknown',
  calculatedColumns: 0,
  kindsYes: NO_KINDS,
  kindsUnknown: NO_KINDS,
});

function finite(v: unknown, positive: boolean): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  return (positive ? v > 0 : v >= 0) ? v : undefined;
}

/**
 * Whether a kind of change happens: the answer `yes` or `no`, else (the answer absent or
 * `unknown`, which read the same) what its rate says: above 0, yes; 0, no, save over a measured
 * window (`observed_days` given, as `inspect --observe` writes), where 0 means none was seen in
 * it, not that none happens: unknown.
 */
function changeHappens(answer: unknown, rate: number | undefined, measured: boolean): Tri {
  if (answer === 'yes' || answer === 'no') return answer;
  if (rate === undefined) return 'unknown';
  return rate > 0 ? 'yes' : measured ? 'unknown' : 'no';
}

/**
 * Whether the table has a kind of change, as the advisor reads a traits record's `changes`: the
 * answer `yes` or `no`, else what a rate per day says (above 0: yes; 0: no, or unknown over a measured
 * window: `observed_days`), else
 * unknown. For tools that show or fill that fact the way the advisor reads it. Never throws.
 */
export function changeKindOf(changes: unknown, kind: ChangeKind): Tri {
  return neverThrows(kindOf, [changes, kind], nothingKnown);
}

/** A getter that throws, or a revoked proxy: nothing is known. */
const nothingKnown = (): Tri => 'unknown';

function kindOf(changes: unknown, kind: ChangeKind): Tri {
  if (!isRecord(changes) || typeof kind !== 'string') return 'unknown';
  return changeHappens(
    changes[kind],
    finite(changes[`${kind}_per_day`], false),
    changes.observed_days !== undefined,
  );
}

const INSERTS = kindBit('inserts');
const UPDATES = kindBit('updates');
const DELETES = kindBit('deletes');

/** The kinds of change whose answer is `answer`: `kindsWith` written out (one read per kind: ~1% of chooseMode). */
function kindsAnswered(has: TableFacts['has'], answer: Tri): KindSet {
  return (
    (has.inserts === answer ? INSERTS : NO_KINDS) |
    (has.updates === answer ? UPDATES : NO_KINDS) |
    (has.deletes === answer ? DELETES : NO_KINDS)
  );
}

/**
 * The one hand-written step of a table's reading (`generated/read-facts.ts`): the facts that follow
 * from those read and from its columns' facts. `frequencyMinutes`, when given, overrides the
 * traits' replication frequency.
 */
export function deriveTableFacts(t: Filling<TableFacts>, frequencyMinutes: number | undefined): void {
  const columns = t.columns;
  let inKey = 0;
  let notInKey = 0;
  let calculated = 0;
  for (const c of columns ?? []) {
    if (c.primaryKey === 'yes') inKey++;
    else if (c.primaryKey === 'no') notInKey++;
    if (c.calculated === 'yes') calculated++;
  }
  const profile = profileOf(t.source);
  t.profile = profile;
  t.rowsEstimate = t.rowsEstimateAnswer !== 'no';
  t.rowsEstimateWords =
    t.rowsEstimateAnswer === 'yes' ? profileWords(profile).rowsEstimated : 'not said to be an exact count';
  t.primaryKeyColumns = inKey;
  t.primaryKeyComplete = columns !== undefined && inKey + notInKey === columns.length;
  t.primaryKey = inKey > 0 ? 'yes' : columns !== undefined && notInKey === columns.length ? 'no' : 'unknown';
  t.calculatedColumns = calculated;
  const measured = t.observedDays !== undefined;
  const has = t.has as Filling<TableFacts['has']>;
  has.inserts = changeHappens(has.inserts, t.perDay.inserts, measured);
  has.updates = changeHappens(has.updates, t.perDay.updates, measured);
  has.deletes = changeHappens(has.deletes, t.perDay.deletes, measured);
  t.kindsYes = kindsAnswered(has, 'yes');
  t.kindsUnknown = kindsAnswered(has, 'unknown');
  t.frequencyMinutes = finite(frequencyMinutes, true) ?? t.frequencyMinutes;
}

/** The column named exactly `name`, if any. */
export function findColumn(facts: TableFacts, name: string): ColumnFacts | undefined {
  return facts.columns?.find((c) => c.name === name);
}

/** The name of a column that differs from `name` only in case, if any. */
export function findColumnIgnoringCase(facts: TableFacts, name: string): string | undefined {
  const lower = name.toLowerCase();
  return facts.columns?.find((c) => c.name.toLowerCase() === lower)?.name;
}
