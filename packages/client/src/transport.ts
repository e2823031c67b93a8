/**
 * Sends one API call: attempts with a timeout each, an overall deadline, the caller's signal, a
 * rate-limiter slot per attempt, and retries with backoff of what may be sent again (see
 * `retry.ts`). Each attempt is a fresh request. Returns the response or a typed error; never throws.
 *
 * What comes back is held to the client's limits: a redirect is never followed (it is a
 * `RedirectError`), an answer is read up to `maxResponseBytes` and no further (memory stays
 * bounded), and every body and message is redacted of the credential before it is returned.
 *
 * @module
 */
import { jsonDepthExceeds, TOO_DEEP_MESSAGE } from '@querymode/core';
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
  RedirectError,
  type ResponseInfo,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedStatusError,
} from './errors.js';
import type { RateLimiter } from './limiter.js';
import { backoffDelay, mayRetry, parseRetryAfter, type RetryOptions } from './retry.js';

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
  /** The largest answer read, in bytes. */
  readonly maxResponseBytes: number;
  readonly limiter: RateLimiter | undefined;
  readonly log: ((event: ClientLogEvent) => void) | undefined;
}

/** One call: method, path (with its query string) and JSON body. */
export interface Call {
  readonly method: 'GET' | 'PUT';
  readonly path: string;
  readonly body?: string;
  readonly signal?: AbortSignal | undefined;
  /**
   * Once aborted, no new attempt starts and a wait (for a rate-limit slot, before a retry) ends
   * with an `AbortedError`; an attempt in flight runs to its end. `signal` cancels that one too.
   */
  readonly stop?: AbortSignal | undefined;
}

/** A successful answer. */
export interface Answer {
  readonly status: number;
  /** Parsed JSON, else the text, else undefined when empty. */
  readonly body: unknown;
  /** The `Content-Type` header, when the answer had one. */
  readonly contentType: string | undefined;
  readonly attempts: number;
}

/** The transport's result. */
export type Outcome =
  | { readonly ok: true; readonly value: Answer }
  | { readonly ok: false; readonly error: QueryModeClientError };

/** Why an attempt's signal aborted. */
const ATTEMPT_TIMEOUT = Symbol('attempt timeout');
const DEADLINE = Symbol('deadline');

/**
 * Parses an answer's text (JSON, else the text, else undefined), redacted of the credential. The
 * text is redacted before parsing; only a text with a backslash, whose JSON strings may spell the
 * secret with escapes (`\u0073`, `\/`), has its parsed strings redacted one by one as well.
 * Walking every body cost the list benchmark 1.66x a bare fetch instead of 1.09x
 * (`pnpm bench client-overhead`).
 */
function parseBody(text: string, credentials: Credentials): unknown {
  if (text === '') return undefined;
  const redacted = credentials.redact(text);
  try {
    const value: unknown = JSON.parse(redacted);
    // A body nested thousands deep would overflow the walk below and every later one (stringify).
    if (jsonDepthExceeds(value)) return `(a JSON answer ${TOO_DEEP_MESSAGE})`;
    return redacted.includes('\\') ? credentials.redactValue(value) : value;
  } catch {
    return redacted;
  }
}

/** Thrown by {@link readBounded} when an answer passes the limit. */
class TooLarge extends Error {}

/**
 * Reads an answer's body as UTF-8 text, at most `maxBytes` bytes: a `Content-Length` over the
 * limit is refused before reading, and a body that grows past it is cancelled where it passes.
 */
async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  // A declared length within the limit, of a body not compressed (a small gzip body may inflate to
  // gigabytes), bounds what fetch reads: read it whole, which is faster than the chunk loop below.
  const encoding = response.headers.get('content-encoding');
  if (Number.isInteger(declared) && declared >= 0 && (encoding === null || encoding === 'identity')) {
    return response.text();
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
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
  /** Set when `call.stop` aborts: no new attempt, no more waiting; the attempt in flight goes on. */
  let halted = call.stop?.aborted === true;
  const onStop = (): void => {
    halted = true;
    if (current === undefined) wake?.();
  };
  call.stop?.addEventListener('abort', onStop, { once: true });

  /** The error of a call that stopped: the deadline, or the caller's abort. */
  const stoppedError = (): QueryModeClientError =>
    stopped === 'deadline'
      ? new TimeoutError({ method, path, attempts }, 'deadline', config.deadlineMs)
      : new AbortedError(
          { method, path, attempts },
          stopped === 'caller' ? call.signal?.reason : call.stop?.reason,
        );
  const over = (): boolean => stopped !== undefined || halted;

  /** Waits `ms`; false when the call stopped first. */
  const pause = (ms: number): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      if (over()) {
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
      if (over()) return { ok: false, error: stoppedError() };
      let release: (() => void) | undefined;
      if (config.limiter !== undefined) {
        release = await slot(config.limiter);
        if (release === undefined || over()) {
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
          // A redirect would carry the body to another host: it is answered as an error.
          redirect: 'manual',
        });
        let text: string;
        try {
          text = await readBounded(response, config.maxResponseBytes);
        } catch (failure) {
          if (!(failure instanceof TooLarge)) throw failure;
          const info = { method, path, attempts, status: response.status };
          return { ok: false, error: new ResponseTooLargeError(info, config.maxResponseBytes) };
        }
        const body = parseBody(text, config.credentials);
        log?.({
          event: 'response',
          method,
          path,
          attempt,
          status: response.status,
          message: `${method} ${path}: ${response.status}`,
        });
        if (response.ok) {
          const contentType = response.headers.get('content-type') ?? undefined;
          return { ok: true, value: { status: response.status, body, contentType, attempts } };
        }
        const info = { method, path, attempts, status: response.status, body };
        if (response.status >= 300 && response.status < 400) {
          const location = response.headers.get('location');
          const where = location === null ? undefined : config.credentials.redact(location);
          return { ok: false, error: new RedirectError(info, where) };
        }
        retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), clock.now());
        error = httpError(info, retryAfterMs);
      } catch (cause) {
        if (stopped !== undefined) return { ok: false, error: stoppedError() };
        error = timedOut
          ? new TimeoutError({ method, path, attempts }, 'attempt', config.timeoutMs)
          : new ConnectionError({ method, path, attempts }, cause, (t) => config.credentials.redact(t));
      } finally {
        cancelTimeout();
        current = undefined;
        release?.();
      }
      const retryable =
        attempts <= config.retry.maxRetries &&
        mayRetry(
          {
            method,
            status: error.status,
            retryable: error.retryable,
            notSent: error instanceof ConnectionError && error.notSent,
          },
          config.retry,
        );
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
      // Stopped gently (`call.stop`) while waiting to retry: the last failure is the outcome.
      if (!(await pause(delayMs)))
        return { ok: false, error: stopped === undefined ? error : stoppedError() };
    }
  } finally {
    cancelDeadline();
    call.signal?.removeEventListener('abort', onCaller);
    call.stop?.removeEventListener('abort', onStop);
  }
}
