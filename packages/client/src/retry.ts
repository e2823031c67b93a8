/**
 * The retry policy: which requests are retried, how long to wait, and `Retry-After`.
 *
 * - Only idempotent requests are retried (GET and PUT here: setting the same query mode twice
 *   leaves the same state), and only after a connection error, an attempt's timeout, 408, 429 or
 *   a 5xx answer.
 * - The wait is exponential backoff with full jitter: a uniform random time from 0 to
 *   `min(maxDelayMs, baseDelayMs * 2^(retry - 1))`, which spreads retrying clients apart.
 * - A `Retry-After` answer (seconds or an HTTP date) replaces the backoff, capped at
 *   `maxRetryAfterMs`; a longer ask ends the retries. The service documents no Retry-After
 *   (documented outside the spec); the client honours one when present.
 *
 * @module
 */

/** The retry options of the client. */
export interface RetryOptions {
  /** Retries after the first attempt (so `maxRetries + 1` attempts at most). */
  readonly maxRetries: number;
  /** The backoff of the first retry, before jitter, in ms. */
  readonly baseDelayMs: number;
  /** The largest backoff before jitter, in ms. */
  readonly maxDelayMs: number;
  /** The longest `Retry-After` the client waits, in ms; a longer ask is not retried. */
  readonly maxRetryAfterMs: number;
}

/** The defaults: 4 retries (5 attempts), backoff 500 ms doubling up to 20 s, Retry-After up to 60 s. */
export const DEFAULT_RETRY: RetryOptions = Object.freeze({
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
});

/** The methods the client may send again: repeating them leaves the same state. */
const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Whether a request with this method may be retried. POST and PATCH are not. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Whether an answer with this status may succeed when the same request is sent again. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * The backoff before retry number `retry` (1 for the first retry): full jitter, a uniform time in
 * `[0, min(maxDelayMs, baseDelayMs * 2^(retry - 1)))`. `random` returns a number in [0, 1).
 */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * The wait a `Retry-After` header asks for, in ms: a number of seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`, counted from `now`, a date in the past being 0). Undefined for
 * a missing or unreadable value.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
