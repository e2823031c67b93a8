/**
 * Sends one API call: attempts with a timeout each, an overall deadline, the caller's signal, a
 * rate-limiter slot per attempt, and retries of idempotent requests with backoff (see `retry.ts`).
 * Each attempt is a fresh request. Returns the response or a typed error; never throws.
 *
 * @module
 */
import type { Clock } from './clock.js';
import type { Credentials } from './credentials.js';
import {
  AbortedError,
  BadRequestError,
  ConnectionError,
  ForbiddenError,
  NotFoundError,
  type QueryModeClientError,
  type QueryModeHttpError,
  RateLimitedError,
  type ResponseInfo,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedStatusError,
} from './errors.js';
import type { RateLimiter } from './limiter.js';
import {
  backoffDelay,
  isIdempotent,
  isRetryableStatus,
  parseRetryAfter,
  type RetryOptions,
} from './retry.js';

/** The `fetch` the client calls: the global one, or any function of the same shape (a mock's handler). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** One line of the client's log. Never holds a credential, a header or a body. */
export interface ClientLogEvent {
  /** `attempt` before sending, `response` on an answer, `retry` before waiting, `wait` for a rate-limiter slot. */
  readonly event: 'attempt' | 'response' | 'retry' | 'wait';
  readonly method: string;
  /** The path after the base URL and the API prefix. */
  readonly path: string;
  /** The attempt number, from 1. */
  readonly attempt: number;
  /** The HTTP status, for `response`. */
  readonly status?: number;
  /** The wait before the next attempt, for `retry`, in ms. */
  readonly delayMs?: number;
  /** A line of text saying the above. */
  readonly message: string;
}

/** What the transport needs; built once by the client. */
export interface TransportConfig {
  /** The base URL with the API prefix, without a trailing slash. */
  readonly root: string;
  readonly credentials: Credentials;
  readonly fetch: FetchLike;
  readonly clock: Clock;
  readonly random: () => number;
  readonly retry: RetryOptions;
  /** The timeout of one attempt, in ms (connecting, waiting and reading the whole body). */
  readonly timeoutMs: number;
  /** The deadline of a whole call, retries and waits included, in ms. */
  readonly deadlineMs: number;
  readonly limiter: RateLimiter | undefined;
  readonly log: ((event: ClientLogEvent) => void) | undefined;
}

/** One call: method, path (with its query string) and JSON body. */
export interface Call {
  readonly method: 'GET' | 'PUT';
  readonly path: string;
  readonly body?: string;
  readonly signal?: AbortSignal | undefined;
}

/** A successful answer. */
export interface Answer {
  readonly status: number;
  /** Parsed JSON, else the text, else undefined when empty. */
  readonly body: unknown;
  readonly attempts: number;
}

/** The transport's result. */
export type Outcome =
  | { readonly ok: true; readonly value: Answer }
  | { readonly ok: false; readonly error: QueryModeClientError };

/** Why an attempt's signal aborted. */
const ATTEMPT_TIMEOUT = Symbol('attempt timeout');
const DEADLINE = Symbol('deadline');

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The typed error of an answer that is not a success. */
function httpError(info: ResponseInfo, retryAfterMs: number | undefined): QueryModeHttpError {
  switch (info.status) {
    case 400:
      return new BadRequestError(info);
    case 401:
      return new UnauthorizedError(info);
    case 403:
      return new ForbiddenError(info);
    case 404:
      return new NotFoundError(info);
    case 429:
      return new RateLimitedError(info, retryAfterMs);
    default:
      return info.status >= 500 ? new ServerError(info) : new UnexpectedStatusError(info);
  }
}

/**
 * Sends a call; see the module comment.
 *
 * Written with plain timers and one flag rather than linked AbortSignals: each abort listener
 * costs about 7.5 µs in Node 20, and the first version's four per call (caller, deadline, attempt,
 * timeout) cost more than the rest of the client (`pnpm bench client-overhead`; in-process, 105 µs
 * per list request before, see docs/benchmarks.md). The attempt's own AbortController, which
 * `fetch` needs, is the only signal made per attempt.
 */
export async function send(config: TransportConfig, call: Call): Promise<Outcome> {
  const { clock, log } = config;
  const { method, path } = call;
  let attempts = 0;
  /** Why the whole call stopped: its deadline passed, or the caller's signal aborted. */
  let stopped: 'deadline' | 'caller' | undefined;
  /** The attempt in flight, to abort when the call stops. */
  let current: AbortController | undefined;
  /** Ends the current wait (rate-limit slot, backoff) early when the call stops. */
  let wake: (() => void) | undefined;
  const stop = (why: 'deadline' | 'caller'): void => {
    if (stopped !== undefined) return;
    stopped = why;
    current?.abort(why === 'deadline' ? DEADLINE : call.signal?.reason);
    wake?.();
  };
  const cancelDeadline = clock.schedule(config.deadlineMs, () => stop('deadline'));
  const onCaller = (): void => stop('caller');
  if (call.signal?.aborted) stop('caller');
  else call.signal?.addEventListener('abort', onCaller, { once: true });

  /** The error of a call that stopped: the deadline, or the caller's abort. */
  const stoppedError = (): QueryModeClientError =>
    stopped === 'deadline'
      ? new TimeoutError({ method, path, attempts }, 'deadline', config.deadlineMs)
      : new AbortedError({ method, path, attempts }, call.signal?.reason);

  /** Waits `ms`; false when the call stopped first. */
  const pause = (ms: number): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      if (stopped !== undefined) {
        resolve(false);
        return;
      }
      const cancel = clock.schedule(ms, () => {
        wake = undefined;
        resolve(true);
      });
      wake = () => {
        cancel();
        wake = undefined;
        resolve(false);
      };
    });

  /** A rate-limiter slot, waiting when none is free; undefined when the call stopped first. */
  const slot = async (limiter: RateLimiter): Promise<(() => void) | undefined> => {
    const free = limiter.tryAcquire();
    if (free !== undefined) return free;
    log?.({
      event: 'wait',
      method,
      path,
      attempt: attempts + 1,
      message: `${method} ${path}: waiting for a rate-limit slot`,
    });
    const waiting = new AbortController();
    wake = () => waiting.abort();
    try {
      return await limiter.acquire(waiting.signal);
    } catch {
      return undefined;
    } finally {
      wake = undefined;
    }
  };

  try {
    for (;;) {
      if (stopped !== undefined) return { ok: false, error: stoppedError() };
      let release: (() => void) | undefined;
      if (config.limiter !== undefined) {
        release = await slot(config.limiter);
        if (release === undefined || stopped !== undefined) {
          release?.();
          return { ok: false, error: stoppedError() };
        }
      }
      attempts += 1;
      const attempt = attempts;
      const scope = new AbortController();
      current = scope;
      let timedOut = false;
      const cancelTimeout = clock.schedule(config.timeoutMs, () => {
        timedOut = true;
        scope.abort(ATTEMPT_TIMEOUT);
      });
      log?.({ event: 'attempt', method, path, attempt, message: `${method} ${path}: attempt ${attempt}` });
      let error: QueryModeClientError;
      let retryAfterMs: number | undefined;
      try {
        const headers: Record<string, string> = {
          accept: 'application/json',
          authorization: config.credentials.authorization(),
        };
        if (call.body !== undefined) headers['content-type'] = 'application/json';
        const response = await config.fetch(`${config.root}${path}`, {
          method,
          headers,
          ...(call.body === undefined ? {} : { body: call.body }),
          signal: scope.signal,
        });
        const body = parseBody(await response.text());
        log?.({
          event: 'response',
          method,
          path,
          attempt,
          status: response.status,
          message: `${method} ${path}: ${response.status}`,
        });
        if (response.ok) return { ok: true, value: { status: response.status, body, attempts } };
        retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), clock.now());
        error = httpError({ method, path, attempts, status: response.status, body }, retryAfterMs);
      } catch (cause) {
        if (stopped !== undefined) return { ok: false, error: stoppedError() };
        error = timedOut
          ? new TimeoutError({ method, path, attempts }, 'attempt', config.timeoutMs)
          : new ConnectionError({ method, path, attempts }, cause);
      } finally {
        cancelTimeout();
        current = undefined;
        release?.();
      }
      const retryable =
        isIdempotent(method) &&
        attempts <= config.retry.maxRetries &&
        (error.status === undefined ? error.retryable : isRetryableStatus(error.status));
      if (!retryable) return { ok: false, error };
      if (retryAfterMs !== undefined && retryAfterMs > config.retry.maxRetryAfterMs)
        return { ok: false, error };
      const delayMs = retryAfterMs ?? backoffDelay(attempts, config.retry, config.random);
      log?.({
        event: 'retry',
        method,
        path,
        attempt,
        delayMs,
        ...(error.status === undefined ? {} : { status: error.status }),
        message: `${method} ${path}: ${error.kind} on attempt ${attempt}, retrying in ${delayMs} ms`,
      });
      if (!(await pause(delayMs))) return { ok: false, error: stoppedError() };
    }
  } finally {
    cancelDeadline();
    call.signal?.removeEventListener('abort', onCaller);
  }
}
