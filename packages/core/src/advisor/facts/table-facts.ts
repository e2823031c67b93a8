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
  PIPELINE_MODES,
  type PipelineMode,
  SOURCE_KINDS,
  type SourceKind,
  TABLE_TRAIT_FIELDS,
  type TableTraits,
} from '../traits/model.js';
import { fieldChecks, PAIRWISE_MAX, quickField, ROOT } from '../traits/quick-check.js';
import { type Tri, triOf } from '../traits/tri.js';
import { type ColumnFacts, INVALID, readColumn } from './column-facts.js';
import { typeFactsTable } from './column-types.js';
import { type KindSet, kindBit, NO_KINDS } from './kind-set.js';
import { changesValid, changeTrackingValid } from './nested-checks.js';
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

/**
 * The change-tracking facts of traits without `change_tracking`: nothing known, one object for
 * all such tables. With the strict reading of `source` and `pipeline_mode` as their checks
 * passed them (no second `oneOf`): parse + `readFactsIfValid` -0.04 to -0.09 µs per table side by
 * side (advisor bench tables, CPU time); part of the figure beside `OptionalField` (column-facts.ts).
 */
const NO_CHANGE_TRACKING: ChangeTrackingFacts = Object.freeze({
  database: 'unknown',
  table: 'unknown',
  retentionMinutes: undefined,
  autoCleanup: 'unknown',
});

/** The quick check of each field's values, for `readTraits`. */
const CHECK = fieldChecks(TABLE_TRAIT_FIELDS);

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
function hasKind(answer: unknown, rate: number | undefined, measured: boolean): Tri {
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
    return hasKind(
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

/**
 * The kinds of change whose answer is `answer`: `kindsWith` written out for the kinds the reader
 * names (`has`; read-facts.test.ts holds it to `kindsWith`). Measured: `readFactsIfValid` 0.94x
 * per table (its loop reads by a variable key), parse + `readFactsIfValid` 0.98-0.99x (about
 * -0.1 µs), side by side (advisor bench tables, CPU time).
 */
function kindsAnswered(has: TableFacts['has'], answer: Tri): KindSet {
  return (
    (has.inserts === answer ? INSERTS : NO_KINDS) |
    (has.updates === answer ? UPDATES : NO_KINDS) |
    (has.deletes === answer ? DELETES : NO_KINDS)
  );
}

/**
 * One of 32 bits for a non-empty name, by its length and last character: equal names have the
 * same bit, so `readColumns` compares a name with the earlier ones only when its bit is already
 * set (a name listed twice is still found; names alike in both fall back to comparing all).
 * Measured, one group with the quick checks of `changes` and `change_tracking` by their fields
 * (`nested-checks.ts`) and each kind's check its own function (`KIND_CHECKS`, quick-check.ts),
 * and with the column reader's in-place checks and `NO_CHANGE_TRACKING` before them: parse +
 * `chooseMode` 0.944-0.976x of main 94aa1ef (-0.21 to -0.52 µs per table over nine runs, side by
 * side, advisor bench tables, CPU time, a loaded machine): `chooseMode`'s own cost (less
 * JSON.parse alone, measured in the same runs) 5-12% lower; in instructions counted under
 * valgrind, own cost -9.9% (37,041 -> 33,377 per table). This part alone: `readFactsIfValid` on parsed tables
 * -0.17 µs per table (0.91x), parse + `readFactsIfValid` -0.06 µs; comparing every pair was 1.7%
 * of parse + `readFactsIfValid`'s time in a profile.
 */
function nameBit(name: string): number {
  return 1 << ((name.length * 7 + name.charCodeAt(name.length - 1)) & 31);
}

/** The columns' facts, read as `readColumn` reads each; strictly, `INVALID` for a column not valid or a name listed twice. */
function readColumns(
  list: unknown,
  source: SourceKind | undefined,
  strict: boolean,
): ColumnFacts[] | undefined | typeof INVALID {
  if (!Array.isArray(list)) return strict ? INVALID : undefined;
  // Duplicate names are found pairwise up to this many columns; the validator decides beyond.
  if (strict && list.length > PAIRWISE_MAX) return INVALID;
  const out: ColumnFacts[] = [];
  const types = typeFactsTable(source);
  let seen = 0;
  for (let i = 0; i < list.length; i++) {
    const c = readColumn(list[i], i, types, strict);
    if (c === INVALID) return INVALID;
    if (c === undefined) continue;
    if (strict) {
      const bit = nameBit(c.name);
      if ((seen & bit) !== 0) {
        for (const earlier of out) if (earlier.name === c.name) return INVALID;
      }
      seen |= bit;
    }
    out.push(c);
  }
  return out;
}

/** The object of a nested field: strictly, `INVALID` unless its check finds it valid. */
function nested(
  v: unknown,
  valid: (v: unknown) => boolean,
  strict: boolean,
): Readonly<Record<string, unknown>> | typeof INVALID {
  if (strict) return valid(v) ? (v as Record<string, unknown>) : INVALID;
  return isRecord(v) ? v : EMPTY;
}

/**
 * Reads the facts of a table in one pass over the traits' keys (`for...in`: their enumerable
 * keys, the ones the validator checks), strictly or leniently as `readColumn` reads a column.
 */
function readTraits(
  input: unknown,
  frequencyMinutes: number | undefined,
  strict: boolean,
): TableFacts | typeof INVALID {
  if (!isRecord(input) && strict) return INVALID;
  const t: Readonly<Record<string, unknown>> = isRecord(input) ? input : EMPTY;
  let table: unknown;
  let sourceValue: unknown;
  let pipelineMode: unknown;
  let rowsValue: unknown;
  let rowsEstimate: unknown;
  let columnList: unknown;
  let columnsGiven = false;
  let changesValue: unknown;
  let ctValue: unknown;
  let frequency: unknown;
  let readable: unknown;
  let reader: unknown;
  let required = 0;
  for (const key in t) {
    const v = t[key];
    // Strictly, each value is checked by its field's check; a key the reader does not read, by `quickField`.
    switch (key) {
      case 'table':
        if (strict) {
          if (!CHECK.table.ok(v)) return INVALID;
          required += CHECK.table.required;
        }
        table = v;
        break;
      case 'source':
        if (strict) {
          if (!CHECK.source.ok(v)) return INVALID;
          required += CHECK.source.required;
        }
        sourceValue = v;
        break;
      case 'pipeline_mode':
        if (strict) {
          if (!CHECK.pipeline_mode.ok(v)) return INVALID;
          required += CHECK.pipeline_mode.required;
        }
        pipelineMode = v;
        break;
      case 'rows':
        if (strict) {
          if (!CHECK.rows.ok(v)) return INVALID;
          required += CHECK.rows.required;
        }
        rowsValue = v;
        break;
      case 'rows_estimate':
        if (strict) {
          if (!CHECK.rows_estimate.ok(v)) return INVALID;
          required += CHECK.rows_estimate.required;
        }
        rowsEstimate = v;
        break;
      case 'columns':
        if (strict) {
          if (!CHECK.columns.ok(v)) return INVALID;
          required += CHECK.columns.required;
        }
        columnList = v;
        columnsGiven = true;
        break;
      case 'changes':
        if (strict) {
          if (!CHECK.changes.ok(v)) return INVALID;
          required += CHECK.changes.required;
        }
        changesValue = v;
        break;
      case 'change_tracking':
        if (strict) {
          if (!CHECK.change_tracking.ok(v)) return INVALID;
          required += CHECK.change_tracking.required;
        }
        ctValue = v;
        break;
      case 'replication_frequency_minutes':
        if (strict) {
          if (!CHECK.replication_frequency_minutes.ok(v)) return INVALID;
          required += CHECK.replication_frequency_minutes.required;
        }
        frequency = v;
        break;
      case 'readable':
        if (strict) {
          if (!CHECK.readable.ok(v)) return INVALID;
          required += CHECK.readable.required;
        }
        readable = v;
        break;
      case 'reader':
        if (strict) {
          if (!CHECK.reader.ok(v)) return INVALID;
          required += CHECK.reader.required;
        }
        reader = v;
        break;
      default:
        if (strict) {
          const field = quickField(ROOT, key, v);
          if (field === undefined) return INVALID;
          if (field.required) required++;
        }
    }
  }
  if (strict && required !== ROOT.required.length) return INVALID;
  const changes = changesValue === undefined ? EMPTY : nested(changesValue, changesValid, strict);
  const ct = ctValue === undefined ? undefined : nested(ctValue, changeTrackingValid, strict);
  if (changes === INVALID || ct === INVALID) return INVALID;
  // Read strictly, a source and a pipeline mode given passed their checks: each is one of its words.
  const source = strict ? (sourceValue as SourceKind | undefined) : oneOf(SOURCE_KINDS, sourceValue);
  const columns = columnsGiven ? readColumns(columnList, source, strict) : undefined;
  if (columns === INVALID) return INVALID;
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
  const measured = changes.observed_days !== undefined;
  const has = {
    inserts: hasKind(changes.inserts, perDay.inserts, measured),
    updates: hasKind(changes.updates, perDay.updates, measured),
    deletes: hasKind(changes.deletes, perDay.deletes, measured),
  };
  const rows = finite(rowsValue, false);
  return {
    table: typeof table === 'string' && table.length > 0 ? table : undefined,
    source,
    profile: source === undefined ? UNKNOWN_SOURCE : SOURCE_PROFILES[source],
    pipelineMode: strict ? (pipelineMode as PipelineMode | undefined) : oneOf(PIPELINE_MODES, pipelineMode),
    rows: rows === undefined ? undefined : Math.floor(rows),
    rowsEstimate: rowsEstimate !== false,
    rowsEstimateWords:
      rowsEstimate === true ? "by the database's statistics estimate" : 'not said to be an exact count',
    columns,
    primaryKeyColumns: inKey,
    primaryKeyComplete: columns !== undefined && inKey + notInKey === columns.length,
    primaryKey: inKey > 0 ? 'yes' : columns !== undefined && notInKey === columns.length ? 'no' : 'unknown',
    has,
    kindsYes: kindsAnswered(has, 'yes'),
    kindsUnknown: kindsAnswered(has, 'unknown'),
    perDay,
    frequencyMinutes: finite(frequencyMinutes, true) ?? finite(frequency, true),
    changeTracking:
      ct === undefined
        ? NO_CHANGE_TRACKING
        : {
            database: triOf(ct.database_enabled),
            table: triOf(ct.table_enabled),
            retentionMinutes: finite(ct.retention_minutes, true),
            autoCleanup: triOf(ct.auto_cleanup),
          },
    readable: triOf(readable),
    reader: typeof reader === 'string' && reader.length > 0 ? reader : undefined,
  };
}

/**
 * Reads the facts of a table from its traits (already valid, or a caller's partial record: each
 * trait of the wrong type reads as unknown). `frequencyMinutes`, when given, overrides the
 * traits' replication frequency.
 */
export function readFacts(traits: TableTraits, frequencyMinutes?: number): TableFacts {
  return readTraits(traits, frequencyMinutes, false) as TableFacts;
}

/**
 * The facts of traits the quick check of `validateTableTraits` finds valid, checked as they are
 * read in the same pass; undefined when it does not (the validator then decides, with issues).
 */
export function readFactsIfValid(input: unknown, frequencyMinutes?: number): TableFacts | undefined {
  const facts = readTraits(input, frequencyMinutes, true);
  return facts === INVALID ? undefined : facts;
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
