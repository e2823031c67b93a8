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
  // One pass over the keys the column has (the enumerable keys, as `validateTableTraits` reads
  // them): columns parsed from JSON come in many shapes, and reading seven names from each would
  // be seven megamorphic property loads.
  let bits = typeClass(undefined) << COLUMN_BITS.typeClass;
  const o = c as unknown as Record<string, unknown>;
  for (const key in o) {
    switch (key) {
      case 'nullable':
        bits |= b2(o[key]);
        break;
      case 'unique':
        bits |= b2(o[key]) << COLUMN_BITS.unique;
        break;
      case 'primary_key':
        bits |= b2(o[key]) << COLUMN_BITS.primary_key;
        break;
      case 'auto_increment':
        bits |= b2(o[key]) << COLUMN_BITS.auto_increment;
        break;
      case 'set_on_insert':
        bits |= b2(o[key]) << COLUMN_BITS.set_on_insert;
        break;
      case 'set_on_update':
        bits |= b2(o[key]) << COLUMN_BITS.set_on_update;
        break;
      case 'type':
        bits = (bits & ~(7 << COLUMN_BITS.typeClass)) | (typeClass(o[key]) << COLUMN_BITS.typeClass);
        break;
    }
  }
  return bits;
}

/** One packed trait of a column: 0 absent, 1 false, 2 true. */
export function trait(bits: number, at: number): number {
  return (bits >>> at) & 3;
}
