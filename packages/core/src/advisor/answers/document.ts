/**
 * The answers document: facts a user gives for many tables at once, `{ "defaults": <partial
 * traits>, "tables": { "<schema.table or glob>": <partial traits> } }`. A partial traits record
 * is a traits record whose every key is optional, read by the traits validator itself (the
 * field table, `traits/model.ts`, decides its keys and values), where `unknown` (or null) says
 * "not answered" for any field, as the `--questions` file writes it. The identity fields
 * (`table`, `schema`) are refused: the key under `tables` names the table.
 *
 * @module
 */

import { isArraySafe } from '../../issues/describe.js';
import { invalidTypeIssue } from '../../issues/invalid-type.js';
import { isRecord } from '../../issues/is-record.js';
import { makeIssue } from '../../issues/make-issue.js';
import type { Issue, IssuePath, Result } from '../../issues/types.js';
import { unknownKeyIssue } from '../../issues/unknown-key.js';
import { neverThrows } from '../../issues/unreadable.js';
import type { TableTraits, TraitField } from '../traits/model.js';
import {
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  TABLE_TRAIT_FIELDS,
} from '../traits/model.js';
import { validateTableTraits } from '../traits/validate.js';

/** The keys of an answers document. */
export const ANSWERS_KEYS = ['defaults', 'tables'] as const;

/** The value that leaves a field unanswered, as the `--questions` file writes it. */
export const UNANSWERED = 'unknown';

/** The fields of the traits record that name the table rather than state a fact of it. */
const IDENTITY_FIELDS: readonly string[] = ['table', 'schema'];

/** The root keys a partial traits record may have: the field table's, less the identity fields. */
export const ANSWER_FIELDS: readonly string[] = (TABLE_TRAIT_FIELDS as readonly TraitField[])
  .map((f) => f.name)
  .filter((name) => !IDENTITY_FIELDS.includes(name));

/** The nested objects whose fields are answered one by one, with their fields. */
const NESTED: Readonly<Record<string, readonly TraitField[]>> = {
  changes: CHANGE_TRAIT_FIELDS,
  change_tracking: CHANGE_TRACKING_TRAIT_FIELDS,
};

/** The column's identifying field. */
const COLUMN_NAME = (COLUMN_TRAIT_FIELDS as readonly TraitField[]).find((f) => f.required)?.name ?? 'name';

/** One entry of `tables`: its key (a table's name, or a glob with `*` and `?`) and its facts. */
export interface AnswersEntry {
  readonly pattern: string;
  readonly traits: TableTraits;
}

/** An answers document, read: the defaults (empty when not given) and the table entries in file order. */
export interface AnswersDocument {
  readonly defaults: TableTraits;
  readonly tables: readonly AnswersEntry[];
}

/** Whether a value says "not answered": `unknown` or null. */
const unanswered = (v: unknown): boolean => v === UNANSWERED || v === null;

/** A copy of an object without its unanswered keys. */
function answeredOnly(value: Record<string, unknown>, keep: (key: string) => boolean = () => false) {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (unanswered(v) && !keep(key)) continue;
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}

/**
 * A partial traits record without its unanswered fields: at the root, in `changes` and
 * `change_tracking`, and in each column (its name kept). What is not an object is left as it is,
 * for the validator to describe.
 */
function stripUnanswered(value: Record<string, unknown>): Record<string, unknown> {
  const out = answeredOnly(value);
  for (const key of Object.keys(NESTED)) {
    const nested = out[key];
    if (isRecord(nested)) {
      const kept = answeredOnly(nested);
      if (Object.keys(kept).length === 0) delete out[key];
      else out[key] = kept;
    }
  }
  const columns = out.columns;
  if (isArraySafe(columns))
    out.columns = (columns as unknown[]).map((c) =>
      isRecord(c) ? answeredOnly(c, (k) => k === COLUMN_NAME) : c,
    );
  return out;
}

/** Reads one partial traits record at `path`. */
function readPartial(value: unknown, path: IssuePath, issues: Issue[]): TableTraits | undefined {
  if (!isRecord(value)) {
    issues.push(invalidTypeIssue(path, 'object', value));
    return undefined;
  }
  const stripped = stripUnanswered(value);
  let refused = false;
  for (const key of IDENTITY_FIELDS) {
    if (!Object.hasOwn(stripped, key)) continue;
    issues.push(unknownKeyIssue(path, key, ANSWER_FIELDS, { suggest: () => undefined }));
    refused = true;
  }
  const read = validateTableTraits(stripped);
  if (!read.ok) {
    for (const issue of read.issues) issues.push({ ...issue, path: [...path, ...issue.path] });
    return undefined;
  }
  return refused ? undefined : read.value;
}

/**
 * Reads an answers document (parsed JSON or YAML). Every problem is an issue with its key path
 * (`tables`, the entry's key, the field), which the CLI turns into a file and line: an unknown
 * key (with the closest known one), a value of the wrong kind, an empty pattern. Never throws.
 */
export function readAnswers(value: unknown): Result<AnswersDocument> {
  return neverThrows(readDocument, [value]);
}

function readDocument(value: unknown): Result<AnswersDocument> {
  const issues: Issue[] = [];
  if (!isRecord(value)) return { ok: false, issues: [invalidTypeIssue([], 'object', value)] };
  for (const key of Object.keys(value))
    if (!(ANSWERS_KEYS as readonly string[]).includes(key))
      issues.push(unknownKeyIssue([], key, ANSWERS_KEYS));
  const defaults =
    value.defaults === undefined || value.defaults === null
      ? {}
      : readPartial(value.defaults, ['defaults'], issues);
  const tables: AnswersEntry[] = [];
  const given = value.tables;
  if (given !== undefined && given !== null) {
    if (!isRecord(given)) issues.push(invalidTypeIssue(['tables'], 'object', given));
    else
      for (const pattern of Object.keys(given)) {
        if (pattern.trim() === '') {
          issues.push(makeIssue({ code: 'empty_string', path: ['tables', pattern] }));
          continue;
        }
        const traits = readPartial(given[pattern], ['tables', pattern], issues);
        if (traits !== undefined) tables.push({ pattern, traits });
      }
  }
  if (issues.length > 0 || defaults === undefined) return { ok: false, issues };
  return { ok: true, value: { defaults, tables } };
}
