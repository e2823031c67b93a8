/**
 * The facts of one column, read once from its traits, and what follows from them (a column
 * without NULLs, with unique values, given a new value on every insert, holding dates and
 * times). Each derived fact is a yes/no/unknown answer; unknown is never read as yes.
 *
 * @module
 */
import type { SourceKind } from '../traits/model.js';
import { type Tri, triOf } from '../traits/tri.js';
import { canBeIdentity, holdsDateTime, type TypeClass, typeClass } from './column-types.js';

/** What the traits say of one column. */
export interface ColumnFacts {
  /** Its position in `columns`. */
  readonly index: number;
  /** Its name, exactly as given. */
  readonly name: string;
  /** Its data type as given, when known. */
  readonly type: string | undefined;
  /** The class of that type name. */
  readonly typeClass: TypeClass;
  /** `nullable`. */
  readonly nullable: Tri;
  /** `unique`. */
  readonly unique: Tri;
  /** `primary_key`. */
  readonly primaryKey: Tri;
  /** `auto_increment`. */
  readonly autoIncrement: Tri;
  /** `set_on_insert`. */
  readonly setOnInsert: Tri;
  /** `set_on_update`. */
  readonly setOnUpdate: Tri;
}

/**
 * Reads a column's facts. The name must already be a string; every other trait of the wrong
 * type reads as unknown.
 */
export function readColumn(
  column: Readonly<Record<string, unknown>>,
  name: string,
  index: number,
): ColumnFacts {
  const type = typeof column.type === 'string' ? column.type : undefined;
  return {
    index,
    name,
    type,
    typeClass: typeClass(type),
    nullable: triOf(column.nullable),
    unique: triOf(column.unique),
    primaryKey: triOf(column.primary_key),
    autoIncrement: triOf(column.auto_increment),
    setOnInsert: triOf(column.set_on_insert),
    setOnUpdate: triOf(column.set_on_update),
  };
}

/** Whether the column holds no NULLs: declared NOT NULL, or part of the primary key. */
export function holdsNoNulls(c: ColumnFacts): Tri {
  if (c.nullable !== 'unknown') return c.nullable === 'no' ? 'yes' : 'no';
  return c.primaryKey === 'yes' ? 'yes' : 'unknown';
}

/** Whether the column's values are unique: a unique constraint, or a primary key of that column alone. */
export function hasUniqueValues(c: ColumnFacts, primaryKeyColumns: number): Tri {
  if (c.unique === 'yes' || (primaryKeyColumns === 1 && c.primaryKey === 'yes')) return 'yes';
  return c.unique;
}

/** Whether the column is auto-increment; a column whose type cannot be an identity is known not to be. */
export function isAutoIncrement(c: ColumnFacts): Tri {
  if (c.autoIncrement !== 'unknown') return c.autoIncrement;
  return canBeIdentity(c.typeClass) === 'no' ? 'no' : 'unknown';
}

/** Whether every new record gets a value of its own: unique values, or auto-increment. */
export function getsNewValueOnInsert(c: ColumnFacts, primaryKeyColumns: number): Tri {
  const unique = hasUniqueValues(c, primaryKeyColumns);
  const increment = isAutoIncrement(c);
  if (unique === 'yes' || increment === 'yes') return 'yes';
  return unique === 'no' && increment === 'no' ? 'no' : 'unknown';
}

/** Whether the database sets the column on every insert: auto-increment, or a default or trigger. */
export function setByDatabaseOnInsert(c: ColumnFacts): Tri {
  if (c.autoIncrement === 'yes' || c.setOnInsert === 'yes') return 'yes';
  return c.setOnInsert;
}

/** Whether the column holds dates and times, on the source when known. */
export function holdsDateTimes(c: ColumnFacts, source: SourceKind | undefined): Tri {
  return holdsDateTime(c.typeClass, source);
}
