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

/** Aborts `target` with `reason` when `source` aborts; returns the function that unlinks them. */
function link(source: AbortSignal | undefined, target: AbortController, reason: () => unknown): () => void {
  if (source === undefined) return () => {};
  if (source.aborted) {
    target.abort(reason());
    return () => {};
  }
  const onAbort = (): void => target.abort(reason());
  source.addEventListener('abort', onAbort, { once: true });
  return () => source.removeEventListener('abort', onAbort);
}

/** Aborts `target` with `reason` after `ms` on `clock`; returns the function that cancels it. */
function timer(clock: Clock, ms: number, target: AbortController, reason: unknown): () => void {
  const cancel = new AbortController();
  clock.sleep(ms, cancel.signal).then(
    () => target.abort(reason),
    () => {},
  );
  return () => cancel.abort();
}

/** Sends a call; see the module comment. */
export async function send(config: TransportConfig, call: Call): Promise<Outcome> {
  const { clock, log } = config;
  const { method, path } = call;
  const callScope = new AbortController();
  const unlinkCaller = link(call.signal, callScope, () => call.signal?.reason);
  const cancelDeadline = timer(clock, config.deadlineMs, callScope, DEADLINE);
  let attempts = 0;

  /** The error of a call whose scope aborted: the caller's abort or the deadline. */
  const scopeError = (): QueryModeClientError =>
    callScope.signal.reason === DEADLINE
      ? new TimeoutError({ method, path, attempts }, 'deadline', config.deadlineMs)
      : new AbortedError({ method, path, attempts }, callScope.signal.reason);

  try {
    for (;;) {
      if (callScope.signal.aborted) return { ok: false, error: scopeError() };
      let release: (() => void) | undefined;
      if (config.limiter !== undefined) {
        const free = config.limiter.taken < config.limiter.limit.requests;
        if (!free) {
          log?.({
            event: 'wait',
            method,
            path,
            attempt: attempts + 1,
            message: `${method} ${path}: waiting for a rate-limit slot`,
          });
        }
        try {
          release = await config.limiter.acquire(callScope.signal);
        } catch {
          return { ok: false, error: scopeError() };
        }
      }
      attempts += 1;
      const attempt = attempts;
      const scope = new AbortController();
      const unlinkCall = link(callScope.signal, scope, () => callScope.signal.reason);
      const cancelTimeout = timer(clock, config.timeoutMs, scope, ATTEMPT_TIMEOUT);
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
        const reason = scope.signal.aborted ? scope.signal.reason : undefined;
        if (reason === ATTEMPT_TIMEOUT)
          error = new TimeoutError({ method, path, attempts }, 'attempt', config.timeoutMs);
        else if (callScope.signal.aborted) return { ok: false, error: scopeError() };
        else error = new ConnectionError({ method, path, attempts }, cause);
      } finally {
        cancelTimeout();
        unlinkCall();
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
      try {
        await clock.sleep(delayMs, callScope.signal);
      } catch {
        return { ok: false, error: scopeError() };
      }
    }
  } finally {
    cancelDeadline();
    unlinkCaller();
  }
}
