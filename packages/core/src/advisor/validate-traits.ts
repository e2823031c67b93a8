/**
 * The fast, hand-written validator of table traits. It runs once per table on the CLI's NDJSON
 * path, so it builds next to nothing on success (a list of the column names): no zod, no regular
 * expression, no copy. The zod schema `tableTraitsSchema` (entry `@querymode/core/schemas`)
 * states the same rules, and a differential property test holds the two equal.
 *
 * @module
 */
import { FIELD_KINDS } from '../catalogue/field-kinds.js';
import { describeThrown, describeValue, previewString } from '../issues/describe.js';
import type { Issue, IssuePath, Result } from '../issues/types.js';
import { closest } from '../validate/suggest.js';
import { isRecord, makeIssue } from '../validate/validate.js';
import {
  CHANGE_ANSWERS,
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  PIPELINE_MODES,
  SOURCE_KINDS,
  TABLE_TRAIT_FIELDS,
  type TableTraits,
  TRAIT_NUMBERS,
  type TraitField,
} from './traits.js';

const hasOwn = Object.hasOwn;
const ROOT_KEYS = TABLE_TRAIT_FIELDS.map((f) => f.name);
const COLUMN_KEYS = COLUMN_TRAIT_FIELDS.map((f) => f.name);
const CHANGE_KEYS = CHANGE_TRAIT_FIELDS.map((f) => f.name);
const CT_KEYS = CHANGE_TRACKING_TRAIT_FIELDS.map((f) => f.name);
/** Above this many columns, duplicates are found with a set instead of pairwise comparison. */
const PAIRWISE_MAX = 32;

type Issues = Issue[];

function at(path: IssuePath, key: string | number): IssuePath {
  return [...path, key];
}

function typeIssue(
  issues: Issues,
  path: IssuePath,
  expected: 'object' | 'string' | 'boolean' | 'array' | 'number',
  value: unknown,
): void {
  issues.push(makeIssue({ code: 'invalid_type', path, expected, received: describeValue(value) }));
}

function unknownKey(issues: Issues, path: IssuePath, key: string, allowed: readonly string[]): void {
  const suggestion = closest(key, allowed);
  const prefix = path.length === 0 ? '' : `${path.filter((p) => typeof p === 'string').join('.')}.`;
  issues.push(
    makeIssue({
      code: 'unknown_field',
      path: at(path, key),
      field: key,
      allowed,
      ...(suggestion === undefined ? {} : { suggestion: `${prefix}${suggestion}` }),
    }),
  );
}

function checkString(issues: Issues, path: IssuePath, key: string, value: unknown): void {
  if (typeof value !== 'string') typeIssue(issues, at(path, key), 'string', value);
}

function checkBoolean(issues: Issues, path: IssuePath, key: string, value: unknown): void {
  if (typeof value !== 'boolean') typeIssue(issues, at(path, key), 'boolean', value);
}

function checkOption(
  issues: Issues,
  path: IssuePath,
  key: string,
  value: unknown,
  allowed: readonly string[],
): void {
  if (typeof value !== 'string') {
    typeIssue(issues, at(path, key), 'string', value);
    return;
  }
  for (const option of allowed) if (option === value) return;
  const suggestion = closest(value, allowed);
  issues.push(
    makeIssue({
      code: 'invalid_option',
      path: at(path, key),
      received: value.length > 64 ? `${value.slice(0, 64)}…` : value,
      allowed,
      ...(suggestion === undefined ? {} : { suggestion }),
    }),
  );
}

function checkNumber(
  issues: Issues,
  path: IssuePath,
  key: string,
  value: unknown,
  kind: keyof typeof TRAIT_NUMBERS,
): void {
  if (typeof value !== 'number') {
    typeIssue(issues, at(path, key), 'number', value);
    return;
  }
  const spec = TRAIT_NUMBERS[kind];
  const ok =
    Number.isFinite(value) &&
    (spec.exclusive ? value > spec.min : value >= spec.min) &&
    (!spec.integer || Number.isSafeInteger(value));
  if (!ok) {
    issues.push(
      makeIssue({
        code: 'invalid_number',
        path: at(path, key),
        expected: spec.expected,
        received: describeValue(value),
      }),
    );
  }
}

function checkColumn(issues: Issues, column: unknown, path: IssuePath): void {
  if (!isRecord(column)) {
    typeIssue(issues, path, 'object', column);
    return;
  }
  for (const key in column) {
    if (!hasOwn(column, key)) continue;
    const value = column[key];
    if (value === undefined) continue;
    switch (key) {
      case 'name': {
        const failure = FIELD_KINDS.column_name.check(value);
        if (failure === undefined) break;
        if (failure.code === 'invalid_type') typeIssue(issues, at(path, key), 'string', value);
        else
          issues.push(
            makeIssue({ ...failure, path: at(path, key), received: previewString(value as string) }),
          );
        break;
      }
      case 'type':
        checkString(issues, path, key, value);
        break;
      case 'nullable':
      case 'unique':
      case 'primary_key':
      case 'auto_increment':
      case 'set_on_insert':
      case 'set_on_update':
        checkBoolean(issues, path, key, value);
        break;
      default:
        unknownKey(issues, path, key, COLUMN_KEYS);
    }
  }
  if (column.name === undefined) {
    issues.push(makeIssue({ code: 'missing_field', path: at(path, 'name'), field: 'name' }));
  }
}

function columnName(column: unknown): string | undefined {
  return isRecord(column) && typeof column.name === 'string' ? column.name : undefined;
}

function checkDuplicates(issues: Issues, columns: readonly unknown[]): void {
  const n = columns.length;
  if (n <= PAIRWISE_MAX) {
    for (let i = 1; i < n; i++) {
      const name = columnName(columns[i]);
      if (name === undefined) continue;
      for (let j = 0; j < i; j++) {
        if (columnName(columns[j]) === name) {
          issues.push(makeIssue({ code: 'duplicate_column', path: ['columns', i, 'name'], name, first: j }));
          break;
        }
      }
    }
    return;
  }
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const name = columnName(columns[i]);
    if (name === undefined) continue;
    const first = seen.get(name);
    if (first === undefined) seen.set(name, i);
    else issues.push(makeIssue({ code: 'duplicate_column', path: ['columns', i, 'name'], name, first }));
  }
}

function checkColumns(issues: Issues, value: unknown): void {
  if (!Array.isArray(value)) {
    typeIssue(issues, ['columns'], 'array', value);
    return;
  }
  for (let i = 0; i < value.length; i++) checkColumn(issues, value[i], ['columns', i]);
  checkDuplicates(issues, value);
}

function checkNotes(issues: Issues, value: unknown): void {
  if (!Array.isArray(value)) {
    typeIssue(issues, ['notes'], 'array', value);
    return;
  }
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') typeIssue(issues, ['notes', i], 'string', value[i]);
  }
}

function checkObject(
  issues: Issues,
  value: unknown,
  path: IssuePath,
  fields: readonly TraitField[],
  keys: readonly string[],
): void {
  if (!isRecord(value)) {
    typeIssue(issues, path, 'object', value);
    return;
  }
  for (const key in value) {
    if (!hasOwn(value, key)) continue;
    const v = value[key];
    if (v === undefined) continue;
    let found: TraitField | undefined;
    for (const f of fields) {
      if (f.name === key) {
        found = f;
        break;
      }
    }
    if (found === undefined) unknownKey(issues, path, key, keys);
    else if (found.kind === 'change_answer') checkOption(issues, path, key, v, CHANGE_ANSWERS);
    else if (found.kind === 'boolean') checkBoolean(issues, path, key, v);
    else if (found.kind === 'string') checkString(issues, path, key, v);
    else if (found.kind === 'rate' || found.kind === 'positive' || found.kind === 'count')
      checkNumber(issues, path, key, v, found.kind);
  }
}

function run(input: unknown): Result<TableTraits> {
  if (!isRecord(input)) {
    return {
      ok: false,
      issues: [
        makeIssue({ code: 'invalid_type', path: [], expected: 'object', received: describeValue(input) }),
      ],
    };
  }
  const issues: Issues = [];
  const root: IssuePath = [];
  for (const key in input) {
    if (!hasOwn(input, key)) continue;
    const value = input[key];
    if (value === undefined) continue;
    switch (key) {
      case 'table':
      case 'schema':
        checkString(issues, root, key, value);
        break;
      case 'rows_estimate':
        checkBoolean(issues, root, key, value);
        break;
      case 'notes':
        checkNotes(issues, value);
        break;
      case 'source':
        checkOption(issues, root, key, value, SOURCE_KINDS);
        break;
      case 'pipeline_mode':
        checkOption(issues, root, key, value, PIPELINE_MODES);
        break;
      case 'rows':
        checkNumber(issues, root, key, value, 'count');
        break;
      case 'replication_frequency_minutes':
        checkNumber(issues, root, key, value, 'positive');
        break;
      case 'columns':
        checkColumns(issues, value);
        break;
      case 'changes':
        checkObject(issues, value, ['changes'], CHANGE_TRAIT_FIELDS, CHANGE_KEYS);
        break;
      case 'change_tracking':
        checkObject(issues, value, ['change_tracking'], CHANGE_TRACKING_TRAIT_FIELDS, CT_KEYS);
        break;
      default:
        unknownKey(issues, root, key, ROOT_KEYS);
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: input as TableTraits };
}

/** JavaScript's `\s` as a test on one UTF-16 code unit (the white space of `COLUMN_NAME_PATTERN`). */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c > 127 &&
      (c === 160 ||
        c === 5760 ||
        (c >= 8192 && c <= 8202) ||
        c === 8232 ||
        c === 8233 ||
        c === 8239 ||
        c === 8287 ||
        c === 12288 ||
        c === 65279))
  );
}

const isRate = (v: unknown): boolean => typeof v === 'number' && v >= 0 && v < Infinity;
const isPositive = (v: unknown): boolean => typeof v === 'number' && v > 0 && v < Infinity;
const isAnswer = (v: unknown): boolean => v === 'yes' || v === 'no' || v === 'unknown';

/*
 * The fast check reads each object in one `for...in` pass over its keys, with a `switch` on the
 * key: that visits only the keys present (fewer reads than probing every known key) and finds an
 * unknown key on the way, with no count to compare. It reads inherited enumerable keys too: one
 * that is not a traits key only makes the fast check fail, and the detailed check then reads own
 * keys only. A key whose value is `undefined` also makes it fail (the detailed check skips it).
 */

/** A valid column's name, or undefined when the column is not valid (or the fast check is not sure). */
function fastColumn(c: unknown): string | undefined {
  if (!isRecord(c)) return undefined;
  let name: unknown;
  for (const key in c) {
    const value = c[key];
    switch (key) {
      case 'name':
        name = value;
        break;
      case 'type':
        if (typeof value !== 'string') return undefined;
        break;
      case 'nullable':
      case 'unique':
      case 'primary_key':
      case 'auto_increment':
      case 'set_on_insert':
      case 'set_on_update':
        if (typeof value !== 'boolean') return undefined;
        break;
      default:
        return undefined;
    }
  }
  if (typeof name !== 'string') return undefined;
  const n = name.length;
  if (n === 0 || isSpace(name.charCodeAt(0)) || isSpace(name.charCodeAt(n - 1))) return undefined;
  return name;
}

/** Whether every column is valid and no name is listed twice (pairwise, up to {@link PAIRWISE_MAX} columns). */
function fastColumns(columns: unknown): boolean {
  if (!Array.isArray(columns)) return false;
  const n = columns.length;
  if (n > PAIRWISE_MAX) return false;
  const names: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const name = fastColumn(columns[i]);
    if (name === undefined) return false;
    for (let j = 0; j < i; j++) if (names[j] === name) return false;
    names[i] = name;
  }
  return true;
}

function fastChanges(changes: unknown): boolean {
  if (!isRecord(changes)) return false;
  for (const key in changes) {
    const value = changes[key];
    switch (key) {
      case 'inserts':
      case 'updates':
      case 'deletes':
        if (!isAnswer(value)) return false;
        break;
      case 'inserts_per_day':
      case 'updates_per_day':
      case 'deletes_per_day':
        if (!isRate(value)) return false;
        break;
      case 'observed_days':
        if (!isPositive(value)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

function fastChangeTracking(ct: unknown): boolean {
  if (!isRecord(ct)) return false;
  for (const key in ct) {
    const value = ct[key];
    switch (key) {
      case 'database_enabled':
      case 'table_enabled':
      case 'auto_cleanup':
        if (typeof value !== 'boolean') return false;
        break;
      case 'retention_minutes':
        if (!isPositive(value)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/**
 * Whether the input is valid, decided with plain reads and no allocation beyond the column
 * names. `false` does not mean invalid: the detailed check then decides.
 */
function fastValid(input: Record<string, unknown>): boolean {
  for (const key in input) {
    const value = input[key];
    switch (key) {
      case 'table':
      case 'schema':
        if (typeof value !== 'string') return false;
        break;
      case 'rows_estimate':
        if (typeof value !== 'boolean') return false;
        break;
      case 'notes':
        if (!Array.isArray(value) || !value.every((n) => typeof n === 'string')) return false;
        break;
      case 'source':
        if (!SOURCE_SET.has(value as string)) return false;
        break;
      case 'pipeline_mode':
        if (!PIPELINE_SET.has(value as string)) return false;
        break;
      case 'rows':
        if (!(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) return false;
        break;
      case 'replication_frequency_minutes':
        if (!isPositive(value)) return false;
        break;
      case 'columns':
        if (!fastColumns(value)) return false;
        break;
      case 'changes':
        if (!fastChanges(value)) return false;
        break;
      case 'change_tracking':
        if (!fastChangeTracking(value)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

const SOURCE_SET: ReadonlySet<string> = new Set(SOURCE_KINDS);
const PIPELINE_SET: ReadonlySet<string> = new Set(PIPELINE_MODES);

/**
 * Validates table traits strictly: unknown keys are rejected at every level, and every present
 * value must have its type and range (counts are safe integers of at least 0, rates finite and at
 * least 0, minutes finite and above 0, column names non-empty without surrounding white space,
 * and no column name listed twice). A key whose value is `undefined` counts as absent.
 *
 * Fast, and on success it allocates only a list of the column names: `value` is the input object
 * itself, not a copy (it already has exactly the traits shape). Never throws: a hostile input (a
 * throwing getter or proxy) gives one `unreadable_input` issue.
 *
 * @example
 * const r = validateTableTraits(JSON.parse(line));
 * if (!r.ok) for (const issue of r.issues) console.error(issue.code, issue.message);
 */
export function validateTableTraits(input: unknown): Result<TableTraits> {
  try {
    if (isRecord(input) && fastValid(input)) return { ok: true, value: input as TableTraits };
    return run(input);
  } catch (error) {
    return {
      ok: false,
      issues: [makeIssue({ code: 'unreadable_input', path: [], detail: describeThrown(error) })],
    };
  }
}
