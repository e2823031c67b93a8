/**
 * The verdicts of the column tests on a packed column (`column-bits.ts`), as codes 0 (yes),
 * 1 (no), 2 (unknown), and all of them packed in one integer per column, two bits per test in
 * the order of {@link COLUMN_TESTS}. Computed once per column per table.
 *
 * @module
 */
import type { ColumnTest } from './checks.js';
import { COLUMN_BITS as B, TRAIT_FALSE, TRAIT_TRUE, trait } from './column-bits.js';
import { dateTimeCode, identityCapableCode } from './column-types.js';
import type { SourceKind } from './traits.js';

/** A verdict as a code: 0 yes, 1 no, 2 unknown. */
export type VerdictCode = 0 | 1 | 2;

/** Every column test, in the order of the verdict word. */
export const COLUMN_TESTS: readonly ColumnTest[] = [
  'not_null',
  'unique',
  'unique_for_new',
  'auto_update',
  'set_on_insert',
  'auto_increment',
  'timestamp_type',
];

/** Whether a column's values are unique: a unique constraint, or a primary key of that column alone. */
function unique(bits: number, primaryKeyColumns: number): VerdictCode {
  const u = trait(bits, B.unique);
  if (u === TRAIT_TRUE) return 0;
  if (primaryKeyColumns === 1 && trait(bits, B.primary_key) === TRAIT_TRUE) return 0;
  return u === TRAIT_FALSE ? 1 : 2;
}

/** A boolean trait as a verdict: true yes, false no, absent unknown. */
function flag(bits: number, at: number): VerdictCode {
  const v = trait(bits, at);
  return v === TRAIT_TRUE ? 0 : v === TRAIT_FALSE ? 1 : 2;
}

/** The verdict of one column test on a packed column. */
export function columnTestVerdict(
  test: ColumnTest,
  bits: number,
  primaryKeyColumns: number,
  source: SourceKind | undefined,
): VerdictCode {
  switch (test) {
    case 'not_null': {
      const n = trait(bits, B.nullable);
      if (n === TRAIT_FALSE) return 0;
      if (n === TRAIT_TRUE) return 1;
      return trait(bits, B.primary_key) === TRAIT_TRUE ? 0 : 2;
    }
    case 'unique':
      return unique(bits, primaryKeyColumns);
    case 'unique_for_new': {
      const u = unique(bits, primaryKeyColumns);
      const ai = trait(bits, B.auto_increment);
      if (u === 0 || ai === TRAIT_TRUE) return 0;
      return u === 1 && ai === TRAIT_FALSE ? 1 : 2;
    }
    case 'auto_update':
      return flag(bits, B.set_on_update);
    case 'set_on_insert':
      if (trait(bits, B.auto_increment) === TRAIT_TRUE || trait(bits, B.set_on_insert) === TRAIT_TRUE)
        return 0;
      return trait(bits, B.set_on_insert) === TRAIT_FALSE ? 1 : 2;
    case 'auto_increment': {
      const ai = trait(bits, B.auto_increment);
      if (ai !== 0) return ai === TRAIT_TRUE ? 0 : 1;
      // Not given: a column whose type cannot be an identity is known not to be auto-increment.
      return identityCapableCode(bits >>> B.typeClass) === 1 ? 1 : 2;
    }
    case 'timestamp_type':
      return dateTimeCode(bits >>> B.typeClass, source);
  }
}

/**
 * Every column test's verdict on a packed column, two bits each in the order of
 * {@link COLUMN_TESTS}: the same verdicts as {@link columnTestVerdict}, computed in one pass.
 */
export function verdictWord(bits: number, primaryKeyColumns: number, source: SourceKind | undefined): number {
  const nullable = bits & 3;
  const u = (bits >>> B.unique) & 3;
  const pk = (bits >>> B.primary_key) & 3;
  const ai = (bits >>> B.auto_increment) & 3;
  const soi = (bits >>> B.set_on_insert) & 3;
  const sou = (bits >>> B.set_on_update) & 3;
  const notNull = nullable === TRAIT_FALSE ? 0 : nullable === TRAIT_TRUE ? 1 : pk === TRAIT_TRUE ? 0 : 2;
  const uniq =
    u === TRAIT_TRUE || (primaryKeyColumns === 1 && pk === TRAIT_TRUE) ? 0 : u === TRAIT_FALSE ? 1 : 2;
  const forNew = uniq === 0 || ai === TRAIT_TRUE ? 0 : uniq === 1 && ai === TRAIT_FALSE ? 1 : 2;
  const autoUpdate = sou === TRAIT_TRUE ? 0 : sou === TRAIT_FALSE ? 1 : 2;
  const onInsert = ai === TRAIT_TRUE || soi === TRAIT_TRUE ? 0 : soi === TRAIT_FALSE ? 1 : 2;
  const autoIncrement =
    ai === TRAIT_TRUE ? 0 : ai === TRAIT_FALSE || identityCapableCode(bits >>> B.typeClass) === 1 ? 1 : 2;
  const dateTime = dateTimeCode(bits >>> B.typeClass, source);
  return (
    notNull |
    (uniq << 2) |
    (forNew << 4) |
    (autoUpdate << 6) |
    (onInsert << 8) |
    (autoIncrement << 10) |
    (dateTime << 12)
  );
}
