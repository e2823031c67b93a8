/**
 * The client's options and their checks. Every check returns issues as data; nothing throws.
 *
 * @module
 */
import {
  API_PREFIX,
  BODY_PROFILE_NAMES,
  type BodyProfile,
  closest,
  DEFAULT_BODY_PROFILE,
  describeValue,
  type IssuePath,
  isBodyProfile,
  isRecord,
  type OptionReader,
  type OptionReaders,
  type OptionsStyle,
  type OptionValues,
  type Result,
  readOptions,
} from '@querymode/core';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { API_KEY_ENV, API_SECRET_ENV, Credentials } from './credentials.js';
import type { ClientIssue } from './issues.js';
import { clientIssue } from './issues.js';
import { type RateLimit, RateLimiter, SERVICE_RATE_LIMIT } from './limiter.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry.js';
import type { ClientLogEvent, FetchLike, TransportConfig } from './transport.js';

/** The environment variable of the base URL. */
/** What a client runs with: the transport's settings, the base URL as given, and the profile of its bodies. */
export interface ClientConfig extends TransportConfig {
  readonly baseUrl: string;
  readonly profile: BodyProfile;
}

export const BASE_URL_ENV = 'QUERYMODE_BASE_URL';

/** The default timeout of one attempt: 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The default deadline of a whole call, retries and waits included: 120 s. */
export const DEFAULT_DEADLINE_MS = 120_000;

/**
 * The default size limit of an answer: 4 MiB. The service documents no answer body for the PUT
 * and pages of at most 100 elements; a larger answer is not the service's, and reading it whole
 * would hold it all in memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Options of `createClient`. Every option may be omitted. */
export interface ClientOptions {
  /**
   * The service's regional host, as an origin with an optional path, such as `https://<host>`
   * (default: `QUERYMODE_BASE_URL`). The service's documentation names no host. The API prefix `/api/public/v2.0` is
   * added by the client.
   */
  readonly baseUrl?: string;
  /** The API key (default: `QUERYMODE_API_KEY`). */
  readonly apiKey?: string;
  /** The API secret (default: `QUERYMODE_API_SECRET`). Never shown in an error, a log line or `toJSON`. */
  readonly apiSecret?: string;
  /** Where the environment variables are read: default `process.env` where there is one (Node), else none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The `fetch` to call: default the global `fetch`. Pass a mock's in-process handler in tests. */
  readonly fetch?: FetchLike;
  /** The timeout of one attempt, in ms (default 30,000). A timed-out attempt is retried. */
  readonly timeoutMs?: number;
  /** The deadline of a call, retries and waits included, in ms (default 120,000). */
  readonly deadlineMs?: number;
  /**
   * The largest answer read, in bytes (default 4 MiB): reading stops there and the call fails
   * with a `ResponseTooLargeError`, so memory stays bounded whatever the server sends.
   */
  readonly maxResponseBytes?: number;
  /**
   * Retry options; each omitted one takes its default (`DEFAULT_RETRY`). A PUT whose outcome is
   * uncertain (5xx, timeout) is resent only with `resendUncertain: true`: see `retry.ts`.
   */
  readonly retry?: Partial<RetryOptions>;
  /**
   * The client-side rate limit: default 100 requests a minute (the service's public documentation; docs/service.md);
   * `false` turns it off (against a mock, or when another limiter is in front).
   */
  readonly rateLimit?: RateLimit | false;
  /** A limiter to share between clients of one credential; replaces `rateLimit`. */
  readonly limiter?: RateLimiter;
  /** The clock of every wait (default: real time); a virtual clock in tests. */
  readonly clock?: Clock;
  /** The random source of the jitter, returning [0, 1) (default `Math.random`). */
  readonly random?: () => number;
  /** Receives one event per attempt, answer, retry and rate-limit wait; never a credential. */
  readonly log?: (event: ClientLogEvent) => void;
  /**
   * The profile `setQueryMode` checks bodies in when a call does not say (default `strict`,
   * querymode's strict profile; `documented`, only what the service's documentation states).
   */
  readonly profile?: BodyProfile;
}

/** The environment of the process, where there is one. */
function processEnv(): Readonly<Record<string, string | undefined>> {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env ?? {};
}

/** Checks a base URL; returns the root of the API (base, then the API prefix) or pushes an issue. */
export function checkBaseUrl(value: unknown, issues: ClientIssue[]): string | undefined {
  const fix = `pass baseUrl or set ${BASE_URL_ENV} to the origin of your regional host, such as https://<host>`;
  if (value === undefined || value === '') {
    issues.push(clientIssue('missing_base_url', ['baseUrl'], `the base URL is missing: ${fix}`));
    return undefined;
  }
  if (typeof value !== 'string') {
    issues.push(
      clientIssue(
        'invalid_base_url',
        ['baseUrl'],
        `the base URL must be a string, received ${describeValue(value)}`,
      ),
    );
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    issues.push(clientIssue('invalid_base_url', ['baseUrl'], `the base URL is not a URL: ${fix}`));
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    issues.push(
      clientIssue(
        'invalid_base_url',
        ['baseUrl'],
        `the base URL must use https: or http:, not ${url.protocol}`,
      ),
    );
  } else if (url.username !== '' || url.password !== '') {
    // The URL is not quoted: it holds a credential.
    issues.push(
      clientIssue(
        'invalid_base_url',
        ['baseUrl'],
        'the base URL must not hold credentials: pass apiKey and apiSecret instead',
      ),
    );
  } else if (url.search !== '' || url.hash !== '') {
    issues.push(
      clientIssue('invalid_base_url', ['baseUrl'], 'the base URL must have no query string or fragment'),
    );
  } else {
    const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    return base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`;
  }
  return undefined;
}

/** `` `name` `` for a message: the option's dotted path, or `options` for the options themselves. */
const named = (path: IssuePath): string => (path.length === 0 ? 'options' : `\`${path.join('.')}\``);

/** The client's style for the options' own issues: its codes, paths from the options' root. */
const CLIENT_STYLE: OptionsStyle<ClientIssue> = {
  root: [],
  notAnObject: (path, value) =>
    clientIssue(
      'invalid_option',
      path,
      `${named(path)}: expected an object, received ${describeValue(value)}`,
    ),
  unknownKey: (path, key, allowed) => {
    const suggestion = closest(key, allowed);
    const at = [...path, key];
    return clientIssue(
      'unknown_option',
      at,
      `unknown option \`${at.join('.')}\`${suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`}`,
    );
  },
  unreadable: (path, detail) =>
    clientIssue('invalid_option', path, `${named(path)}: could not be read (${detail})`),
};

/** An integer, at least 1 (or 0 with `allowZero`). */
function integerReader(allowZero: boolean): OptionReader<number, ClientIssue> {
  return (value, path, issues) => {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= (allowZero ? 0 : 1))
      return value;
    issues.push(
      clientIssue(
        'invalid_number',
        path,
        `\`${path.join('.')}\`: expected an integer ${allowZero ? '>= 0' : '>= 1'}, received ${describeValue(value)}`,
      ),
    );
    return undefined;
  };
}

/** A function. */
function functionReader<F>(): OptionReader<F, ClientIssue> {
  return (value, path, issues) => {
    if (typeof value === 'function') return value as F;
    issues.push(
      clientIssue(
        'invalid_option',
        path,
        `\`${path.join('.')}\`: expected a function, received ${describeValue(value)}`,
      ),
    );
    return undefined;
  };
}

/** A nested options object (`retry`, `rateLimit`), read the same way, its paths under its key. */
function nested<R extends OptionReaders<ClientIssue>>(
  value: unknown,
  path: IssuePath,
  issues: ClientIssue[],
  readers: R,
): OptionValues<R> | undefined {
  const read = readOptions(value, readers, { ...CLIENT_STYLE, root: path });
  if (read.ok) return read.value;
  issues.push(...read.issues);
  return undefined;
}

const RETRY_READERS = {
  maxRetries: integerReader(true),
  baseDelayMs: integerReader(true),
  maxDelayMs: integerReader(true),
  maxRetryAfterMs: integerReader(true),
  resendUncertain: (value: unknown, path: IssuePath, issues: ClientIssue[]): boolean | undefined => {
    if (typeof value === 'boolean') return value;
    issues.push(
      clientIssue(
        'invalid_option',
        path,
        `\`retry.resendUncertain\`: expected a boolean, received ${describeValue(value)}`,
      ),
    );
    return undefined;
  },
} satisfies { readonly [K in keyof RetryOptions]: OptionReader<RetryOptions[K], ClientIssue> };

const RATE_LIMIT_READERS = {
  requests: integerReader(false),
  windowMs: integerReader(false),
} satisfies { readonly [K in keyof RateLimit]: OptionReader<RateLimit[K], ClientIssue> };

/** `rateLimit`: `{ requests, windowMs }`, both required, or `false`. */
const rateLimitReader: OptionReader<RateLimit | false, ClientIssue> = (value, path, issues) => {
  if (value === false) return false;
  if (!isRecord(value)) {
    issues.push(
      clientIssue(
        'invalid_option',
        path,
        `\`rateLimit\`: expected { requests, windowMs } or false, received ${describeValue(value)}`,
      ),
    );
    return undefined;
  }
  const before = issues.length;
  const read = nested(value, path, issues, RATE_LIMIT_READERS);
  for (const key of ['requests', 'windowMs'] as const) {
    if (value[key] === undefined)
      issues.push(clientIssue('invalid_option', [...path, key], `\`rateLimit.${key}\` is required`));
  }
  return issues.length > before || read === undefined ? undefined : (read as RateLimit);
};

/** The readers of the options whose values need no environment. */
const READERS = {
  env: (value: unknown, path: IssuePath, issues: ClientIssue[]) => {
    if (isRecord(value)) return value as Readonly<Record<string, string | undefined>>;
    issues.push(
      clientIssue('invalid_option', path, `\`env\`: expected an object, received ${describeValue(value)}`),
    );
    return undefined;
  },
  fetch: functionReader<FetchLike>(),
  timeoutMs: integerReader(false),
  deadlineMs: integerReader(false),
  maxResponseBytes: integerReader(false),
  retry: (value: unknown, path: IssuePath, issues: ClientIssue[]) =>
    nested(value, path, issues, RETRY_READERS),
  rateLimit: rateLimitReader,
  limiter: (value: unknown, path: IssuePath, issues: ClientIssue[]) => {
    if (value instanceof RateLimiter) return value;
    issues.push(clientIssue('invalid_option', path, '`limiter`: expected a RateLimiter'));
    return undefined;
  },
  clock: (value: unknown, path: IssuePath, issues: ClientIssue[]) => {
    if (isRecord(value) && typeof value.now === 'function' && typeof value.sleep === 'function')
      return value as unknown as Clock;
    issues.push(clientIssue('invalid_option', path, '`clock`: expected { now(), sleep(ms, signal) }'));
    return undefined;
  },
  random: functionReader<() => number>(),
  log: functionReader<(event: ClientLogEvent) => void>(),
  profile: (value: unknown, path: IssuePath, issues: ClientIssue[]): BodyProfile | undefined => {
    if (isBodyProfile(value)) return value;
    const suggestion = typeof value === 'string' ? closest(value, BODY_PROFILE_NAMES) : undefined;
    issues.push(
      clientIssue(
        'invalid_option',
        path,
        `\`profile\`: expected one of ${BODY_PROFILE_NAMES.join(', ')}, received ${describeValue(value)}${suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`}`,
      ),
    );
    return undefined;
  },
} satisfies OptionReaders<ClientIssue>;

/**
 * Checks the options (with core's `readOptions`) and builds the transport's configuration, or
 * returns the issues: those of every option, then of the base URL and the credential (which
 * fall back on their environment variables). Never throws.
 */
export function resolveClientConfig(options: unknown): Result<ClientConfig, ClientIssue> {
  // The base URL and the credential are checked whatever the other options hold, as given.
  const given: { baseUrl?: unknown; apiKey?: unknown; apiSecret?: unknown } = {};
  const keep =
    (key: keyof typeof given): OptionReader<unknown, ClientIssue> =>
    (value) => {
      given[key] = value;
      return value;
    };
  const read = readOptions(
    options,
    { ...READERS, baseUrl: keep('baseUrl'), apiKey: keep('apiKey'), apiSecret: keep('apiSecret') },
    CLIENT_STYLE,
  );
  // Options that are not an object: that issue alone.
  if (!read.ok && options !== undefined && !isRecord(options)) return read;
  const issues: ClientIssue[] = read.ok ? [] : [...read.issues];
  const env = (read.ok ? read.value.env : undefined) ?? processEnv();
  const root = checkBaseUrl(given.baseUrl ?? env[BASE_URL_ENV], issues);
  const credentials = Credentials.basic(
    given.apiKey ?? env[API_KEY_ENV],
    given.apiSecret ?? env[API_SECRET_ENV],
  );
  if (!credentials.ok) issues.push(...credentials.issues);
  if (!read.ok || issues.length > 0 || root === undefined || !credentials.ok) return { ok: false, issues };

  const o = read.value;
  const clock = o.clock ?? systemClock;
  const limiter =
    o.limiter ??
    (o.rateLimit === false ? undefined : new RateLimiter(o.rateLimit ?? SERVICE_RATE_LIMIT, clock));
  const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);
  return {
    ok: true,
    value: {
      baseUrl: root.slice(0, root.length - API_PREFIX.length),
      root,
      credentials: credentials.value,
      fetch: o.fetch ?? globalFetch,
      clock,
      random: o.random ?? Math.random,
      retry: { ...DEFAULT_RETRY, ...(o.retry ?? {}) },
      timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      deadlineMs: o.deadlineMs ?? DEFAULT_DEADLINE_MS,
      maxResponseBytes: o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      limiter,
      log: o.log,
      profile: o.profile ?? DEFAULT_BODY_PROFILE,
    },
  };
}
