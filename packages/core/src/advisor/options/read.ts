/**
 * Reading the options of the advisor's public functions: every option is checked before use, an
 * unknown key is an issue (with a suggestion), and the result is a fresh object of plain values,
 * so that nothing the caller passes is read twice. Paths start with `options`.
 *
 * @module
 */

import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import { FIELD_KINDS } from '../../catalogue/field-kinds.js';
import { MODES, QUERY_MODES, type QueryMode } from '../../catalogue/modes.js';
import type { ChangeKind, FieldSpec } from '../../catalogue/types.js';
import { describeValue, previewString } from '../../issues/describe.js';
import { isRecord } from '../../issues/is-record.js';
import { makeIssue } from '../../issues/make-issue.js';
import { receivedText } from '../../issues/received.js';
import { closest } from '../../issues/suggest.js';
import type { Issue, IssuePath, Result } from '../../issues/types.js';
import { unknownKeyIssue } from '../traits/validate.js';

/** Reads one option's value, pushing issues; returns the value to keep, or undefined. */
export type OptionReader<T> = (value: unknown, path: IssuePath, issues: Issue[]) => T | undefined;

/** The readers of an options object, by key. */
export type OptionReaders = { readonly [key: string]: OptionReader<unknown> };

/** The options read: each key with its reader's type, absent when not given. */
export type OptionValues<R extends OptionReaders> = {
  readonly [K in keyof R]?: R[K] extends OptionReader<infer T> ? T : never;
};

/**
 * Reads an options object: `undefined` is no options; anything else must be an object whose
 * keys all have a reader. A key whose value is `undefined` counts as absent.
 */
export function readOptions<R extends OptionReaders>(input: unknown, readers: R): Result<OptionValues<R>> {
  if (input === undefined) return { ok: true, value: {} };
  const root: IssuePath = ['options'];
  if (!isRecord(input)) {
    return {
      ok: false,
      issues: [
        makeIssue({ code: 'invalid_type', path: root, expected: 'object', received: describeValue(input) }),
      ],
    };
  }
  const issues: Issue[] = [];
  const out: Record<string, unknown> = {};
  const keys = Object.keys(readers);
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (value === undefined) continue;
    const reader = Object.hasOwn(readers, key) ? readers[key] : undefined;
    if (reader === undefined) {
      issues.push(unknownKeyIssue(root, key, keys));
      continue;
    }
    const read = reader(value, [...root, key], issues);
    if (read !== undefined) out[key] = read;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: out as OptionValues<R> };
}

/** A finite number within bounds. */
export function numberReader(bounds: {
  readonly min: number;
  readonly exclusive: boolean;
  readonly max?: number;
  readonly expected: string;
}): OptionReader<number> {
  return (value, path, issues) => {
    if (typeof value !== 'number') {
      issues.push(
        makeIssue({ code: 'invalid_type', path, expected: 'number', received: describeValue(value) }),
      );
      return undefined;
    }
    const ok =
      Number.isFinite(value) &&
      (bounds.exclusive ? value > bounds.min : value >= bounds.min) &&
      (bounds.max === undefined || value <= bounds.max);
    if (ok) return value;
    issues.push(
      makeIssue({ code: 'invalid_number', path, expected: bounds.expected, received: describeValue(value) }),
    );
    return undefined;
  };
}

/** A list of values from a closed set, each checked, with a suggestion for a misspelling. */
function listReader<T extends string>(
  allowed: readonly T[],
  invalid: 'invalid_mode' | 'invalid_option',
): OptionReader<T[]> {
  return (value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push(
        makeIssue({ code: 'invalid_type', path, expected: 'array', received: describeValue(value) }),
      );
      return undefined;
    }
    const out: T[] = [];
    const before = issues.length;
    value.forEach((item, i) => {
      if (typeof item !== 'string') {
        issues.push(
          makeIssue({
            code: 'invalid_type',
            path: [...path, i],
            expected: 'string',
            received: describeValue(item),
          }),
        );
      } else if (!(allowed as readonly string[]).includes(item)) {
        const suggestion = closest(item, allowed);
        const received = receivedText(item);
        issues.push(
          invalid === 'invalid_mode'
            ? makeIssue({
                code: 'invalid_mode',
                path: [...path, i],
                received,
                allowed: allowed as unknown as readonly QueryMode[],
                ...(suggestion === undefined ? {} : { suggestion: suggestion as unknown as QueryMode }),
              })
            : makeIssue({
                code: 'invalid_option',
                path: [...path, i],
                received,
                allowed,
                ...(suggestion === undefined ? {} : { suggestion }),
              }),
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
      issues.push(
        makeIssue({ code: 'invalid_type', path, expected: 'string', received: describeValue(value) }),
      );
      return undefined;
    }
    const suggestion = closest(value, allowed);
    issues.push(
      makeIssue({
        code: 'invalid_option',
        path,
        received: receivedText(value),
        allowed,
        ...(suggestion === undefined ? {} : { suggestion }),
      }),
    );
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
    issues.push(
      makeIssue({ code: 'invalid_type', path, expected: 'object', received: describeValue(value) }),
    );
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
      issues.push(
        makeIssue({
          code: 'invalid_type',
          path: [...path, key],
          expected: failure.expected,
          received: describeValue(v),
        }),
      );
    else issues.push(makeIssue({ ...failure, path: [...path, key], received: previewString(String(v)) }));
  }
  return issues.length > before ? undefined : out;
};
