/**
 * The facts of one column, read once from its traits, and what follows from them (a column
 * without NULLs, with unique values, given a new value on every insert, holding dates and
 * times). Each derived fact is a yes/no/unknown answer; unknown is never read as yes.
 *
 * @module
 */

import { MAYBE_INTEGER_FAMILIES } from '../../dialects/type-families/families.js';
import type { Tri } from '../traits/tri.js';
import { type TypeFactsTable, type TypeFamily, typeFactsIn, typeFactsTable } from './column-types.js';
import type { Filling } from './filling.js';
import type { ColumnFactsRead, TableFactsRead } from './generated/fact-types.js';
import type { SourceProfile } from './sources.js';
import { readsAsUpdateTime } from './update-time-names.js';

const MAYBE_INTEGER: ReadonlySet<TypeFamily> = new Set(MAYBE_INTEGER_FAMILIES);

/**
 * What the traits say of one column: the facts read from its traits (`ColumnFactsRead`, generated
 * from the field table), and those that follow from them ({@link deriveColumnFacts}).
 */
export interface ColumnFacts extends ColumnFactsRead {
  /** Its position in `columns`. */
  readonly index: number;
  /** The family of its type on the source (`unknown` for no type, or one the catalogue does not know). */
  readonly family: TypeFamily;
  /** Whether that type holds a date and a time of day, on the source (read once). */
  readonly holdsTime: Tri;
  /** Whether that type holds whole numbers, the type of an identity (read once). */
  readonly wholeNumbers: Tri;
  /** Whether the source can filter and sort on it (`filterable` and `sortable`): `no` when either is `no`. */
  readonly filterSort: Tri;
  /**
   * Whether its name reads as a modification time (`updated_at`, `updatedAt`: `update-time-names.ts`),
   * read once per column; false for a column known not to hold dates and times, the only columns
   * the name matters for (a timestamp field never takes one, and a remedy never touches one).
   */
  readonly updateTimeName: boolean;
}

/** What a column's derived facts are worked out in: the type names of the table's kind of source. */
export type ColumnTypeNames = TypeFactsTable;

/** The type names of a table's columns, from the facts read of the table (its kind of source). */
export function columnTypeNames(table: Pick<TableFactsRead, 'source'>): ColumnTypeNames {
  return typeFactsTable(table.source);
}

/** The derived facts of a column as the generated reader writes them, before {@link deriveColumnFacts}. */
export const UNDERIVED_COLUMN_FACTS: Omit<ColumnFacts, keyof ColumnFactsRead> = Object.freeze({
  index: 0,
  family: 'unknown',
  holdsTime: 'unknown',
  wholeNumbers: 'unknown',
  filterSort: 'unknown',
  updateTimeName: false,
});

/**
 * The one hand-written step of a column's reading (`generated/read-facts.ts`): the facts that
 * follow from those read, at its position in `columns`, with its type's facts on the source.
 */
export function deriveColumnFacts(c: Filling<ColumnFacts>, index: number, types: ColumnTypeNames): void {
  const { family, holdsTime, wholeNumbers } = typeFactsIn(types, c.type);
  c.index = index;
  c.family = family;
  c.holdsTime = holdsTime;
  // A decimal holds whole numbers only with scale 0 (`scale`, where its type name leaves it open).
  c.wholeNumbers =
    wholeNumbers === 'unknown' && c.scale !== undefined && MAYBE_INTEGER.has(family)
      ? c.scale === 0
        ? 'yes'
        : 'no'
      : wholeNumbers;
  c.filterSort =
    c.filterable === 'no' || c.sortable === 'no'
      ? 'no'
      : c.filterable === 'yes' && c.sortable === 'yes'
        ? 'yes'
        : 'unknown';
  // Only for columns that may hold times: folding every name was 7% of chooseMode (pnpm bench advisor).
  c.updateTimeName = holdsTime !== 'no' && readsAsUpdateTime(c.name);
}

/**
 * Whether the column holds no NULLs: declared NOT NULL, or part of the primary key (the database
 * refuses NULL in a primary-key column whatever else the traits say, so that key alone decides).
 */
export function holdsNoNulls(c: ColumnFacts): Tri {
  if (c.primaryKey === 'yes') return 'yes';
  if (c.nullable !== 'unknown') return c.nullable === 'no' ? 'yes' : 'no';
  return 'unknown';
}

/** What the table's primary key says of its columns. */
export interface KeyFacts {
  /** How many columns are known to be part of the primary key. */
  readonly primaryKeyColumns: number;
  /** Whether every column's membership of the primary key is known. */
  readonly primaryKeyComplete: boolean;
}

/**
 * Whether the column's values are unique: a unique constraint on it, or a primary key of that
 * column alone. A column in a key with other columns is not unique by the key; a key whose other
 * members are not known is not known to be of one column. AUTO_INCREMENT, identity or a sequence
 * does not make a column unique (explicit values may repeat).
 */
export function hasUniqueValues(c: ColumnFacts, key: KeyFacts): Tri {
  if (c.unique === 'yes') return 'yes';
  if (c.primaryKey === 'yes' && key.primaryKeyColumns === 1 && key.primaryKeyComplete) return 'yes';
  return c.unique;
}

/**
 * Whether each new record's value is higher than every earlier one: an identity, a sequence or a
 * whole-table AUTO_INCREMENT shows it (a per-group AUTO_INCREMENT is not unique, which the
 * uniqueness rule catches). For any other column of whole numbers it is not known (a question to
 * the user), unless the source's `auto_increment` is that very answer (`autoIncrementIsGrowth`:
 * false says it does not grow); a type that is not whole numbers does not increment.
 */
export function growsWithInserts(c: ColumnFacts, source: Pick<SourceProfile, 'autoIncrementIsGrowth'>): Tri {
  if (c.wholeNumbers === 'no') return 'no';
  if (c.autoIncrement === 'yes') return 'yes';
  return c.autoIncrement === 'no' && source.autoIncrementIsGrowth ? 'no' : 'unknown';
}

/** Whether the database sets the column on every insert: auto-increment, or a default or trigger. */
export function setByDatabaseOnInsert(c: ColumnFacts): Tri {
  if (c.autoIncrement === 'yes' || c.setOnInsert === 'yes') return 'yes';
  return c.setOnInsert;
}

/** Whether the column holds dates and times, on the source when known. */
export function holdsDateTimes(c: ColumnFacts): Tri {
  return c.holdsTime;
}
