/**
 * Reading the mock's options, with core's `readOptions` in core's style: an unknown key, a value
 * of the wrong type or out of range, and a getter or proxy that throws are core's issues (codes,
 * paths from `options`, messages), as for core's own functions. A key whose value is `undefined`
 * counts as absent. A credential's secret is never quoted in a message.
 *
 * @module
 */
import {
  BODY_PROFILE_NAMES,
  type BodyProfile,
  CORE_OPTIONS_STYLE,
  DEFAULT_BODY_PROFILE,
  describeValue,
  type Issue,
  type IssuePath,
  invalidOptionIssue,
  invalidTypeIssue,
  isRecord,
  makeIssue,
  numberReader,
  type OptionReader,
  type OptionReaders,
  type OptionValues,
  previewString,
  type Result,
  readOptions,
} from '@querymode/core';
import type { MockCredentials } from './auth.js';
import type { MockClock } from './clock.js';
import type { FaultSpec } from './faults.js';
import { type Fixture, readFixture } from './fixtures.js';
import type { MockRateLimit } from './rate-limit.js';

const nonNegativeInteger = numberReader({
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  integer: true,
  expected: 'a non-negative integer',
});
const positiveInteger = numberReader({
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  integer: true,
  expected: 'a positive integer',
});

/** A share of requests, from 0 to 1. */
const rateReader = numberReader({ min: 0, max: 1, expected: 'a rate from 0 to 1' });

/** A non-empty string. */
const textReader: OptionReader<string> = (value, path, issues) => {
  if (typeof value !== 'string') issues.push(invalidTypeIssue(path, 'string', value));
  else if (value === '') issues.push(makeIssue({ code: 'empty_string', path }));
  else return value;
  return undefined;
};

/** A value that may hold a secret, described by its type alone, never quoted. */
const typeOnly = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** A secret: as {@link textReader}, but a wrong value is described by its type alone. */
const secretReader: OptionReader<string> = (value, path, issues) => {
  if (typeof value === 'string' && value !== '') return value;
  issues.push(
    value === ''
      ? makeIssue({ code: 'empty_string', path })
      : makeIssue({ code: 'invalid_type', path, expected: 'string', received: typeOnly(value) }),
  );
  return undefined;
};

/**
 * A nested options object, read with `readers` in core's style under `path`; each key of
 * `required` missing is a `missing_field` issue. Undefined when anything is wrong.
 */
function nested<R extends OptionReaders>(
  value: unknown,
  path: IssuePath,
  issues: Issue[],
  readers: R,
  required: readonly (keyof R & string)[],
): OptionValues<R> | undefined {
  const read = readOptions(value, readers, { ...CORE_OPTIONS_STYLE, root: path });
  if (!read.ok) {
    issues.push(...read.issues);
    return undefined;
  }
  const missing = required.filter((key) => read.value[key] === undefined);
  for (const field of missing) issues.push(makeIssue({ code: 'missing_field', path, field }));
  return missing.length > 0 ? undefined : read.value;
}

/**
 * A credential's key: as {@link textReader}, without `:` (HTTP Basic cannot carry one in a user
 * name: the key would never authenticate; the CLI and the client refuse it too).
 */
const keyReader: OptionReader<string> = (value, path, issues) => {
  const key = textReader(value, path, issues);
  if (key === undefined || !key.includes(':')) return key;
  issues.push(
    makeIssue({
      code: 'invalid_string',
      path,
      expected: 'a key without ":" (HTTP Basic cannot carry it in a user name)',
      received: previewString(key),
    }),
  );
  return undefined;
};

const CREDENTIAL_READERS = { key: keyReader, secret: secretReader } as const;

/** A credential pair `{ key, secret }`; anything else is described by its type alone (it may be the secret). */
const credentialsReader: OptionReader<MockCredentials> = (value, path, issues) => {
  if (isRecord(value))
    return nested(value, path, issues, CREDENTIAL_READERS, ['key', 'secret']) as MockCredentials | undefined;
  issues.push(makeIssue({ code: 'invalid_type', path, expected: 'object', received: typeOnly(value) }));
  return undefined;
};

const RATE_LIMIT_READERS = { requests: positiveInteger, windowMs: positiveInteger } as const;

/** `rateLimit`: `{ requests, windowMs }`, both required, or `false`. */
const rateLimitReader: OptionReader<MockRateLimit | false> = (value, path, issues) => {
  if (value === false) return false;
  if (!isRecord(value)) {
    issues.push(invalidTypeIssue(path, 'object', value));
    return undefined;
  }
  return nested(value, path, issues, RATE_LIMIT_READERS, ['requests', 'windowMs']) as
    | MockRateLimit
    | undefined;
};

const LATENCY_READERS = { min: nonNegativeInteger, max: nonNegativeInteger } as const;

/** `faults.latencyMs`: `{ min, max }`, both required, `min` at most `max`. */
const latencyReader: OptionReader<{ readonly min: number; readonly max: number }> = (value, path, issues) => {
  const read = nested(value, path, issues, LATENCY_READERS, ['min', 'max']);
  if (read === undefined) return undefined;
  const { min, max } = read as { min: number; max: number };
  if (min <= max) return { min, max };
  issues.push(
    makeIssue({
      code: 'invalid_number',
      path: [...path, 'max'],
      expected: `an integer at least \`min\` (${min})`,
      min,
      received: describeValue(max),
    }),
  );
  return undefined;
};

/** The rates of {@link FaultSpec}: one draw per request picks at most one, so they add up to at most 1. */
const RATES = ['serverErrorRate', 'rateLimitRate', 'dropRate', 'slowRate'] as const;

const FAULT_READERS = {
  latencyMs: latencyReader,
  serverErrorRate: rateReader,
  rateLimitRate: rateReader,
  dropRate: rateReader,
  slowRate: rateReader,
  slowMs: nonNegativeInteger,
  seed: nonNegativeInteger,
} as const satisfies { readonly [K in keyof Required<FaultSpec>]: OptionReader<FaultSpec[K]> };

/** `faults`: each fault checked, and the rates adding up to at most 1. */
const faultsReader: OptionReader<FaultSpec> = (value, path, issues) => {
  const read = nested(value, path, issues, FAULT_READERS, []);
  if (read === undefined) return undefined;
  const total = RATES.reduce((sum, rate) => sum + (read[rate] ?? 0), 0);
  if (total <= 1 + 1e-9) return read;
  issues.push(
    makeIssue({
      code: 'invalid_number',
      path,
      expected: `rates (${RATES.join(', ')}) adding up to at most 1 (one draw per request picks one fault)`,
      received: `rates adding up to ${Math.round(total * 1e9) / 1e9}`,
    }),
  );
  return undefined;
};

/** `clock`: `{ now(), sleep(ms) }`. */
const clockReader: OptionReader<MockClock> = (value, path, issues) => {
  if (!isRecord(value)) {
    issues.push(invalidTypeIssue(path, 'object', value));
    return undefined;
  }
  const before = issues.length;
  for (const field of ['now', 'sleep'] as const) {
    const f = value[field];
    if (f === undefined) issues.push(makeIssue({ code: 'missing_field', path, field }));
    else if (typeof f !== 'function') issues.push(invalidTypeIssue([...path, field], 'function', f));
  }
  return issues.length > before ? undefined : (value as unknown as MockClock);
};

/**
 * `fixture`: an object whose `pipelines` is an array; the rest (each pipeline, object and config,
 * in the mock's profile) is read by `readFixture` once the profile is known (`readMockOptions`).
 */
const fixtureReader: OptionReader<Fixture> = (value, path, issues) => {
  if (!isRecord(value)) issues.push(invalidTypeIssue(path, 'object', value));
  else if (!Array.isArray(value.pipelines))
    issues.push(invalidTypeIssue([...path, 'pipelines'], 'array', value.pipelines));
  else return value as unknown as Fixture;
  return undefined;
};

/** `profile`: one of the body profiles. */
const profileReader: OptionReader<BodyProfile> = (value, path, issues) => {
  if (typeof value !== 'string') issues.push(invalidTypeIssue(path, 'string', value));
  else if ((BODY_PROFILE_NAMES as readonly string[]).includes(value)) return value as BodyProfile;
  else issues.push(invalidOptionIssue(path, value, BODY_PROFILE_NAMES));
  return undefined;
};

/** The readers of `MockOptions`, by key. */
export const MOCK_OPTION_READERS = {
  fixture: fixtureReader,
  seed: nonNegativeInteger,
  credentials: credentialsReader,
  readOnlyCredentials: credentialsReader,
  rateLimit: rateLimitReader,
  faults: faultsReader,
  clock: clockReader,
  profile: profileReader,
} as const satisfies OptionReaders;

/** The port of the server: 0 (a free one) to 65535. */
export const portReader = numberReader({
  min: 0,
  max: 65_535,
  integer: true,
  expected: 'a port from 0 (a free one) to 65535',
});

/** The address to listen on: a non-empty string. */
export const hostReader = textReader;

/**
 * The options of a mock, read (plain values, each checked), or core's issues. A fixture is read
 * whole (`readFixture`: every pipeline, object and config, in the mock's profile) and comes back
 * with its configs filled in. Never throws.
 */
export function readMockOptions(input: unknown): Result<OptionValues<typeof MOCK_OPTION_READERS>> {
  const read = readOptions(input, MOCK_OPTION_READERS);
  if (!read.ok || read.value.fixture === undefined) return read;
  const fixture = readFixture(read.value.fixture, {
    profile: read.value.profile ?? DEFAULT_BODY_PROFILE,
    path: ['options', 'fixture'],
  });
  return fixture.ok ? { ok: true, value: { ...read.value, fixture: fixture.value } } : fixture;
}
