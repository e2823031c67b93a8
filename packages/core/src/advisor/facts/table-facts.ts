/**
 * The facts of one table, read once from its traits: every check, the body filler and the
 * events model read these, never the traits. Each trait is read once and type-guarded, so a
 * value of the wrong type reads as unknown.
 *
 * @module
 */

import type { ChangeKind } from '../../catalogue/types.js';
import { isRecord } from '../../issues/is-record.js';
import {
  type ChangesValues,
  type ColumnValues,
  readChangesLenient,
  readTableLenient,
  readTableStrict,
  type TableValues,
} from '../traits/generated/readers.js';
import type { PipelineMode, SourceKind, TableTraits } from '../traits/model.js';
import { INVALID } from '../traits/read-support.js';
import { type Tri, triOf } from '../traits/tri.js';
import { type ColumnFacts, columnFacts } from './column-facts.js';
import { typeFactsTable } from './column-types.js';
import { type KindSet, kindBit, NO_KINDS } from './kind-set.js';
import { profileWords, SOURCE_PROFILES, type SourceProfile, UNKNOWN_SOURCE } from './sources.js';

/** The state of the change-tracking feature for the table. */
export interface ChangeTrackingFacts {
  /** Enabled on the database. */
  readonly database: Tri;
  /** Enabled on the table. */
  readonly table: Tri;
  /** The retention of changes, in minutes, when known. */
  readonly retentionMinutes: number | undefined;
  /** Changes older than the retention are cleaned up automatically. */
  readonly autoCleanup: Tri;
}

/** What the traits say of one table. */
export interface TableFacts {
  /** The qualified table name, when known. */
  readonly table: string | undefined;
  /** The kind of source, when known. */
  readonly source: SourceKind | undefined;
  /** What the advisor knows of that kind of source (its dialect, its change-tracking feature). */
  readonly profile: SourceProfile;
  /** The pipeline mode, when known. */
  readonly pipelineMode: PipelineMode | undefined;
  /** The row count, when known. */
  readonly rows: number | undefined;
  /** Whether `rows` may be an estimate: unless the traits say it is an exact count (`rows_estimate: false`). */
  readonly rowsEstimate: boolean;
  /** How `rows` is an estimate, in words, for messages: `by the statistics estimate`, or `not said to be an exact count`. */
  readonly rowsEstimateWords: string;
  /** The columns, when known (taken as the complete list). Columns whose name a body cannot hold are left out. */
  readonly columns: readonly ColumnFacts[] | undefined;
  /** How many columns are known to be part of the primary key. */
  readonly primaryKeyColumns: number;
  /** Whether every column's membership of the primary key is known (a column not known may be in it). */
  readonly primaryKeyComplete: boolean;
  /** Whether the table has a primary key: a column says so, or every column says it is not part of one. */
  readonly primaryKey: Tri;
  /** Whether the table has each kind of change: the answer, else a rate above zero (yes) or of zero (no). */
  readonly has: { readonly [K in ChangeKind]: Tri };
  /** The kinds the table has (`has` is `yes`). */
  readonly kindsYes: KindSet;
  /** The kinds the table may have (`has` is `unknown`). */
  readonly kindsUnknown: KindSet;
  /** The rate per day of each kind of change, when known. */
  readonly perDay: { readonly [K in ChangeKind]: number | undefined };
  /** The pipeline's replication frequency in minutes, when known. */
  readonly frequencyMinutes: number | undefined;
  /** The change-tracking feature's state. */
  readonly changeTracking: ChangeTrackingFacts;
  /** Whether the user that read the catalog (`reader`) may read the table's rows (`readable`). */
  readonly readable: Tri;
  /** Whether the source lets the object be queried (`queryable`). */
  readonly queryable: Tri;
  /** Whether the source lets the object be replicated (`replicateable`). */
  readonly replicateable: Tri;
  /** That user, as the database names it, when known. */
  readonly reader: string | undefined;
}

/** The change-tracking facts of traits without `change_tracking`: nothing known, one object for all. */
const NO_CHANGE_TRACKING: ChangeTrackingFacts = Object.freeze({
  database: 'unknown',
  table: 'unknown',
  retentionMinutes: undefined,
  autoCleanup: 'unknown',
});

/** The values of traits without `changes` (and of a record that is not an object): nothing known. */
const NO_CHANGES: ChangesValues = Object.freeze(readChangesLenient({}) as ChangesValues);
const NO_VALUES: TableValues = Object.freeze(readTableLenient({}) as TableValues);

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
  try {
    if (!isRecord(changes) || typeof kind !== 'string') return 'unknown';
    return changeHappens(
      changes[kind],
      finite(changes[`${kind}_per_day`], false),
      changes.observed_days !== undefined,
    );
  } catch {
    // A getter that throws, or a revoked proxy: nothing is known.
    return 'unknown';
  }
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

/** The facts of the columns read, at their positions (a column left out by the lenient reader is skipped). */
function columnsOf(
  list: readonly (ColumnValues | undefined)[],
  source: SourceKind | undefined,
): ColumnFacts[] {
  const types = typeFactsTable(source);
  const out: ColumnFacts[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c !== undefined) out.push(columnFacts(c, i, types));
  }
  return out;
}

/** The facts of a table from its values (read by the generated readers, strictly or leniently). */
function factsOf(t: TableValues, frequencyMinutes: number | undefined): TableFacts {
  const source = t.source;
  const columns = t.columns === undefined ? undefined : columnsOf(t.columns, source);
  let inKey = 0;
  let notInKey = 0;
  for (const c of columns ?? []) {
    if (c.primaryKey === 'yes') inKey++;
    else if (c.primaryKey === 'no') notInKey++;
  }
  const changes = t.changes ?? NO_CHANGES;
  const perDay = {
    inserts: changes.inserts_per_day,
    updates: changes.updates_per_day,
    deletes: changes.deletes_per_day,
  };
  const measured = changes.observed_days !== undefined;
  const has = {
    inserts: changeHappens(changes.inserts, perDay.inserts, measured),
    updates: changeHappens(changes.updates, perDay.updates, measured),
    deletes: changeHappens(changes.deletes, perDay.deletes, measured),
  };
  const ct = t.change_tracking;
  const profile = source === undefined ? UNKNOWN_SOURCE : SOURCE_PROFILES[source];
  return {
    table: t.table !== undefined && t.table.length > 0 ? t.table : undefined,
    source,
    profile,
    pipelineMode: t.pipeline_mode,
    rows: t.rows,
    rowsEstimate: t.rows_estimate !== false,
    rowsEstimateWords:
      t.rows_estimate === true ? profileWords(profile).rowsEstimated : 'not said to be an exact count',
    columns,
    primaryKeyColumns: inKey,
    primaryKeyComplete: columns !== undefined && inKey + notInKey === columns.length,
    primaryKey: inKey > 0 ? 'yes' : columns !== undefined && notInKey === columns.length ? 'no' : 'unknown',
    has,
    kindsYes: kindsAnswered(has, 'yes'),
    kindsUnknown: kindsAnswered(has, 'unknown'),
    perDay,
    frequencyMinutes: finite(frequencyMinutes, true) ?? t.replication_frequency_minutes,
    changeTracking:
      ct === undefined
        ? NO_CHANGE_TRACKING
        : {
            database: triOf(ct.database_enabled),
            table: triOf(ct.table_enabled),
            retentionMinutes: ct.retention_minutes,
            autoCleanup: triOf(ct.auto_cleanup),
          },
    readable: triOf(t.readable),
    queryable: triOf(t.queryable),
    replicateable: triOf(t.replicateable),
    reader: t.reader !== undefined && t.reader.length > 0 ? t.reader : undefined,
  };
}

/**
 * Reads the facts of a table from its traits (already valid, or a caller's partial record: each
 * trait of the wrong kind reads as unknown). `frequencyMinutes`, when given, overrides the
 * traits' replication frequency.
 */
export function readFacts(traits: TableTraits, frequencyMinutes?: number): TableFacts {
  return factsOf(readTableLenient(traits) ?? NO_VALUES, frequencyMinutes);
}

/**
 * The facts of traits the quick check of `validateTableTraits` finds valid, checked as they are
 * read in the same pass; undefined when it does not (the validator then decides, with issues).
 */
export function readFactsIfValid(input: unknown, frequencyMinutes?: number): TableFacts | undefined {
  const values = readTableStrict(input);
  return values === INVALID ? undefined : factsOf(values, frequencyMinutes);
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
