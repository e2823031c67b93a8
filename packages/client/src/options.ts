/**
 * The client's options and their checks. Every check returns issues as data; nothing throws.
 *
 * @module
 */
import { API_PREFIX, closest, describeValue, isRecord } from '@querymode/core';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { API_KEY_ENV, API_SECRET_ENV, Credentials } from './credentials.js';
import type { ClientIssue } from './issues.js';
import { clientIssue } from './issues.js';
import { type RateLimit, RateLimiter, SERVICE_RATE_LIMIT } from './limiter.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry.js';
import type { ClientLogEvent, FetchLike, TransportConfig } from './transport.js';

/** The environment variable of the base URL. */
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
   * (default: `QUERYMODE_BASE_URL`). The spec names no host. The API prefix `/api/public/v2.0` is
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
   * The client-side rate limit: default 100 requests a minute (documented outside the spec);
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
}

const OPTION_KEYS: readonly string[] = [
  'baseUrl',
  'apiKey',
  'apiSecret',
  'env',
  'fetch',
  'timeoutMs',
  'deadlineMs',
  'maxResponseBytes',
  'retry',
  'rateLimit',
  'limiter',
  'clock',
  'random',
  'log',
];

const RETRY_NUMBERS = ['maxRetries', 'baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const;
const RETRY_KEYS: readonly (keyof RetryOptions)[] = [...RETRY_NUMBERS, 'resendUncertain'];

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

function positiveInteger(
  value: unknown,
  path: readonly (string | number)[],
  allowZero: boolean,
  issues: ClientIssue[],
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < (allowZero ? 0 : 1)) {
    issues.push(
      clientIssue(
        'invalid_number',
        path,
        `\`${path.join('.')}\`: expected an integer ${allowZero ? '>= 0' : '>= 1'}, received ${describeValue(value)}`,
      ),
    );
  }
}

function unknownKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  at: readonly string[],
  issues: ClientIssue[],
): void {
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const suggestion = closest(key, allowed);
    issues.push(
      clientIssue(
        'unknown_option',
        [...at, key],
        `unknown option \`${[...at, key].join('.')}\`${suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`}`,
      ),
    );
  }
}

function checkFunction(value: unknown, name: string, issues: ClientIssue[]): void {
  if (value !== undefined && typeof value !== 'function') {
    issues.push(
      clientIssue(
        'invalid_option',
        [name],
        `\`${name}\`: expected a function, received ${describeValue(value)}`,
      ),
    );
  }
}

function checkRateLimit(value: unknown, issues: ClientIssue[]): void {
  if (value === undefined || value === false) return;
  if (!isRecord(value)) {
    issues.push(
      clientIssue(
        'invalid_option',
        ['rateLimit'],
        `\`rateLimit\`: expected { requests, windowMs } or false, received ${describeValue(value)}`,
      ),
    );
    return;
  }
  unknownKeys(value, ['requests', 'windowMs'], ['rateLimit'], issues);
  for (const key of ['requests', 'windowMs']) {
    if (value[key] === undefined)
      issues.push(clientIssue('invalid_option', ['rateLimit', key], `\`rateLimit.${key}\` is required`));
    else positiveInteger(value[key], ['rateLimit', key], false, issues);
  }
}

/** Checks the options and builds the transport's configuration, or returns the issues. Never throws. */
export function resolveOptions(
  options: unknown,
):
  | { ok: true; value: TransportConfig & { readonly baseUrl: string } }
  | { ok: false; issues: ClientIssue[] } {
  if (options !== undefined && !isRecord(options)) {
    return {
      ok: false,
      issues: [
        clientIssue('invalid_option', [], `options: expected an object, received ${describeValue(options)}`),
      ],
    };
  }
  const o = (options ?? {}) as Record<string, unknown> & ClientOptions;
  const issues: ClientIssue[] = [];
  unknownKeys(o, OPTION_KEYS, [], issues);
  if (o.env !== undefined && !isRecord(o.env)) {
    issues.push(
      clientIssue('invalid_option', ['env'], `\`env\`: expected an object, received ${describeValue(o.env)}`),
    );
  }
  const env = isRecord(o.env) ? (o.env as Record<string, string | undefined>) : processEnv();
  const root = checkBaseUrl(o.baseUrl ?? env[BASE_URL_ENV], issues);
  const credentials = Credentials.basic(o.apiKey ?? env[API_KEY_ENV], o.apiSecret ?? env[API_SECRET_ENV]);
  if (!credentials.ok) issues.push(...credentials.issues);
  positiveInteger(o.timeoutMs, ['timeoutMs'], false, issues);
  positiveInteger(o.deadlineMs, ['deadlineMs'], false, issues);
  positiveInteger(o.maxResponseBytes, ['maxResponseBytes'], false, issues);
  if (o.retry !== undefined) {
    if (!isRecord(o.retry)) {
      issues.push(
        clientIssue(
          'invalid_option',
          ['retry'],
          `\`retry\`: expected an object, received ${describeValue(o.retry)}`,
        ),
      );
    } else {
      unknownKeys(o.retry, RETRY_KEYS, ['retry'], issues);
      for (const key of RETRY_NUMBERS) positiveInteger(o.retry[key], ['retry', key], true, issues);
      const resend = o.retry.resendUncertain;
      if (resend !== undefined && typeof resend !== 'boolean') {
        issues.push(
          clientIssue(
            'invalid_option',
            ['retry', 'resendUncertain'],
            `\`retry.resendUncertain\`: expected a boolean, received ${describeValue(resend)}`,
          ),
        );
      }
    }
  }
  checkRateLimit(o.rateLimit, issues);
  if (o.limiter !== undefined && !(o.limiter instanceof RateLimiter)) {
    issues.push(clientIssue('invalid_option', ['limiter'], '`limiter`: expected a RateLimiter'));
  }
  if (
    o.clock !== undefined &&
    (!isRecord(o.clock) || typeof o.clock.now !== 'function' || typeof o.clock.sleep !== 'function')
  ) {
    issues.push(clientIssue('invalid_option', ['clock'], '`clock`: expected { now(), sleep(ms, signal) }'));
  }
  checkFunction(o.fetch, 'fetch', issues);
  checkFunction(o.random, 'random', issues);
  checkFunction(o.log, 'log', issues);
  if (issues.length > 0 || root === undefined || !credentials.ok) return { ok: false, issues };

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
    },
  };
}
