/**
 * The checks of each field kind, as data: what a value must be, and why a value fails.
 * The fast validator reads this table; the zod schemas state the same rules with
 * `patterns.ts`, and a differential test holds the two equal.
 *
 * @module
 */
import type { FieldKind } from './types.js';

/** Why a value failed the check of its field kind. */
export type KindFailure =
  | { readonly code: 'invalid_type'; readonly expected: 'string' | 'boolean' }
  | { readonly code: 'invalid_column_name'; readonly reason: 'empty' | 'surrounding_whitespace' }
  | { readonly code: 'invalid_milliseconds'; readonly reason: 'not_digits' | 'too_large' };

/** One field kind: its description, its JSON type and its check. */
export interface FieldKindSpec {
  /** What a valid value is, in words, for messages and docs. */
  readonly expected: string;
  /** The JSON type of a valid value. */
  readonly jsonType: 'string' | 'boolean';
  /** The TypeScript type of a valid value, for docs. */
  readonly tsType: 'string' | 'boolean';
  /** `undefined` when the value is valid, else why not. */
  readonly check: (value: unknown) => KindFailure | undefined;
}

const STRING: KindFailure = { code: 'invalid_type', expected: 'string' };
const BOOLEAN: KindFailure = { code: 'invalid_type', expected: 'boolean' };
const EMPTY: KindFailure = { code: 'invalid_column_name', reason: 'empty' };
const SPACED: KindFailure = { code: 'invalid_column_name', reason: 'surrounding_whitespace' };
const NOT_DIGITS: KindFailure = { code: 'invalid_milliseconds', reason: 'not_digits' };
const TOO_LARGE: KindFailure = { code: 'invalid_milliseconds', reason: 'too_large' };

/** JavaScript's `\s`, the white space of `COLUMN_NAME_PATTERN`, as a one-character test. */
const WHITESPACE = /\s/;
const MAX_SAFE = String(Number.MAX_SAFE_INTEGER);

/** Whether a character code is printable ASCII other than a space: never white space. */
const plainAscii = (c: number): boolean => c > 32 && c < 127;

function checkColumnName(value: unknown): KindFailure | undefined {
  if (typeof value !== 'string') return STRING;
  const n = value.length;
  if (n === 0) return EMPTY;
  // Most names start and end with a plain ASCII character; the regular expression decides the rest
  // (measured: about 7% of `chooseMode`'s time on the benchmark's tables, which check every column name).
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(n - 1);
  if (!plainAscii(first) && WHITESPACE.test(value[0] as string)) return SPACED;
  if (!plainAscii(last) && WHITESPACE.test(value[n - 1] as string)) return SPACED;
  return undefined;
}

function checkMilliseconds(value: unknown): KindFailure | undefined {
  if (typeof value !== 'string') return STRING;
  const n = value.length;
  if (n === 0) return NOT_DIGITS;
  let start = -1;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return NOT_DIGITS;
    if (start < 0 && c !== 48) start = i;
  }
  if (start < 0) return undefined; // all zeros
  const digits = n - start;
  if (digits < MAX_SAFE.length) return undefined;
  if (digits > MAX_SAFE.length) return TOO_LARGE;
  return value.slice(start) > MAX_SAFE ? TOO_LARGE : undefined;
}

function checkBoolean(value: unknown): KindFailure | undefined {
  return typeof value === 'boolean' ? undefined : BOOLEAN;
}

/** Every field kind, with its check. */
export const FIELD_KINDS: { readonly [K in FieldKind]: FieldKindSpec } = {
  column_name: {
    expected: 'a non-empty column name without leading or trailing white space',
    jsonType: 'string',
    tsType: 'string',
    check: checkColumnName,
  },
  boolean: {
    expected: 'true or false',
    jsonType: 'boolean',
    tsType: 'boolean',
    check: checkBoolean,
  },
  milliseconds_string: {
    expected: `a string of decimal digits (milliseconds) from "0" to "${MAX_SAFE}"`,
    jsonType: 'string',
    tsType: 'string',
    check: checkMilliseconds,
  },
};
