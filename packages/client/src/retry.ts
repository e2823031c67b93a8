/**
 * The retry policy: which requests are retried, how long to wait, and `Retry-After`.
 *
 * - A GET changes nothing: it is retried after a connection error, an attempt's timeout, 408, 429
 *   or a 5xx answer.
 * - A PUT is retried by default only when it surely changed nothing: the connection was refused
 *   or the host unreachable before sending, or a 429 rejected it. After a 5xx, a 408, a timeout or
 *   a dropped connection the service may have acted on it, and no public documentation says that
 *   sending the same mode again is harmless: a mode change restarts the object's ingestion, and in
 *   log-based pipelines re-ingested events are billed (the service's public documentation; docs/service.md). Resending
 *   then is the caller's choice: `resendUncertain: true`.
 * - The wait is exponential backoff with full jitter: a uniform random time from 0 to
 *   `min(maxDelayMs, baseDelayMs * 2^(retry - 1))`, which spreads retrying clients apart.
 * - A `Retry-After` answer (seconds or an HTTP date) replaces the backoff, capped at
 *   `maxRetryAfterMs`; a longer ask ends the retries. The service documents no Retry-After
 *   (the service's public documentation; docs/service.md); the client honours one when present.
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
  /**
   * Whether a PUT is sent again after an answer or a failure that leaves it uncertain whether the
   * service acted on it (5xx, 408, a timeout, a dropped connection). Default false: see the module
   * comment for the risk.
   */
  readonly resendUncertain: boolean;
}

/** The defaults: 4 retries (5 attempts), backoff 500 ms doubling up to 20 s, Retry-After up to 60 s. */
export const DEFAULT_RETRY: RetryOptions = Object.freeze({
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  resendUncertain: false,
});

/** The methods that change nothing at the server: any failure of theirs may be retried. */
const SAFE: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The methods that HTTP calls idempotent (RFC 9110): repeating them is meant to leave the same state. */
const IDEMPOTENT: ReadonlySet<string> = new Set([...SAFE, 'PUT', 'DELETE']);

/** Whether a request with this method is idempotent in HTTP's sense. POST and PATCH are not. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** What the retry policy needs to know of a failed attempt. */
export interface FailedAttempt {
  readonly method: string;
  /** The HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** Whether the error itself is of a retryable kind (a connection error, an attempt's timeout). */
  readonly retryable: boolean;
  /** True when the request surely never reached the server (a refused connection). */
  readonly notSent: boolean;
}

/**
 * Whether a failed attempt may be sent again (see the module comment): a safe method after any
 * retryable failure; a PUT (or DELETE) only when it surely changed nothing (not sent, or 429),
 * unless `resendUncertain`; never POST or PATCH.
 */
export function mayRetry(failure: FailedAttempt, options: RetryOptions): boolean {
  const method = failure.method.toUpperCase();
  const retryable = failure.status === undefined ? failure.retryable : isRetryableStatus(failure.status);
  if (!retryable || !isIdempotent(method)) return false;
  if (SAFE.has(method) || options.resendUncertain) return true;
  return failure.notSent || failure.status === 429;
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
