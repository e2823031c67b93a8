/**
 * The facts of one column, read once from its traits, and what follows from them (a column
 * without NULLs, with unique values, given a new value on every insert, holding dates and
 * times). Each derived fact is a yes/no/unknown answer; unknown is never read as yes.
 *
 * @module
 */

import { FIELD_KINDS } from '../../catalogue/field-kinds.js';
import { isRecord } from '../../issues/is-record.js';
import { COLUMN_TRAIT_FIELDS, type TraitValueKind } from '../traits/model.js';
import { COLUMN, fieldChecks, type OptionalFieldOf, quickField } from '../traits/quick-check.js';
import { type Tri, triOf } from '../traits/tri.js';
import { type TypeFactsTable, type TypeFamily, typeFactsIn } from './column-types.js';
import { readsAsUpdateTime } from './update-time-names.js';

/** What the traits say of one column. */
export interface ColumnFacts {
  /** Its position in `columns`. */
  readonly index: number;
  /** Its name, exactly as given. */
  readonly name: string;
  /** Its data type as given, when known. */
  readonly type: string | undefined;
  /** The family of that type on the source (`unknown` for no type, or one the catalogue does not know). */
  readonly family: TypeFamily;
  /** Whether that type holds a date and a time of day, on the source (read once). */
  readonly holdsTime: Tri;
  /** Whether that type holds whole numbers, the type of an identity (read once). */
  readonly wholeNumbers: Tri;
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
  /**
   * Whether its name reads as a modification time (`updated_at`, `updatedAt`: `update-time-names.ts`),
   * read once per column; false for a column known not to hold dates and times, the only columns
   * the name matters for (a timestamp field never takes one, and a remedy never touches one).
   */
  readonly updateTimeName: boolean;
}

/** The quick check of each column field's values, for `readColumn`. */
const CHECK = fieldChecks(COLUMN_TRAIT_FIELDS);

/**
 * The name of an optional column field of a kind, by the field table. `readColumn` checks the
 * optional fields by their kind's check written in place (`typeof v !== 'boolean'`, as
 * `quick-check.ts` checks a `boolean`), with nothing to count, instead of `CHECK.<field>`; its
 * case labelled `'x' satisfies OptionalField<K>` stops compiling when the table changes the
 * field's kind or makes it required. Measured side by side (advisor bench tables, CPU time, main
 * 3348738 as A, 41 rounds, twice), with the two changes to `readTraits` beside
 * `NO_CHANGE_TRACKING`: parse + `readFactsIfValid` 0.968-0.982x (-0.11 to -0.17 µs per table),
 * `readFactsIfValid` on parsed tables 0.95-0.96x, parse + `chooseMode` 0.981-0.986x (-0.08 to
 * -0.16 µs: a fifth to a third of what it lacks of its target). This part alone, against the
 * same code calling `CHECK.<field>`: -0.07 to -0.13 µs; through an imported `isBoolean(v)`
 * instead of `typeof` in place, half of that.
 */
type OptionalField<K extends TraitValueKind> = OptionalFieldOf<typeof COLUMN_TRAIT_FIELDS, K>;

/** What the strict reading of traits gives for a value the quick check does not find valid. */
export const INVALID: unique symbol = Symbol('invalid traits');

/**
 * Reads a column's facts in one pass over its keys (`for...in`: its enumerable keys, the ones
 * the validator checks). Read strictly, each value is checked by its field's quick check as it
 * is read (`quick-check.ts`), and a column that check does not find valid gives `INVALID`. Read
 * leniently (traits already validated, or a caller's partial record), a column whose name a body
 * cannot hold gives undefined (left out) and any other trait of the wrong type reads as unknown.
 * Measured: reading each column once, checked as it is read, instead of checking every column
 * and then reading it, made parse + `chooseMode` ~5% faster per table side by side (advisor bench tables, CPU time).
 */
export function readColumn(
  column: unknown,
  index: number,
  types: TypeFactsTable,
  strict: boolean,
): ColumnFacts | undefined | typeof INVALID {
  if (!isRecord(column)) return strict ? INVALID : undefined;
  let name: unknown;
  let typeValue: unknown;
  let nullable: unknown;
  let unique: unknown;
  let primaryKey: unknown;
  let autoIncrement: unknown;
  let setOnInsert: unknown;
  let setOnUpdate: unknown;
  let required = 0;
  for (const key in column) {
    const v = column[key];
    // Strictly, each value is checked by its field's check (its kind's, for an optional field of
    // a kind checked directly); a key the reader does not read, by `quickField`.
    switch (key) {
      case 'name':
        if (strict) {
          if (!CHECK.name.ok(v)) return INVALID;
          required += CHECK.name.required;
        }
        name = v;
        break;
      case 'type' satisfies OptionalField<'string'>:
        if (strict && typeof v !== 'string') return INVALID;
        typeValue = v;
        break;
      case 'nullable' satisfies OptionalField<'boolean'>:
        if (strict && typeof v !== 'boolean') return INVALID;
        nullable = v;
        break;
      case 'unique' satisfies OptionalField<'boolean'>:
        if (strict && typeof v !== 'boolean') return INVALID;
        unique = v;
        break;
      case 'primary_key' satisfies OptionalField<'boolean'>:
        if (strict && typeof v !== 'boolean') return INVALID;
        primaryKey = v;
        break;
      case 'auto_increment' satisfies OptionalField<'boolean'>:
        if (strict && typeof v !== 'boolean') return INVALID;
        autoIncrement = v;
        break;
      case 'set_on_insert' satisfies OptionalField<'boolean'>:
        if (strict && typeof v !== 'boolean') return INVALID;
        setOnInsert = v;
        break;
      case 'set_on_update' satisfies OptionalField<'boolean'>:
        if (strict && typeof v !== 'boolean') return INVALID;
        setOnUpdate = v;
        break;
      default:
        if (strict) {
          const field = quickField(COLUMN, key, v);
          if (field === undefined) return INVALID;
          if (field.required) required++;
        }
    }
  }
  if (strict) {
    // Every key held a valid value: the name, when counted, is a valid column name.
    if (required !== COLUMN.required.length) return INVALID;
  } else if (FIELD_KINDS.column_name.check(name) !== undefined) return undefined;
  const type = typeof typeValue === 'string' ? typeValue : undefined;
  const { family, holdsTime, wholeNumbers } = typeFactsIn(types, type);
  return {
    index,
    name: name as string,
    type,
    family,
    holdsTime,
    wholeNumbers,
    nullable: triOf(nullable),
    unique: triOf(unique),
    primaryKey: triOf(primaryKey),
    autoIncrement: triOf(autoIncrement),
    setOnInsert: triOf(setOnInsert),
    setOnUpdate: triOf(setOnUpdate),
    // Not read for the columns known to hold no dates and times (most of them): folding every
    // column's name was 7% of the time of parse + `chooseMode` per table on the advisor bench.
    updateTimeName: holdsTime !== 'no' && readsAsUpdateTime(name as string),
  };
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

/** Whether the column is auto-increment; a column whose type cannot be an identity is known not to be. */
export function isAutoIncrement(c: ColumnFacts): Tri {
  if (c.autoIncrement !== 'unknown') return c.autoIncrement;
  return c.wholeNumbers === 'no' ? 'no' : 'unknown';
}

/**
 * Whether each new record's value is higher than every earlier one: an identity, a sequence or a
 * whole-table AUTO_INCREMENT shows it (a per-group AUTO_INCREMENT is not unique, which the
 * uniqueness rule catches). For any other column of whole numbers it is not known (a question to
 * the user); a type that is not whole numbers does not increment.
 */
export function growsWithInserts(c: ColumnFacts): Tri {
  if (c.wholeNumbers === 'no') return 'no';
  return c.autoIncrement === 'yes' ? 'yes' : 'unknown';
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
