/**
 * The saved shapes of Salesforce's JSON, unwrapped: an object's describe as the REST API returns
 * it, the Salesforce CLI's `{ status, result }` around it, arrays of either, and the global
 * `/sobjects` list (`{ sobjects: [...] }`: each object's flags without its fields); the record
 * counts as `/limits/recordCount` returns them (`{ sObjects: [{ name, count }] }`) or as the CLI
 * prints them. Anything else is an issue at its place, never a throw: one bad entry never costs
 * the others.
 *
 * @module
 */
import type { InspectIssue } from '../result.js';

/** An object's API name as SOQL can name it (letters, digits, underscores: SOQL has no quoting of names). */
export const SOQL_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A JSON object, as parsed. */
export type JsonObject = { readonly [key: string]: unknown };

/** Where a value was found: the file or input and the keys and indexes down to it. */
export type Place = readonly (string | number)[];

/** One object's describe or global-list entry found in the input, with its place. */
export interface FoundObject {
  readonly at: Place;
  readonly value: JsonObject;
}

/** How deep wrappers (arrays, `{ status, result }`, `{ sobjects }`) may nest: a saved file has two at most. */
const MAX_WRAPPING = 8;

/** The value as a JSON object, or undefined for an array, null or a scalar. */
export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

/** An own key of a JSON object (never one of Object.prototype's). */
export function own(value: JsonObject, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

/** A text of the input in a message: JSON-quoted and cut to 80 characters, so it cannot break the line. */
export function quoted(text: string): string {
  const cut = text.length > 80 ? `${text.slice(0, 80)}...` : text;
  return JSON.stringify(cut).replace(/[\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** `at` as a reader finds it: `file.json[2].result`. */
export function placeText(at: Place): string {
  return at.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

function issue(code: InspectIssue['code'], at: Place, message: string): InspectIssue {
  return { code, path: at, message: `${placeText(at)}: ${message}` };
}

/** The Salesforce CLI's error answer (`{ status: 1, name, message }`), in a sentence. */
function cliError(value: JsonObject): string | undefined {
  const status = own(value, 'status');
  if (typeof status !== 'number' || status === 0) return undefined;
  const name = own(value, 'name');
  const message = own(value, 'message');
  return `the Salesforce CLI reported an error (status ${status}${typeof name === 'string' ? `, ${quoted(name)}` : ''})${typeof message === 'string' ? `: ${quoted(message)}` : ''}; save the output of a command that succeeded`;
}

/**
 * Every object describe (an object with a `name`) or global-list entry in a value, with its place;
 * an issue for each value that is neither nor a known wrapper of them.
 */
export function objectsIn(value: unknown, at: Place): { found: FoundObject[]; issues: InspectIssue[] } {
  const found: FoundObject[] = [];
  const issues: InspectIssue[] = [];
  const visit = (v: unknown, where: Place, depth: number): void => {
    if (depth > MAX_WRAPPING) {
      issues.push(
        issue(
          'invalid_describe',
          where,
          `nested more than ${MAX_WRAPPING} levels deep; a describe file holds a describe, a list of them or the global list`,
        ),
      );
      return;
    }
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) visit(item, [...where, i], depth + 1);
      return;
    }
    const o = asObject(v);
    if (o === undefined) {
      issues.push(
        issue(
          'invalid_describe',
          where,
          `expected an object's describe (a JSON object with "name" and "fields"), received ${v === null ? 'null' : typeof v}`,
        ),
      );
      return;
    }
    const failed = cliError(o);
    if (failed !== undefined) {
      issues.push(issue('invalid_describe', where, failed));
      return;
    }
    const list = own(o, 'sobjects');
    if (Object.hasOwn(o, 'result') && Object.hasOwn(o, 'status'))
      visit(o.result, [...where, 'result'], depth + 1);
    else if (Array.isArray(list) && !Object.hasOwn(o, 'name')) visit(list, [...where, 'sobjects'], depth + 1);
    else if (typeof own(o, 'name') === 'string') found.push({ at: where, value: o });
    else
      issues.push(
        issue(
          'invalid_describe',
          where,
          'not an object\'s describe (no "name"), nor `sf ... --json` output ({ "status", "result" }), nor the global list ({ "sobjects": [...] })',
        ),
      );
  };
  visit(value, at, 0);
  return { found, issues };
}

/**
 * Whether a saved document is record counts rather than describes: `{ sObjects: [...] }`, or the
 * CLI's `{ status, result: [{ name, count }] }` (entries with a count and no fields).
 */
export function isRecordCounts(value: unknown): boolean {
  const o = asObject(value);
  if (o === undefined) return false;
  if (Array.isArray(own(o, 'sObjects'))) return true;
  const result = own(o, 'result');
  if (!Object.hasOwn(o, 'status') || !Array.isArray(result) || result.length === 0) return false;
  return result.every((e) => {
    const entry = asObject(e);
    return entry !== undefined && typeof own(entry, 'count') === 'number' && !Object.hasOwn(entry, 'fields');
  });
}

/** One object's approximate record count, with its place. */
export interface FoundCount {
  readonly name: string;
  readonly count: number;
  readonly at: Place;
}

/**
 * The record counts in a value: `{ sObjects: [{ name, count }] }` (REST), the CLI's
 * `{ status, result }` around it or around the list, or the list itself; an issue for each entry
 * without a name or a whole, non-negative count.
 */
export function countsIn(value: unknown, at: Place): { counts: FoundCount[]; issues: InspectIssue[] } {
  const counts: FoundCount[] = [];
  const issues: InspectIssue[] = [];
  let v = value;
  let where = at;
  for (let depth = 0; depth < MAX_WRAPPING; depth++) {
    const o = asObject(v);
    if (o === undefined) break;
    const failed = cliError(o);
    if (failed !== undefined) return { counts, issues: [issue('invalid_record_counts', where, failed)] };
    if (Object.hasOwn(o, 'result') && Object.hasOwn(o, 'status')) {
      v = o.result;
      where = [...where, 'result'];
    } else if (Object.hasOwn(o, 'sObjects')) {
      v = o.sObjects;
      where = [...where, 'sObjects'];
    } else break;
  }
  if (!Array.isArray(v))
    return {
      counts,
      issues: [
        issue(
          'invalid_record_counts',
          where,
          'expected the record counts of /limits/recordCount ({ "sObjects": [{ "name", "count" }] }) or of `sf org list sobject-record-counts --json`',
        ),
      ],
    };
  v.forEach((entry, i) => {
    const o = asObject(entry);
    const name = o === undefined ? undefined : own(o, 'name');
    const count = o === undefined ? undefined : own(o, 'count');
    if (
      typeof name !== 'string' ||
      name === '' ||
      typeof count !== 'number' ||
      !Number.isSafeInteger(count) ||
      count < 0
    ) {
      issues.push(
        issue(
          'invalid_record_counts',
          [...where, i],
          'expected { "name": an object name, "count": a whole number of at least 0 }',
        ),
      );
      return;
    }
    counts.push({ name, count, at: [...where, i] });
  });
  return { counts, issues };
}
