/**
 * A lenient normaliser for bodies written by hand. It fixes what a person commonly gets wrong,
 * reports one warning per change, and then validates strictly: strict validation itself stays
 * strict.
 *
 * @module
 */
import type { QueryModeBody } from '../catalogue/body-types.js';
import { FIELD_KINDS } from '../catalogue/field-kinds.js';
import { FIELD_MODES, getMode, QUERY_MODES } from '../catalogue/modes.js';
import { type BodyProfile, type ProfileSpec, profileOption } from '../catalogue/profiles.js';
import type { FieldSpec } from '../catalogue/types.js';
import { isRecord } from '../issues/is-record.js';
import { formatPath } from '../issues/messages.js';
import { looseName } from '../issues/suggest.js';
import type { IssuePath, Result } from '../issues/types.js';
import { type ProfileBody, type ValidateOptions, validateQueryModeBody } from './validate.js';

/** One change the normaliser made. */
export interface NormalizeWarning {
  /** What kind of change. */
  readonly code: 'wrapped_config' | 'renamed_mode' | 'converted_number' | 'trimmed_column_name';
  /** Where, in the normalised body. */
  readonly path: IssuePath;
  /** The change, in words. */
  readonly message: string;
}

/** The normalised body with its warnings, or the issues that remain after normalising. */
export type NormalizeResult<T = QueryModeBody> = Result<T> & {
  readonly warnings: readonly NormalizeWarning[];
};

const LOOSE_MODES: ReadonlyMap<string, string> = new Map(QUERY_MODES.map((m) => [looseName(m), m]));

const FIELD_SPECS: ReadonlyMap<string, FieldSpec> = new Map(
  [...FIELD_MODES.keys()].map((name) => {
    const owner = getMode(FIELD_MODES.get(name)?.[0] as string);
    return [name, owner?.fields.find((f) => f.name === name) as FieldSpec];
  }),
);

/**
 * Whether trimming fixes a column name: the profile refuses it as it is and accepts it trimmed.
 * The strict profile refuses white space at either end; the documented profile accepts any
 * string, so a name there is kept as it is (a column may be named so).
 */
function trimFixes(profile: ProfileSpec | undefined, value: string): boolean {
  if (profile === undefined) return false;
  const { check } = profile.checkOf(FIELD_KINDS.column_name);
  return check(value) !== undefined && check(value.trim()) === undefined;
}

function warn(code: NormalizeWarning['code'], path: IssuePath, message: string): NormalizeWarning {
  return { code, path, message: `\`${formatPath(path)}\`: ${message}` };
}

/**
 * Normalises a hand-written body, then validates it in its profile. It accepts:
 * - a bare config without the `{ config }` wrapper;
 * - mode names in another case, or with spaces or hyphens (`Timestamp Incrementing`);
 * - a non-negative safe integer for `timestamp_delay_interval_ms`;
 * - column names with white space around them (trimmed) where the profile refuses them: in the
 *   strict profile, not in the documented one, which accepts any string.
 *
 * Never throws and never mutates its input. Whatever it returns with `ok: true` passes
 * {@link validateQueryModeBody} in the same profile (`options.profile`, strict unless told).
 */
export function normalizeQueryModeBody<P extends BodyProfile = 'strict'>(
  input: unknown,
  options?: ValidateOptions<P>,
): NormalizeResult<ProfileBody<P>>;
export function normalizeQueryModeBody(input: unknown, options: ValidateOptions = {}): NormalizeResult {
  const warnings: NormalizeWarning[] = [];
  try {
    // A profile that names none fixes nothing: validation reports it.
    const profile = profileOption(options?.profile);
    let body: unknown = input;
    if (isRecord(input) && !Object.hasOwn(input, 'config') && Object.hasOwn(input, 'mode')) {
      body = { config: input };
      warnings.push(warn('wrapped_config', ['config'], 'wrapped the bare config in `{ "config": ... }`.'));
    }
    if (isRecord(body) && Object.hasOwn(body, 'config') && isRecord(body.config)) {
      const config: Record<string, unknown> = { ...body.config };
      const mode = config.mode;
      if (typeof mode === 'string' && getMode(mode) === undefined) {
        const canonical = LOOSE_MODES.get(looseName(mode));
        if (canonical !== undefined) {
          config.mode = canonical;
          warnings.push(
            warn('renamed_mode', ['config', 'mode'], `changed ${JSON.stringify(mode)} to "${canonical}".`),
          );
        }
      }
      for (const key of Object.keys(config)) {
        const spec = FIELD_SPECS.get(key);
        const value = config[key];
        if (
          spec?.kind === 'milliseconds_string' &&
          typeof value === 'number' &&
          Number.isSafeInteger(value) &&
          value >= 0
        ) {
          config[key] = String(value);
          warnings.push(
            warn(
              'converted_number',
              ['config', key],
              `converted the number ${value} to the string "${value}".`,
            ),
          );
        } else if (spec?.kind === 'column_name' && typeof value === 'string' && trimFixes(profile, value)) {
          config[key] = value.trim();
          warnings.push(
            warn(
              'trimmed_column_name',
              ['config', key],
              `trimmed white space from ${JSON.stringify(value)}.`,
            ),
          );
        }
      }
      body = { ...body, config };
    }
    const result = validateQueryModeBody(body, options as ValidateOptions<'strict'>);
    return result.ok
      ? { ok: true, value: result.value, warnings }
      : { ok: false, issues: result.issues, warnings };
  } catch {
    // Reading a hostile input threw; strict validation reports it as an issue.
    const result = validateQueryModeBody(input, options as ValidateOptions<'strict'>);
    return result.ok
      ? { ok: true, value: result.value, warnings: [] }
      : { ok: false, issues: result.issues, warnings: [] };
  }
}
