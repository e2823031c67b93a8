/**
 * The checks of each field kind, as data: what a value must be, its pattern, and why a value
 * fails. Each kind has two checks: querymode's own (the kind's `check`, applied by the strict
 * profile and by querymode's own formats such as traits) and `documented`, only what the
 * service's documentation states of such a value (applied by the documented profile). A profile
 * says which of the two it applies (`profiles.ts`). The fast validator reads the checks; the zod
 * schemas are built from the patterns (`patterns.ts`), and a differential test holds the two equal.
 *
 * @module
 */
import { COLUMN_NAME_PATTERN, MILLISECONDS_PATTERN } from './patterns.js';
import type { FieldKind } from './types.js';

/** Why a value failed the check of its field kind. */
export type KindFailure =
  | { readonly code: 'invalid_type'; readonly expected: 'string' | 'boolean' }
  | { readonly code: 'invalid_column_name'; readonly reason: 'empty' | 'surrounding_whitespace' }
  | { readonly code: 'invalid_milliseconds'; readonly reason: 'not_digits' | 'too_large' };

/** One check of a field kind: what a valid value is, in words and as a pattern, and the check itself. */
export interface KindCheck {
  /** What a valid value is, in words, for messages and docs. */
  readonly expected: string;
  /**
   * The regular expression every valid string matches, for the zod schemas (and so JSON Schema and
   * the OpenAPI document); absent when every value of the JSON type is valid.
   */
  readonly pattern?: string;
  /**
   * Where the check and the service's documentation part, for docs and schema descriptions: what
   * is querymode's own, or what querymode's strict profile adds. Absent when they agree.
   */
  readonly note?: string;
  /** `undefined` when the value is valid, else why not. */
  readonly check: (value: unknown) => KindFailure | undefined;
}

/**
 * One field kind: its JSON type, querymode's own check (the kind's `expected`, `pattern`, `note`
 * and `check`: the strict profile's, and that of querymode's own formats such as traits) and the
 * check of the service's documentation (`documented`: the documented profile's).
 */
export interface FieldKindSpec extends KindCheck {
  /** The JSON type of a valid value. */
  readonly jsonType: 'string' | 'boolean';
  /** The TypeScript type of a valid value, for docs. */
  readonly tsType: 'string' | 'boolean';
  /** Only what the service's documentation states of a value of this kind. */
  readonly documented: KindCheck;
}

const STRING: KindFailure = { code: 'invalid_type', expected: 'string' };
const BOOLEAN: KindFailure = { code: 'invalid_type', expected: 'boolean' };
const EMPTY_NAME: KindFailure = { code: 'invalid_column_name', reason: 'empty' };
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
  if (n === 0) return EMPTY_NAME;
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

function checkString(value: unknown): KindFailure | undefined {
  return typeof value === 'string' ? undefined : STRING;
}

/**
 * A column name as the service's documentation states it: `string`, and nothing more. An empty
 * string, or one with white space at either end, is a string.
 */
const DOCUMENTED_COLUMN_NAME: KindCheck = {
  expected: 'a string',
  note: "querymode's strict profile also refuses an empty name and white space at either end",
  check: checkString,
};

const BOOLEAN_CHECK: KindCheck = { expected: 'true or false', check: checkBoolean };

/**
 * The service's documentation states "string holding milliseconds (a number of milliseconds)":
 * a string of decimal digits. The upper bound is querymode's own, in both profiles: a larger
 * number cannot be read back exactly in JavaScript, and no delay comes near it (about 285,000 years).
 */
const MILLISECONDS_CHECK: KindCheck = {
  expected: `a string of decimal digits (milliseconds) from "0" to "${MAX_SAFE}"`,
  pattern: MILLISECONDS_PATTERN,
  note: "the upper bound is querymode's own, the largest integer JavaScript holds exactly; the service's documentation states none",
  check: checkMilliseconds,
};

/** Every field kind, with its checks. */
export const FIELD_KINDS: { readonly [K in FieldKind]: FieldKindSpec } = {
  column_name: {
    expected: 'a non-empty column name without leading or trailing white space',
    pattern: COLUMN_NAME_PATTERN,
    note: "querymode's own rule; the service's documentation states only a string",
    jsonType: 'string',
    tsType: 'string',
    check: checkColumnName,
    documented: DOCUMENTED_COLUMN_NAME,
  },
  boolean: { ...BOOLEAN_CHECK, jsonType: 'boolean', tsType: 'boolean', documented: BOOLEAN_CHECK },
  milliseconds_string: {
    ...MILLISECONDS_CHECK,
    jsonType: 'string',
    tsType: 'string',
    documented: MILLISECONDS_CHECK,
  },
};
