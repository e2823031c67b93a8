/**
 * The family of one type name, the tests' oracle: core reads a column's type through its facts
 * tables (`advisor/facts/column-types.ts`, over the same `familiesIn` and `lookUpType`), never one
 * name at a time, so this lookup lives with the tests that hold the dialects' tables to it.
 */

import { familiesIn, lookUpType } from '../src/dialects/type-families/lookup.js';
import type { DialectName, TypeFamily } from '../src/index.js';

/** The family of a type name in a dialect (or in none known); `unknown` for no type or a name not in the tables. */
export function typeFamily(type: string | undefined, dialect: DialectName | null | undefined): TypeFamily {
  if (typeof type !== 'string') return 'unknown';
  return lookUpType(familiesIn(dialect), type);
}
