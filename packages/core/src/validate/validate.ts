/**
 * Strict validation of the query-mode request body, driven by the catalogue. This is the fast
 * path; the zod schemas of `schemas/` are the schema of record, and a differential property test
 * holds the two equal.
 *
 * @module
 */
import type { QueryModeBody } from '../catalogue/body-types.js';
import { FIELD_KINDS } from '../catalogue/field-kinds.js';
import { FIELD_MODES, getMode, QUERY_MODES, type QueryMode } from '../catalogue/modes.js';
import type { FieldSpec } from '../catalogue/types.js';
import { describeValue, previewString } from '../issues/describe.js';
import { formatIssue } from '../issues/messages.js';
import type { Issue, IssueData, IssuePath, Result } from '../issues/types.js';
import { closest } from './suggest.js';

const hasOwn = (o: object, k: string): boolean => Object.hasOwn(o, k);

/** Whether a value is a non-null object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Adds the message to an issue's data. */
export function makeIssue(data: IssueData): Issue {
  return { ...data, message: formatIssue(data) };
}

const ALL_FIELD_NAMES: readonly string[] = ['mode', ...FIELD_MODES.keys()];
const TOP_LEVEL_KEYS = ['config'] as const;

function checkField(field: FieldSpec, value: unknown, path: IssuePath, issues: Issue[]): void {
  const failure = FIELD_KINDS[field.kind].check(value);
  if (failure === undefined) return;
  if (failure.code === 'invalid_type') {
    issues.push(
      makeIssue({ code: 'invalid_type', path, expected: failure.expected, received: describeValue(value) }),
    );
  } else {
    issues.push(makeIssue({ ...failure, path, received: previewString(value as string) }));
  }
}

function validateConfig(config: unknown, issues: Issue[]): Record<string, unknown> | undefined {
  if (!isRecord(config)) {
    issues.push(
      makeIssue({
        code: 'invalid_type',
        path: ['config'],
        expected: 'object',
        received: describeValue(config),
      }),
    );
    return undefined;
  }
  const before = issues.length;
  const keys = Object.keys(config);
  const modeValue = hasOwn(config, 'mode') ? config.mode : undefined;
  const spec = typeof modeValue === 'string' ? getMode(modeValue) : undefined;

  if (!hasOwn(config, 'mode')) {
    issues.push(makeIssue({ code: 'missing_field', path: ['config', 'mode'], field: 'mode' }));
  } else if (typeof modeValue !== 'string') {
    issues.push(
      makeIssue({
        code: 'invalid_type',
        path: ['config', 'mode'],
        expected: 'string',
        received: describeValue(modeValue),
      }),
    );
  } else if (spec === undefined) {
    const suggestion = closest(modeValue, QUERY_MODES);
    issues.push(
      makeIssue({
        code: 'invalid_mode',
        path: ['config', 'mode'],
        received: modeValue.length > 64 ? `${modeValue.slice(0, 64)}…` : modeValue,
        allowed: QUERY_MODES,
        ...(suggestion === undefined ? {} : { suggestion }),
      }),
    );
  }

  const fields = spec?.fields ?? [];
  const mode = spec?.id as QueryMode;
  // Each value is read once: a getter or proxy must not pass the check with one value and be
  // copied (or tested as a condition) with another.
  const values = new Map<string, unknown>();
  for (const key of keys) {
    if (key === 'mode') continue;
    const path = ['config', key];
    const field = fields.find((f) => f.name === key);
    if (field !== undefined) {
      const value = config[key];
      values.set(key, value);
      checkField(field, value, path, issues);
      continue;
    }
    const owners = FIELD_MODES.get(key);
    if (owners !== undefined) {
      // With an unknown mode, a field of some mode is not reported: the mode issue says it all.
      if (spec !== undefined) {
        issues.push(makeIssue({ code: 'field_not_in_mode', path, field: key, mode, modes: owners }));
      }
      continue;
    }
    const pool = spec === undefined ? ALL_FIELD_NAMES : ['mode', ...fields.map((f) => f.name)];
    const suggestion = closest(key, pool) ?? closest(key, ALL_FIELD_NAMES);
    issues.push(
      makeIssue({
        code: 'unknown_field',
        path,
        field: key,
        allowed: pool,
        ...(suggestion === undefined ? {} : { suggestion: `config.${suggestion}` }),
      }),
    );
  }

  if (spec === undefined) return undefined;
  for (const field of fields) {
    if (values.has(field.name)) continue;
    const p = field.presence;
    if (p.type === 'required') {
      issues.push(
        makeIssue({
          code: 'missing_field',
          path: ['config', field.name],
          field: field.name,
          mode,
        }),
      );
    } else if (p.type === 'required_when' && values.has(p.field) && values.get(p.field) === p.equals) {
      issues.push(
        makeIssue({
          code: 'missing_field',
          path: ['config', field.name],
          field: field.name,
          mode,
          condition: { field: p.field, equals: p.equals },
        }),
      );
    }
  }
  if (issues.length !== before) return undefined;

  const out: Record<string, unknown> = { mode: spec.id };
  for (const field of fields) if (values.has(field.name)) out[field.name] = values.get(field.name);
  return out;
}

function run(input: unknown): Result<QueryModeBody> {
  if (!isRecord(input)) {
    return {
      ok: false,
      issues: [
        makeIssue({ code: 'invalid_type', path: [], expected: 'object', received: describeValue(input) }),
      ],
    };
  }
  const issues: Issue[] = [];
  for (const key of Object.keys(input)) {
    if (key === 'config') continue;
    // A config key at the top level most likely belongs inside `config`.
    const inner = ALL_FIELD_NAMES.includes(key) ? key : closest(key, ALL_FIELD_NAMES);
    const suggestion = inner !== undefined ? `config.${inner}` : closest(key, TOP_LEVEL_KEYS);
    issues.push(
      makeIssue({
        code: 'unknown_field',
        path: [key],
        field: key,
        allowed: TOP_LEVEL_KEYS,
        ...(suggestion ? { suggestion } : {}),
      }),
    );
  }
  let config: Record<string, unknown> | undefined;
  if (!hasOwn(input, 'config')) {
    issues.push(makeIssue({ code: 'missing_field', path: ['config'], field: 'config' }));
  } else {
    config = validateConfig(input.config, issues);
  }
  if (issues.length > 0 || config === undefined) return { ok: false, issues };
  return { ok: true, value: { config } as unknown as QueryModeBody };
}

/**
 * Validates the request body of `PUT .../pipelines/<pipeline_id>/objects/<object_name>/query-mode`
 * (spec 2.3 and 4.1) strictly: unknown keys are rejected at every level.
 *
 * Never throws, never mutates its input, and reads only own enumerable keys. On success the value
 * is a fresh plain object holding only the catalogue's fields, in catalogue order.
 *
 * @example
 * const r = validateQueryModeBody({ config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } });
 * if (!r.ok) for (const issue of r.issues) console.error(issue.code, issue.path, issue.message);
 */
export function validateQueryModeBody(input: unknown): Result<QueryModeBody> {
  try {
    return run(input);
  } catch (error) {
    let detail = 'an exception';
    try {
      detail =
        error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : 'a thrown non-error';
    } catch {
      // The thrown value itself may be hostile; keep the generic detail.
    }
    return { ok: false, issues: [makeIssue({ code: 'unreadable_input', path: [], detail })] };
  }
}

/** Whether a value is a valid query-mode body (a type guard over {@link validateQueryModeBody}). */
export function isQueryModeBody(input: unknown): input is QueryModeBody {
  return validateQueryModeBody(input).ok;
}
