/**
 * The facts the advisor reads from table traits, gathered once per table. Every read is
 * type-guarded, so traits that were not validated never make the advisor throw: a value of the
 * wrong type reads as unknown.
 *
 * @module
 */
import type { ChangeKind } from '../catalogue/types.js';
import { COLUMN_BITS, packColumn, TRAIT_FALSE, TRAIT_TRUE, trait } from './column-bits.js';
import { verdictWord } from './column-verdicts.js';
import { type ColumnTraits, SOURCE_KINDS, type SourceKind, type TableTraits } from './traits.js';

/** A fact that may be unknown. */
export type Tri = 'yes' | 'no' | 'unknown';

/** The change kinds, in the order of the catalogue's `captures`. */
export const CHANGE_KINDS: readonly ChangeKind[] = ['inserts', 'updates', 'deletes'];

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
  /** The rate per day of each kind of change, when known. */
  readonly perDay: { readonly [K in ChangeKind]: number | undefined };
  /** The pipeline's replication frequency in minutes, when known. */
  readonly frequencyMinutes: number | undefined;
  /** Change tracking on the database, the table, and the retention in minutes. */
  readonly ctDatabase: boolean | undefined;
  readonly ctTable: boolean | undefined;
  readonly ctRetentionMinutes: number | undefined;
}

const SOURCES: ReadonlySet<string> = new Set<string>(SOURCE_KINDS);

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
    columns = t.columns as ColumnTraits[];
    for (const c of columns) {
      if (!isObject(c) || typeof c.name !== 'string') {
        columns = columns.filter(isColumn);
        break;
      }
    }
    for (const c of columns) {
      const packed = packColumn(c);
      const inKey = trait(packed, COLUMN_BITS.primary_key);
      if (inKey === TRAIT_TRUE) pk++;
      else if (inKey === TRAIT_FALSE) notPk++;
      verdicts.push(packed);
    }
  }
  const inserts = finite(changes.inserts_per_day, 0);
  const updates = finite(changes.updates_per_day, 0);
  const deletes = finite(changes.deletes_per_day, 0);
  const source = SOURCES.has(t.source as string) ? (t.source as SourceKind) : undefined;
  const rows = finite(t.rows, 0);
  const override = finite(frequencyMinutes, 0);
  // The packed columns become their verdict words, once the primary key is counted.
  for (let i = 0; i < verdicts.length; i++) verdicts[i] = verdictWord(verdicts[i] as number, pk, source);
  return {
    traits,
    table: typeof t.table === 'string' && t.table.length > 0 ? t.table : '<table>',
    source,
    rows: rows === undefined ? undefined : Math.floor(rows),
    columns,
    verdicts,
    primaryKeyColumns: pk,
    noPrimaryKey: columns !== undefined && notPk === columns.length,
    has: {
      inserts: hasKind(changes.inserts, inserts),
      updates: hasKind(changes.updates, updates),
      deletes: hasKind(changes.deletes, deletes),
    },
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
