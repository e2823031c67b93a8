/**
 * The facts of one table, read once from its traits: every check, the body filler and the
 * events model read these, never the traits. Each trait is read once and type-guarded, so a
 * value of the wrong type reads as unknown.
 *
 * @module
 */

import { FIELD_KINDS } from '../../catalogue/field-kinds.js';
import type { ChangeKind } from '../../catalogue/types.js';
import { isRecord } from '../../issues/is-record.js';
import {
  PIPELINE_MODES,
  type PipelineMode,
  SOURCE_KINDS,
  type SourceKind,
  type TableTraits,
} from '../traits/model.js';
import { type Tri, triOf } from '../traits/tri.js';
import { type ColumnFacts, readColumn } from './column-facts.js';
import { type KindSet, kindsWith } from './kind-set.js';
import { oneOf } from './one-of.js';
import { SOURCE_PROFILES, type SourceProfile, UNKNOWN_SOURCE } from './sources.js';

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
  /** That user, as the database names it, when known. */
  readonly reader: string | undefined;
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

function finite(v: unknown, positive: boolean): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  return (positive ? v > 0 : v >= 0) ? v : undefined;
}

/**
 * Whether a kind of change happens: the answer given, else what its rate says. An answer of
 * `unknown` stays unknown whatever the rate: a rate of 0 measured over a window (`inspect
 * --observe`) means none was seen in it, not that none happens.
 */
function hasKind(answer: unknown, rate: number | undefined): Tri {
  if (answer === 'yes' || answer === 'no' || answer === 'unknown') return answer;
  if (rate === undefined) return 'unknown';
  return rate > 0 ? 'yes' : 'no';
}

/**
 * Whether the table has a kind of change, as the advisor reads a traits record's `changes`: the
 * answer given (`yes`, `no`, `unknown`), else what a rate per day says (above 0: yes; 0: no), else
 * unknown. For tools that show or fill that fact the way the advisor reads it. Never throws.
 */
export function changeKindOf(changes: unknown, kind: ChangeKind): Tri {
  try {
    if (!isRecord(changes) || typeof kind !== 'string') return 'unknown';
    return hasKind(changes[kind], finite(changes[`${kind}_per_day`], false));
  } catch {
    // A getter that throws, or a revoked proxy: nothing is known.
    return 'unknown';
  }
}

function readColumns(list: readonly unknown[], source: SourceKind | undefined): ColumnFacts[] {
  const out: ColumnFacts[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (!isRecord(c)) continue;
    const name = c.name;
    if (typeof name !== 'string' || FIELD_KINDS.column_name.check(name) !== undefined) continue;
    out.push(readColumn(c, name, i, source));
  }
  return out;
}

/**
 * Reads the facts of a table from its traits. `frequencyMinutes`, when given, overrides the
 * traits' replication frequency.
 */
export function readFacts(traits: TableTraits, frequencyMinutes?: number): TableFacts {
  const t: Readonly<Record<string, unknown>> = isRecord(traits) ? traits : EMPTY;
  const changes = isRecord(t.changes) ? t.changes : EMPTY;
  const ct = isRecord(t.change_tracking) ? t.change_tracking : EMPTY;
  const source = oneOf(SOURCE_KINDS, t.source);
  const columns = Array.isArray(t.columns) ? readColumns(t.columns, source) : undefined;
  let inKey = 0;
  let notInKey = 0;
  for (const c of columns ?? []) {
    if (c.primaryKey === 'yes') inKey++;
    else if (c.primaryKey === 'no') notInKey++;
  }
  const perDay = {
    inserts: finite(changes.inserts_per_day, false),
    updates: finite(changes.updates_per_day, false),
    deletes: finite(changes.deletes_per_day, false),
  };
  const has = {
    inserts: hasKind(changes.inserts, perDay.inserts),
    updates: hasKind(changes.updates, perDay.updates),
    deletes: hasKind(changes.deletes, perDay.deletes),
  };
  const rows = finite(t.rows, false);
  return {
    table: typeof t.table === 'string' && t.table.length > 0 ? t.table : undefined,
    source,
    profile: source === undefined ? UNKNOWN_SOURCE : SOURCE_PROFILES[source],
    pipelineMode: oneOf(PIPELINE_MODES, t.pipeline_mode),
    rows: rows === undefined ? undefined : Math.floor(rows),
    rowsEstimate: t.rows_estimate !== false,
    rowsEstimateWords:
      t.rows_estimate === true ? "by the database's statistics estimate" : 'not said to be an exact count',
    columns,
    primaryKeyColumns: inKey,
    primaryKeyComplete: columns !== undefined && inKey + notInKey === columns.length,
    primaryKey: inKey > 0 ? 'yes' : columns !== undefined && notInKey === columns.length ? 'no' : 'unknown',
    has,
    kindsYes: kindsWith(has, 'yes'),
    kindsUnknown: kindsWith(has, 'unknown'),
    perDay,
    frequencyMinutes: finite(frequencyMinutes, true) ?? finite(t.replication_frequency_minutes, true),
    changeTracking: {
      database: triOf(ct.database_enabled),
      table: triOf(ct.table_enabled),
      retentionMinutes: finite(ct.retention_minutes, true),
      autoCleanup: triOf(ct.auto_cleanup),
    },
    readable: triOf(t.readable),
    reader: typeof t.reader === 'string' && t.reader.length > 0 ? t.reader : undefined,
  };
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
