/**
 * The readers of the advisor's options, each checking one option before use (with
 * `readOptions`, `issues/read-options.ts`: an unknown key is an issue, with a suggestion, and the
 * result is a fresh object of plain values). Paths start with `options`.
 *
 * @module
 */

import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import { FIELD_KINDS } from '../../catalogue/field-kinds.js';
import { MODES, QUERY_MODES, type QueryMode } from '../../catalogue/modes.js';
import type { ChangeKind, FieldSpec } from '../../catalogue/types.js';
import { previewString } from '../../issues/describe.js';
import { invalidModeIssue } from '../../issues/invalid-mode.js';
import { invalidOptionIssue } from '../../issues/invalid-option.js';
import { invalidTypeIssue } from '../../issues/invalid-type.js';
import { isRecord } from '../../issues/is-record.js';
import { makeIssue } from '../../issues/make-issue.js';
import { numberReader } from '../../issues/number-reader.js';
import type { OptionReader } from '../../issues/read-options.js';
import { unknownKeyIssue } from '../../issues/unknown-key.js';

/** `rowsEstimateMargin`: a fraction from 0 to 1 (the advisor's, `checkAgainstTable`'s and the plan's). */
export const marginReader = numberReader({ min: 0, max: 1, expected: 'a fraction from 0 to 1' });

/** A list of values from a closed set, each checked, with a suggestion for a misspelling. */
function listReader<T extends string>(
  allowed: readonly T[],
  invalid: 'invalid_mode' | 'invalid_option',
): OptionReader<T[]> {
  return (value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push(invalidTypeIssue(path, 'array', value));
      return undefined;
    }
    const out: T[] = [];
    const before = issues.length;
    value.forEach((item, i) => {
      if (typeof item !== 'string') {
        issues.push(invalidTypeIssue([...path, i], 'string', item));
      } else if (!(allowed as readonly string[]).includes(item)) {
        issues.push(
          invalid === 'invalid_option'
            ? invalidOptionIssue([...path, i], item, allowed)
            : invalidModeIssue([...path, i], item),
        );
      } else if (!out.includes(item as T)) out.push(item as T);
    });
    return issues.length > before ? undefined : out;
  };
}

/** A list of query modes. */
export const modesReader: OptionReader<QueryMode[]> = listReader(QUERY_MODES, 'invalid_mode');

/** A list of change kinds. */
export const kindsReader: OptionReader<ChangeKind[]> = listReader(CHANGE_KINDS, 'invalid_option');

/** One value of a closed set. */
export function oneOfReader<T extends string>(allowed: readonly T[]): OptionReader<T> {
  return (value, path, issues) => {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    if (typeof value !== 'string') {
      issues.push(invalidTypeIssue(path, 'string', value));
      return undefined;
    }
    issues.push(invalidOptionIssue(path, value, allowed));
    return undefined;
  };
}

/** The config fields that are not column names, by name, with their kind (from the catalogue). */
const VALUE_FIELDS: ReadonlyMap<string, FieldSpec> = new Map(
  MODES.flatMap((m) => (m.fields as readonly FieldSpec[]).filter((f) => f.kind !== 'column_name')).map(
    (f) => [f.name, f],
  ),
);

/** Values of the config fields that are not column names, each checked by its field kind. */
export const fieldValuesReader: OptionReader<Readonly<Record<string, boolean | string>>> = (
  value,
  path,
  issues,
) => {
  if (!isRecord(value)) {
    issues.push(invalidTypeIssue(path, 'object', value));
    return undefined;
  }
  const out: Record<string, boolean | string> = {};
  const before = issues.length;
  const names = [...VALUE_FIELDS.keys()];
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v === undefined) continue;
    const field = VALUE_FIELDS.get(key);
    if (field === undefined) {
      issues.push(unknownKeyIssue(path, key, names));
      continue;
    }
    const failure = FIELD_KINDS[field.kind].check(v);
    if (failure === undefined) out[key] = v as boolean | string;
    else if (failure.code === 'invalid_type')
      issues.push(invalidTypeIssue([...path, key], failure.expected, v));
    else issues.push(makeIssue({ ...failure, path: [...path, key], received: previewString(String(v)) }));
  }
  return issues.length > before ? undefined : out;
};
