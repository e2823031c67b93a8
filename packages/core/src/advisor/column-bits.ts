/**
 * A column's facts packed in one integer, so that the advisor reads each trait of each column
 * once per table and then tests columns with bit operations.
 *
 * @module
 */
import { typeClass } from './column-types.js';
import type { ColumnTraits } from './traits.js';

/**
 * Where each column fact sits in a column's packed integer: two bits per boolean trait
 * (0 absent, 1 false, 2 true) and three bits for the type's class (`column-types.ts`).
 */
export const COLUMN_BITS = {
  nullable: 0,
  unique: 2,
  primary_key: 4,
  auto_increment: 6,
  set_on_insert: 8,
  set_on_update: 10,
  typeClass: 12,
} as const;

/** A boolean trait of a packed column: 0 absent (or not a boolean), 1 false, 2 true. */
export const TRAIT_ABSENT = 0;
/** See {@link TRAIT_ABSENT}. */
export const TRAIT_FALSE = 1;
/** See {@link TRAIT_ABSENT}. */
export const TRAIT_TRUE = 2;

const b2 = (v: unknown): number => (v === true ? TRAIT_TRUE : v === false ? TRAIT_FALSE : TRAIT_ABSENT);

/** Packs one column's facts (see {@link COLUMN_BITS}). */
export function packColumn(c: ColumnTraits): number {
  return (
    b2(c.nullable) |
    (b2(c.unique) << COLUMN_BITS.unique) |
    (b2(c.primary_key) << COLUMN_BITS.primary_key) |
    (b2(c.auto_increment) << COLUMN_BITS.auto_increment) |
    (b2(c.set_on_insert) << COLUMN_BITS.set_on_insert) |
    (b2(c.set_on_update) << COLUMN_BITS.set_on_update) |
    (typeClass(c.type) << COLUMN_BITS.typeClass)
  );
}

/** One packed trait of a column: 0 absent, 1 false, 2 true. */
export function trait(bits: number, at: number): number {
  return (bits >>> at) & 3;
}
