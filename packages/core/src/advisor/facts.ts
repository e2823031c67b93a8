/**
 * The facts the advisor reads from table traits, gathered once per table. Every read is
 * type-guarded, so traits that were not validated never make the advisor throw: a value of the
 * wrong type reads as unknown.
 *
 * @module
 */
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import type { ChangeKind } from '../catalogue/types.js';
import { COLUMN_BITS, packColumn, TRAIT_FALSE, TRAIT_TRUE, trait } from './column-bits.js';
import { verdictWord } from './column-verdicts.js';
import { type ColumnTraits, SOURCE_KINDS, type SourceKind, type TableTraits } from './traits.js';

/** A fact that may be unknown. */
export type Tri = 'yes' | 'no' | 'unknown';

/** The change kinds, in the order of the catalogue's `captures`. */

/** The facts of one table, as the checks and estimates read them. */
export interface TableFacts {
  /** The traits read. */
  readonly traits: TableTraits;
  /** The qualified table name, or `<table>` for SQL remedies when unknown. */
  readonly table: string;
  /** The source kind, when known. */
  readonly source: SourceKind | undefined;
  /** The row count, when known. */
  readonly rows: number | undefined;
  /** The columns, when known (an array was given). */
  readonly columns: readonly ColumnTraits[] | undefined;
  /** Each column's verdicts on every column test, packed in one integer (see `column-verdicts.ts`). */
  readonly verdicts: readonly number[];
  /** How many columns are marked part of the primary key. */
  readonly primaryKeyColumns: number;
  /** Whether the columns are known and every one says it is not part of the primary key. */
  readonly noPrimaryKey: boolean;
  /** Whether the table has each kind of change. */
  readonly has: { readonly [K in ChangeKind]: Tri };
  /**
   * The same facts as `has`, as codes (0 yes, 1 no, 2 unknown) two bits each in the order of
   * {@link CHANGE_KINDS}: read with {@link hasCode}, without a lookup by kind name.
   */
  readonly hasCodes: number;
  /** The rate per day of each kind of change, when known. */
  readonly perDay: { readonly [K in ChangeKind]: number | undefined };
  /** The pipeline's replication frequency in minutes, when known. */
  readonly frequencyMinutes: number | undefined;
  /** Change tracking on the database, the table, and the retention in minutes. */
  readonly ctDatabase: boolean | undefined;
  readonly ctTable: boolean | undefined;
  readonly ctRetentionMinutes: number | undefined;
}

/** The source kind when `v` is one (a scan of six names: cheaper than hashing a string). */
function sourceOf(v: unknown): SourceKind | undefined {
  for (const kind of SOURCE_KINDS) if (kind === v) return kind;
  return undefined;
}

const TRI_CODE = (v: Tri): number => (v === 'yes' ? 0 : v === 'no' ? 1 : 2);

/** The code (0 yes, 1 no, 2 unknown) of whether the table has a kind of change: `facts.has[kind]` as a code. */
export function hasCode(facts: TableFacts, kind: ChangeKind): number {
  for (let i = 0; i < CHANGE_KINDS.length; i++)
    if (CHANGE_KINDS[i] === kind) return (facts.hasCodes >>> (2 * i)) & 3;
  return 2;
}

/**
 * Packs the columns into `packed` (`column-bits.ts`) and returns the columns kept: all of them,
 * or, when some entry is not an object with a string `name`, a new list of those that are.
 */
function packColumns(list: readonly unknown[], packed: number[]): ColumnTraits[] {
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (!isColumn(c)) {
      const kept = list.filter(isColumn);
      packed.length = 0;
      for (const k of kept) packed.push(packColumn(k));
      return kept;
    }
    packed.push(packColumn(c));
  }
  return list as ColumnTraits[];
}

function isColumn(x: unknown): x is ColumnTraits {
  return isObject(x) && typeof x.name === 'string';
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const finite = (v: unknown, min: number): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= min ? v : undefined;

const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/**
 * Whether the table has a kind of change: the yes/no answer when given, else a rate above zero
 * means yes and a rate of zero means no.
 */
function hasKind(answer: unknown, rate: number | undefined): Tri {
  if (answer === 'yes' || answer === 'no') return answer;
  if (rate === undefined) return 'unknown';
  return rate > 0 ? 'yes' : 'no';
}

/** Reads the facts of a table from its traits, with an optional replication frequency that overrides the traits'. */
export function readFacts(traits: TableTraits, frequencyMinutes?: number): TableFacts {
  const t: Record<string, unknown> = isObject(traits) ? traits : {};
  const changes = isObject(t.changes) ? t.changes : {};
  const ct = isObject(t.change_tracking) ? t.change_tracking : {};
  let columns: ColumnTraits[] | undefined;
  let pk = 0;
  let notPk = 0;
  const verdicts: number[] = [];
  if (Array.isArray(t.columns)) {
    columns = packColumns(t.columns, verdicts);
    for (const packed of verdicts) {
      const inKey = trait(packed, COLUMN_BITS.primary_key);
      if (inKey === TRAIT_TRUE) pk++;
      else if (inKey === TRAIT_FALSE) notPk++;
    }
  }
  const inserts = finite(changes.inserts_per_day, 0);
  const updates = finite(changes.updates_per_day, 0);
  const deletes = finite(changes.deletes_per_day, 0);
  const source = sourceOf(t.source);
  const rows = finite(t.rows, 0);
  const override = finite(frequencyMinutes, 0);
  // The packed columns become their verdict words, once the primary key is counted.
  for (let i = 0; i < verdicts.length; i++) verdicts[i] = verdictWord(verdicts[i] as number, pk, source);
  const hasInserts = hasKind(changes.inserts, inserts);
  const hasUpdates = hasKind(changes.updates, updates);
  const hasDeletes = hasKind(changes.deletes, deletes);
  return {
    traits,
    table: typeof t.table === 'string' && t.table.length > 0 ? t.table : '<table>',
    source,
    rows: rows === undefined ? undefined : Math.floor(rows),
    columns,
    verdicts,
    primaryKeyColumns: pk,
    noPrimaryKey: columns !== undefined && notPk === columns.length,
    has: { inserts: hasInserts, updates: hasUpdates, deletes: hasDeletes },
    hasCodes: TRI_CODE(hasInserts) | (TRI_CODE(hasUpdates) << 2) | (TRI_CODE(hasDeletes) << 4),
    perDay: { inserts, updates, deletes },
    frequencyMinutes:
      override !== undefined && override > 0 ? override : positive(t.replication_frequency_minutes),
    ctDatabase: bool(ct.database_enabled),
    ctTable: bool(ct.table_enabled),
    ctRetentionMinutes: positive(ct.retention_minutes),
  };
}

function positive(v: unknown): number | undefined {
  const n = finite(v, 0);
  return n !== undefined && n > 0 ? n : undefined;
}

/** The index of the column named exactly `name`, or -1. */
export function findColumn(facts: TableFacts, name: string): number {
  const columns = facts.columns;
  if (columns === undefined) return -1;
  for (let i = 0; i < columns.length; i++) if ((columns[i] as ColumnTraits).name === name) return i;
  return -1;
}

/** The name of a column that differs from `name` only in case, if any. */
export function findColumnIgnoringCase(facts: TableFacts, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const c of facts.columns ?? []) if (c.name.toLowerCase() === lower) return c.name;
  return undefined;
}
