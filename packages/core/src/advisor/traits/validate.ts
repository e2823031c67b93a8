/**
 * The validator of table traits, driven by the field table (`model.ts`): each key is looked up
 * in its object's fields and checked by its kind's spec (`TRAIT_KINDS`). The generated quick check (`isTableValid`,
 * `generated/readers.ts`) runs first; the detailed pass, which lists every issue, runs only when
 * that fails. The zod schema
 * `tableTraitsSchema` (entry `@querymode/core/schemas`) states the same rules, and a differential
 * property test holds the two equal.
 *
 * @module
 */

import { FIELD_KINDS } from '../../catalogue/field-kinds.js';
import { describeValue, previewString } from '../../issues/describe.js';
import { invalidOptionIssue } from '../../issues/invalid-option.js';
import { type ExpectedType, invalidTypeIssue } from '../../issues/invalid-type.js';
import { isRecord } from '../../issues/is-record.js';
import { makeIssue } from '../../issues/make-issue.js';
import type { Issue, IssuePath, Result } from '../../issues/types.js';
import { unknownKeyIssue } from '../../issues/unknown-key.js';
import { neverThrows } from '../../issues/unreadable.js';
import { isTableValid, KIND_TESTS } from './generated/readers.js';
import {
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  TABLE_TRAIT_FIELDS,
  type TableTraits,
  TRAIT_KINDS,
  type TraitField,
  type TraitKindSpec,
  type TraitValueKind,
} from './model.js';

/** The fields of one object of the model, by key, with the list of keys for messages. */
interface FieldIndex {
  readonly byName: { readonly [name: string]: TraitField | undefined };
  readonly names: readonly string[];
  readonly required: readonly TraitField[];
}

function indexOf(fields: readonly TraitField[]): FieldIndex {
  const byName: { [name: string]: TraitField } = Object.create(null);
  for (const f of fields) byName[f.name] = f;
  return { byName, names: fields.map((f) => f.name), required: fields.filter((f) => f.required) };
}

const ROOT = indexOf(TABLE_TRAIT_FIELDS);
const COLUMN = indexOf(COLUMN_TRAIT_FIELDS);
const NESTED: { readonly [K in TraitValueKind]?: FieldIndex } = {
  changes: indexOf(CHANGE_TRAIT_FIELDS),
  change_tracking: indexOf(CHANGE_TRACKING_TRAIT_FIELDS),
};

type Issues = Issue[];

const at = (path: IssuePath, key: string | number): IssuePath => [...path, key];

function typeIssue(issues: Issues, path: IssuePath, expected: ExpectedType, value: unknown): void {
  issues.push(invalidTypeIssue(path, expected, value));
}

/**
 * Checks a value by its kind's spec (`TRAIT_KINDS`): a list of columns or a nested object by its
 * fields, a list item by item, any other value by its base type and then by its kind's test
 * (`KIND_TESTS`), whose failure is the issue of its words, its range or its field kind.
 */
function checkValue(issues: Issues, path: IssuePath, kind: TraitValueKind, v: unknown): void {
  const spec: TraitKindSpec = TRAIT_KINDS[kind];
  switch (spec.base) {
    case 'columns':
      checkColumns(issues, path, v);
      return;
    case 'object':
      checkObject(issues, v, path, NESTED[kind] as FieldIndex);
      return;
    case 'list':
      if (!Array.isArray(v)) typeIssue(issues, path, 'array', v);
      else for (let i = 0; i < v.length; i++) checkValue(issues, at(path, i), 'string', v[i]);
      return;
  }
  if (typeof v !== spec.base) typeIssue(issues, path, spec.base, v);
  else if (!KIND_TESTS[kind]?.(v)) issues.push(valueIssue(spec, path, v as string | number));
}

/** The issue of a value of the right type that fails its kind's test: its range, its words or its field kind's. */
function valueIssue(spec: TraitKindSpec, path: IssuePath, v: string | number): Issue {
  if (spec.base === 'number')
    return makeIssue({ code: 'invalid_number', path, expected: spec.expected, received: describeValue(v) });
  if (spec.base === 'string' && spec.options !== undefined)
    return invalidOptionIssue(path, String(v), spec.options);
  const failure =
    spec.base === 'string' && spec.fieldKind !== undefined ? FIELD_KINDS[spec.fieldKind].check(v) : undefined;
  if (failure !== undefined && failure.code !== 'invalid_type')
    return makeIssue({ ...failure, path, received: previewString(String(v)) });
  // Not reached: a plain string or boolean passes its kind's test once its type is right.
  return invalidTypeIssue(path, spec.base === 'boolean' ? 'boolean' : 'string', v);
}

function checkObject(issues: Issues, value: unknown, path: IssuePath, index: FieldIndex): void {
  if (!isRecord(value)) {
    typeIssue(issues, path, 'object', value);
    return;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = value[key];
    if (v === undefined) continue;
    const field = index.byName[key];
    if (field === undefined) issues.push(unknownKeyIssue(path, key, index.names));
    else checkValue(issues, at(path, key), field.kind, v);
  }
  for (const field of index.required) {
    if (value[field.name] === undefined)
      issues.push(makeIssue({ code: 'missing_field', path: at(path, field.name), field: field.name }));
  }
}

function columnName(column: unknown): string | undefined {
  return isRecord(column) && typeof column.name === 'string' ? column.name : undefined;
}

function checkColumns(issues: Issues, path: IssuePath, value: unknown): void {
  if (!Array.isArray(value)) {
    typeIssue(issues, path, 'array', value);
    return;
  }
  for (let i = 0; i < value.length; i++) checkObject(issues, value[i], at(path, i), COLUMN);
  const first = new Map<string, number>();
  for (let i = 0; i < value.length; i++) {
    const name = columnName(value[i]);
    if (name === undefined) continue;
    const seen = first.get(name);
    if (seen === undefined) first.set(name, i);
    else issues.push(makeIssue({ code: 'duplicate_column', path: [...path, i, 'name'], name, first: seen }));
  }
}

/**
 * Validates table traits strictly: unknown keys are rejected at every level, and every present
 * value must have its type and range (counts are safe integers of at least 0, rates finite and at
 * least 0, minutes and days finite and above 0, column names non-empty without surrounding white
 * space, and no column name listed twice). A key whose value is `undefined` counts as absent.
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
  return neverThrows(validate, [input]);
}

function validate(input: unknown): Result<TableTraits> {
  if (isTableValid(input)) return { ok: true, value: input as TableTraits };
  const issues: Issues = [];
  checkObject(issues, input, [], ROOT);
  if (issues.length === 0) return { ok: true, value: input as TableTraits };
  return { ok: false, issues };
}
