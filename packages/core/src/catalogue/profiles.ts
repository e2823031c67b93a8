/**
 * The two profiles of the request body, defined once and read from the catalogue's fields:
 *
 * - `documented`: what the service's documentation states. `config` and `mode` are required,
 *   `unique_column_name` when `historical_enabled` is true (each field's `documentedPresence`);
 *   a value is checked as the documentation states its type (each field kind's `documented`
 *   check: a column name is any string); nothing is said of other keys, so they are neither
 *   checked nor rejected. The OpenAPI document describes this profile.
 * - `strict`: querymode's own profile, the default of `validate`, the client and the mock. Each
 *   field's `presence` decides (every column field and `historical_enabled` required), each field
 *   kind's own check applies (a column name is non-empty, without white space at either end), and
 *   a key the catalogue does not give the mode is rejected, so that a body means one thing.
 *
 * @module
 */
import type { FieldKindSpec, KindCheck } from './field-kinds.js';
import type { FieldPresence, FieldSpec } from './types.js';

/** The name of a profile, as `--profile`, the client's and the mock's `profile` option take it. */
export type BodyProfile = 'strict' | 'documented';

/** What one profile asks of a body. */
export interface ProfileSpec {
  readonly id: BodyProfile;
  /** How users read its name: `querymode's strict profile`. */
  readonly title: string;
  /** One sentence on what it checks, for help and docs. */
  readonly summary: string;
  /** Whether a key the catalogue does not give the mode (or the body) is an error. */
  readonly rejectsOtherKeys: boolean;
  /** The presence of a field in this profile, read from the catalogue. */
  readonly presenceOf: (field: FieldSpec) => FieldPresence;
  /** The check of a field kind's values in this profile, read from the field kinds. */
  readonly checkOf: (kind: FieldKindSpec) => KindCheck;
}

/** The profiles, by name. */
export const BODY_PROFILES: { readonly [P in BodyProfile]: ProfileSpec } = {
  strict: {
    id: 'strict',
    title: "querymode's strict profile",
    summary:
      "querymode's own, stricter than the service's documentation: every column field of the mode and historical_enabled are required, other keys are rejected, and column names must be non-empty without white space at either end.",
    rejectsOtherKeys: true,
    presenceOf: (field) => field.presence,
    checkOf: (kind) => kind,
  },
  documented: {
    id: 'documented',
    title: "the service's documented profile",
    summary:
      "only what the service's documentation states: config and mode are required, unique_column_name when historical_enabled is true, and a column name is any string; other keys are not checked.",
    rejectsOtherKeys: false,
    presenceOf: (field) => field.documentedPresence,
    checkOf: (kind) => kind.documented,
  },
};

/** Every profile name, the default first. */
export const BODY_PROFILE_NAMES = Object.keys(BODY_PROFILES) as readonly BodyProfile[];

/** The profile `validate`, the client and the mock apply when none is given. */
export const DEFAULT_BODY_PROFILE: BodyProfile = 'strict';

/** Whether a value names a profile. */
export function isBodyProfile(value: unknown): value is BodyProfile {
  return typeof value === 'string' && (BODY_PROFILE_NAMES as readonly string[]).includes(value);
}

/** The profile a `profile` option asks for: the default when absent, `undefined` when it names none. */
export function profileOption(name: unknown): ProfileSpec | undefined {
  const named = name ?? DEFAULT_BODY_PROFILE;
  return isBodyProfile(named) ? BODY_PROFILES[named] : undefined;
}
