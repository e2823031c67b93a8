/**
 * What the generated trait checks (`generated/readers.ts`) and fact readers (`facts/generated/`)
 * use besides the field table: the answer of a strict reader that is not sure, the limit of the
 * pairwise test of column names, and the tests of a column name and a list of notes.
 *
 * @module
 */
import { FIELD_KINDS } from '../../catalogue/field-kinds.js';

export { isRecord } from '../../issues/is-record.js';

/** What a strict reader gives for a value the quick check does not find valid. */
export const INVALID: unique symbol = Symbol('invalid traits');

/** Above this many columns, the strict readers are not sure and the validator finds repeated names with a set. */
export const PAIRWISE_MAX = 32;

/**
 * The column-name check (`FIELD_KINDS.column_name`), read once: reading it through the kinds for
 * each column was ~4% of chooseMode's own cost (CPU time).
 */
const checkColumnName = FIELD_KINDS.column_name.check;

/** Whether a value is a valid column name (`FIELD_KINDS.column_name`). */
export function isColumnName(v: unknown): v is string {
  return checkColumnName(v) === undefined;
}

/** Whether a value is a list of strings. */
export function isStringList(v: unknown): v is readonly string[] {
  return Array.isArray(v) && v.every((n) => typeof n === 'string');
}

/**
 * One of 32 bits for a non-empty name, by its length and last character: equal names share it, so a
 * name is compared with the earlier ones only when its bit is already set: ~9% of the strict
 * reading of a table's columns against every pair (docs/benchmarks.md, "History of the engine's
 * speed work", `nameBit`).
 */
export function nameBit(name: string): number {
  return 1 << ((name.length * 7 + name.charCodeAt(name.length - 1)) & 31);
}
