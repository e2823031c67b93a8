/**
 * Strict validation of the query-mode request body, driven by the catalogue. This is the fast
 * path; the zod schemas of `schemas/` are the schema of record, and a differential property test
 * holds the two equal.
 *
 * Written for speed (see docs/benchmarks.md): what can be derived from the catalogue is derived
 * once, at load (a plan per mode); issues are built as literals with their message added in
 * place, since object spread is slow in V8 for these small objects; and each value of the input
 * is read once.
 *
 * @module
 */

import type { DocumentedQueryModeBody, QueryModeBody } from '../catalogue/body-types.js';
import { FIELD_KINDS, type KindCheck } from '../catalogue/field-kinds.js';
import { FIELD_MODES, MODES, type QueryMode } from '../catalogue/modes.js';
import {
  BODY_PROFILE_NAMES,
  BODY_PROFILES,
  type BodyProfile,
  type ProfileSpec,
  profileOption,
} from '../catalogue/profiles.js';
import type { FieldPresence, FieldSpec } from '../catalogue/types.js';
import { describeValue, previewString } from '../issues/describe.js';
import { invalidModeIssue } from '../issues/invalid-mode.js';
import { invalidOptionIssue } from '../issues/invalid-option.js';
import { isRecord } from '../issues/is-record.js';
import { formatIssue } from '../issues/messages.js';
import { closest } from '../issues/suggest.js';
import type { Issue, IssueData, Result } from '../issues/types.js';
import { unknownKeyIssue } from '../issues/unknown-key.js';
import { neverThrows } from '../issues/unreadable.js';

const hasOwn = (o: object, k: string): boolean => Object.hasOwn(o, k);

/**
 * Adds the message to issue data this module has just built as a literal, in place: no other
 * code holds a reference to it yet.
 */
function issue(data: IssueData): Issue {
  (data as { message?: string }).message = formatIssue(data);
  return data as Issue;
}

const ALL_FIELD_NAMES: readonly string[] = Object.freeze(['mode', ...FIELD_MODES.keys()]);
const TOP_LEVEL_KEYS: readonly string[] = Object.freeze(['config']);

/** What validation needs of one mode in one profile, derived from its catalogue entry once. */
interface ModePlan {
  readonly id: QueryMode;
  /** The fields, in catalogue (and output) order. */
  readonly fields: readonly FieldSpec[];
  /** The presence of each field in the profile, in the order of `fields`. */
  readonly presences: readonly FieldPresence[];
  /** The check of each field's value in the profile, in the order of `fields`. */
  readonly checks: readonly KindCheck['check'][];
  /** The position of each field in `fields`, by name. */
  readonly index: ReadonlyMap<string, number>;
  /** The keys allowed in this mode's config. */
  readonly allowed: readonly string[];
}

function plansOf(profile: ProfileSpec): ReadonlyMap<string, ModePlan> {
  return new Map(
    MODES.map((mode): [string, ModePlan] => {
      const fields: readonly FieldSpec[] = mode.fields;
      return [
        mode.id,
        {
          id: mode.id,
          fields,
          presences: fields.map((f) => profile.presenceOf(f)),
          checks: fields.map((f) => profile.checkOf(FIELD_KINDS[f.kind]).check),
          index: new Map(fields.map((f, i) => [f.name, i])),
          allowed: Object.freeze(['mode', ...fields.map((f) => f.name)]),
        },
      ];
    }),
  );
}

/** The plans of each profile, by profile and mode id. */
const PLANS: { readonly [P in BodyProfile]: ReadonlyMap<string, ModePlan> } = Object.fromEntries(
  BODY_PROFILE_NAMES.map((name) => [name, plansOf(BODY_PROFILES[name])]),
) as { readonly [P in BodyProfile]: ReadonlyMap<string, ModePlan> };

/** Sets an own data property, also for a key such as `__proto__`. */
function keep(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Marks a field the input does not have. */
const ABSENT: unique symbol = Symbol('absent');

function checkField(
  field: FieldSpec,
  check: KindCheck['check'],
  value: unknown,
  key: string,
  issues: Issue[],
): void {
  const failure = check(value);
  if (failure === undefined) return;
  const path = ['config', key];
  if (failure.code === 'invalid_type') {
    issues.push(
      issue({ code: 'invalid_type', path, expected: failure.expected, received: describeValue(value) }),
    );
  } else {
    const received = previewString(value as string);
    const data = { code: failure.code, reason: failure.reason, path, received } as IssueData;
    // A value the service's documentation allows fails a rule of querymode's strict profile: say so.
    if (FIELD_KINDS[field.kind].documented.check(value) === undefined) {
      (data as { profile?: 'strict' }).profile = 'strict';
    }
    issues.push(issue(data));
  }
}

function modeIssue(config: Record<string, unknown>, modeValue: unknown): Issue {
  if (!hasOwn(config, 'mode'))
    return issue({ code: 'missing_field', path: ['config', 'mode'], field: 'mode' });
  if (typeof modeValue !== 'string') {
    return issue({
      code: 'invalid_type',
      path: ['config', 'mode'],
      expected: 'string',
      received: describeValue(modeValue),
    });
  }
  return invalidModeIssue(['config', 'mode'], modeValue);
}

function unknownFieldIssue(key: string, plan: ModePlan | undefined): Issue {
  const allowed = plan === undefined ? ALL_FIELD_NAMES : plan.allowed;
  // The closest field of the mode, else of any mode (the user may have meant another mode).
  const suggest = (k: string) => {
    const near = closest(k, allowed) ?? (plan === undefined ? undefined : closest(k, ALL_FIELD_NAMES));
    return near === undefined ? undefined : `config.${near}`;
  };
  return unknownKeyIssue(['config'], key, allowed, { suggest, profile: 'strict' });
}

function validateConfig(
  config: unknown,
  profile: ProfileSpec,
  issues: Issue[],
): Record<string, unknown> | undefined {
  if (!isRecord(config)) {
    issues.push(
      issue({ code: 'invalid_type', path: ['config'], expected: 'object', received: describeValue(config) }),
    );
    return undefined;
  }
  const before = issues.length;
  const keys = Object.keys(config);
  const modeValue = hasOwn(config, 'mode') ? config.mode : undefined;
  const plan = typeof modeValue === 'string' ? PLANS[profile.id].get(modeValue) : undefined;
  if (plan === undefined) issues.push(modeIssue(config, modeValue));

  const fields = plan?.fields ?? [];
  const checks = plan?.checks ?? [];
  // Each value is read once: a getter or proxy must not pass the check with one value and be
  // copied (or tested as a condition) with another.
  const values: unknown[] = fields.map(() => ABSENT);
  // Keys the profile keeps unchecked, with their values, in input order.
  const others: [string, unknown][] = [];
  for (const key of keys) {
    if (key === 'mode') continue;
    const at = plan?.index.get(key);
    if (at !== undefined) {
      const value = config[key];
      values[at] = value;
      checkField(fields[at] as FieldSpec, checks[at] as KindCheck['check'], value, key, issues);
      continue;
    }
    if (!profile.rejectsOtherKeys) {
      // Kept unchecked; with an unknown mode, the mode issue says it all.
      if (plan !== undefined) others.push([key, config[key]]);
      continue;
    }
    const owners = FIELD_MODES.get(key);
    if (owners !== undefined) {
      // With an unknown mode, a field of some mode is not reported: the mode issue says it all.
      if (plan !== undefined) {
        issues.push(
          issue({
            code: 'field_not_in_mode',
            path: ['config', key],
            field: key,
            mode: plan.id,
            modes: owners,
          }),
        );
      }
      continue;
    }
    issues.push(unknownFieldIssue(key, plan));
  }

  if (plan === undefined) return undefined;
  for (let i = 0; i < fields.length; i++) {
    if (values[i] !== ABSENT) continue;
    const field = fields[i] as FieldSpec;
    const p = plan.presences[i] as FieldPresence;
    if (p.type === 'required') {
      issues.push(
        issue({ code: 'missing_field', path: ['config', field.name], field: field.name, mode: plan.id }),
      );
    } else if (p.type === 'required_when' && values[plan.index.get(p.field) as number] === p.equals) {
      issues.push(
        issue({
          code: 'missing_field',
          path: ['config', field.name],
          field: field.name,
          mode: plan.id,
          condition: { field: p.field, equals: p.equals },
        }),
      );
    }
  }
  if (issues.length !== before) return undefined;

  const out: Record<string, unknown> = { mode: plan.id };
  for (let i = 0; i < fields.length; i++) {
    if (values[i] !== ABSENT) out[(fields[i] as FieldSpec).name] = values[i];
  }
  for (const [key, value] of others) keep(out, key, value);
  return out;
}

function topLevelIssue(key: string): Issue {
  // A config key at the top level most likely belongs inside `config`.
  const suggest = (k: string) => {
    const inner = ALL_FIELD_NAMES.includes(k) ? k : closest(k, ALL_FIELD_NAMES);
    return inner !== undefined ? `config.${inner}` : closest(k, TOP_LEVEL_KEYS);
  };
  return unknownKeyIssue([], key, TOP_LEVEL_KEYS, { suggest, profile: 'strict' });
}

function run(input: unknown, profile: ProfileSpec): Result<QueryModeBody> {
  if (!isRecord(input)) {
    return {
      ok: false,
      issues: [issue({ code: 'invalid_type', path: [], expected: 'object', received: describeValue(input) })],
    };
  }
  const issues: Issue[] = [];
  const others: [string, unknown][] = [];
  for (const key of Object.keys(input)) {
    if (key === 'config') continue;
    if (profile.rejectsOtherKeys) issues.push(topLevelIssue(key));
    else others.push([key, input[key]]);
  }
  let config: Record<string, unknown> | undefined;
  if (!hasOwn(input, 'config')) {
    issues.push(issue({ code: 'missing_field', path: ['config'], field: 'config' }));
  } else {
    config = validateConfig(input.config, profile, issues);
  }
  if (issues.length > 0 || config === undefined) return { ok: false, issues };
  const body: Record<string, unknown> = { config };
  for (const [key, value] of others) keep(body, key, value);
  return { ok: true, value: body as unknown as QueryModeBody };
}

/** The issue of a `profile` option that names no profile. */
function profileIssue(name: unknown): Issue {
  if (typeof name === 'string') return invalidOptionIssue(['profile'], name, BODY_PROFILE_NAMES);
  return issue({
    code: 'invalid_option',
    path: ['profile'],
    received: describeValue(name),
    allowed: BODY_PROFILE_NAMES,
  });
}

/** Options of {@link validateQueryModeBody}. */
export interface ValidateOptions<P extends BodyProfile = BodyProfile> {
  /**
   * Which profile to check (`catalogue/profiles.ts`): `strict`, querymode's own and the default,
   * or `documented`, only what the service's documentation states.
   */
  readonly profile?: P;
}

/** The body a profile's validation returns. */
export type ProfileBody<P extends BodyProfile> = P extends 'documented'
  ? DocumentedQueryModeBody
  : QueryModeBody;

/**
 * Validates the request body of `PUT .../pipelines/<pipeline_id>/objects/<object_name>/query-mode`
 * in a profile. By default querymode's strict profile: every column field of the mode and
 * `historical_enabled` are required, unknown keys are rejected at every level, and a column name
 * must be non-empty without white space at either end (`invalid_column_name`, with
 * `profile: 'strict'`). With `{ profile: 'documented' }`, only what the service's documentation
 * states: `config`, `mode`, and `unique_column_name` when `historical_enabled` is true, are
 * required, a column name is any string (an empty one too), and other keys are kept unchecked.
 *
 * Never throws, never mutates its input, reads only own enumerable keys, and reads each value
 * once. On success the value is a fresh plain object holding the catalogue's fields in catalogue
 * order (then, in the documented profile, the other keys in input order).
 *
 * @example
 * const r = validateQueryModeBody({ config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } });
 * if (!r.ok) for (const issue of r.issues) console.error(issue.code, issue.path, issue.message);
 */
export function validateQueryModeBody<P extends BodyProfile = 'strict'>(
  input: unknown,
  options?: ValidateOptions<P>,
): Result<ProfileBody<P>>;
export function validateQueryModeBody(input: unknown, options?: ValidateOptions): Result<QueryModeBody> {
  return neverThrows(validate, [input, options]);
}

function validate(input: unknown, options: ValidateOptions | undefined): Result<QueryModeBody> {
  const name = options?.profile;
  const profile = profileOption(name);
  if (profile === undefined) return { ok: false, issues: [profileIssue(name)] };
  return run(input, profile);
}

/** Whether a value is a valid query-mode body (a type guard over {@link validateQueryModeBody}). */
export function isQueryModeBody(input: unknown): input is QueryModeBody {
  return validateQueryModeBody(input).ok;
}
