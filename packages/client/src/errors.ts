/**
 * The errors of the client: one class per kind, each with the request's method, its path (relative
 * to the base URL, never with credentials) and the number of attempts made. The service's API
 * documentation of query modes gives no status codes or error bodies; 400, 401 and 403 are
 * documented at https://api-docs.hevodata.com/reference/response (docs/service.md#status-codes),
 * the rate limit at https://api-docs.hevodata.com/reference/rate-limits (docs/service.md#rate-limit);
 * the other kinds are HTTP's own.
 *
 * Errors are returned as data (`{ ok: false, error }`), not thrown, by every client method except
 * the list iterators, which reject with core's `PaginationError` whose `cause` is one of these.
 *
 * @module
 */
import type { ClientErrorKind } from '@querymode/core';
import { countOf } from '@querymode/core';
import type { ClientIssue } from './issues.js';

/**
 * Every kind of client error, and its type: core's list, which the records of `querymode apply`
 * carry too (one definition; `test/error-kinds.test.ts` holds every error class to it).
 */
export { CLIENT_ERROR_KINDS, type ClientErrorKind } from '@querymode/core';

/** Where a request failed. */
export interface RequestInfo {
  /** The HTTP method. */
  readonly method: string;
  /** The path after the base URL and the API prefix, with its query string; no credentials. */
  readonly path: string;
  /** Attempts made (0 when nothing was sent). */
  readonly attempts: number;
}

/** What an HTTP answer carried. */
export interface ResponseInfo extends RequestInfo {
  /** The HTTP status. */
  readonly status: number;
  /** The response body: parsed JSON, else the text, else undefined when empty. */
  readonly body: unknown;
}

/** The base class of every client error. */
export abstract class QueryModeClientError extends Error {
  /** The kind of error, stable. */
  abstract readonly kind: ClientErrorKind;
  /** The HTTP method. */
  readonly method: string;
  /** The path after the base URL and the API prefix. */
  readonly path: string;
  /** Attempts made. */
  readonly attempts: number;
  /** The HTTP status, for an error answered by the server. */
  readonly status: number | undefined;
  /** Whether another attempt of the same request may succeed (the retry policy's view). */
  readonly retryable: boolean;

  protected constructor(
    message: string,
    info: RequestInfo & { status?: number; retryable: boolean; cause?: unknown },
  ) {
    super(
      `${info.method} ${info.path}: ${message} (${countOf(info.attempts, 'attempt')})`,
      info.cause === undefined ? undefined : { cause: info.cause },
    );
    this.method = info.method;
    this.path = info.path;
    this.attempts = info.attempts;
    this.status = info.status;
    this.retryable = info.retryable;
  }

  /** The error as plain data (kind, message, method, path, attempts, status). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      method: this.method,
      path: this.path,
      attempts: this.attempts,
      ...(this.status === undefined ? {} : { status: this.status }),
    };
  }
}

/** An error answered with an HTTP status: it keeps the response body. */
export abstract class QueryModeHttpError extends QueryModeClientError {
  /** The response body: parsed JSON, else the text, else undefined. */
  readonly body: unknown;

  protected constructor(message: string, info: ResponseInfo, retryable: boolean) {
    super(message, { ...info, retryable });
    this.body = info.body;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), body: this.body };
  }
}

/** The input failed the client's checks (core's body validation, path segments): nothing was sent. */
export class InvalidRequestError extends QueryModeClientError {
  override readonly name = 'InvalidRequestError';
  readonly kind = 'invalid_request';
  /** What is wrong with the input. */
  readonly issues: readonly ClientIssue[];

  constructor(method: string, path: string, issues: readonly ClientIssue[]) {
    super(`not sent: ${issues.map((i) => i.message).join(' ')}`, {
      method,
      path,
      attempts: 0,
      retryable: false,
    });
    this.issues = issues;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}

/** 400: the server rejected the request; `body` is the server's explanation. */
export class BadRequestError extends QueryModeHttpError {
  override readonly name = 'BadRequestError';
  readonly kind = 'bad_request';
  constructor(info: ResponseInfo) {
    super('400 bad request', info, false);
  }
}

/** 401: missing or wrong credentials. */
export class UnauthorizedError extends QueryModeHttpError {
  override readonly name = 'UnauthorizedError';
  readonly kind = 'unauthorized';
  constructor(info: ResponseInfo) {
    super('401 unauthorized: check the API key and secret', info, false);
  }
}

/** 403: the credentials lack the permission. */
export class ForbiddenError extends QueryModeHttpError {
  override readonly name = 'ForbiddenError';
  readonly kind = 'forbidden';
  constructor(info: ResponseInfo) {
    super('403 forbidden: the credentials lack permission for this request', info, false);
  }
}

/** 404: the pipeline or object does not exist. */
export class NotFoundError extends QueryModeHttpError {
  override readonly name = 'NotFoundError';
  readonly kind = 'not_found';
  constructor(info: ResponseInfo) {
    super('404 not found', info, false);
  }
}

/** 429: the rate limit (documented at 100 requests a minute per user). */
export class RateLimitedError extends QueryModeHttpError {
  override readonly name = 'RateLimitedError';
  readonly kind = 'rate_limited';
  /** The wait the server asked for with `Retry-After`, in ms, when it sent one. */
  readonly retryAfterMs: number | undefined;
  constructor(info: ResponseInfo, retryAfterMs: number | undefined) {
    super('429 rate limited', info, true);
    this.retryAfterMs = retryAfterMs;
  }
}

/** 5xx: the server failed. */
export class ServerError extends QueryModeHttpError {
  override readonly name = 'ServerError';
  readonly kind = 'server_error';
  constructor(info: ResponseInfo) {
    super(`${info.status} server error`, info, true);
  }
}

/** Any other status that is not a success (408 is retried; the rest are not). */
export class UnexpectedStatusError extends QueryModeHttpError {
  override readonly name = 'UnexpectedStatusError';
  readonly kind = 'unexpected_status';
  constructor(info: ResponseInfo) {
    super(`unexpected status ${info.status}`, info, info.status === 408);
  }
}

/**
 * A success whose body is not what the endpoint returns: a list page that is not JSON, or a 2xx to
 * the query-mode PUT that is not the API's answer (a web page, a JSON array: `put-answer.ts`).
 */
export class InvalidResponseError extends QueryModeHttpError {
  override readonly name = 'InvalidResponseError';
  readonly kind = 'invalid_response';
  /** The answer's `Content-Type` header, when it had one. */
  readonly contentType: string | undefined;
  constructor(info: ResponseInfo & { readonly contentType?: string | undefined }, what: string) {
    super(`${info.status} with ${what}`, info, false);
    this.contentType = info.contentType;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      ...(this.contentType === undefined ? {} : { contentType: this.contentType }),
    };
  }
}

/**
 * A 3xx answer. The client never follows a redirect: a PUT's body would be delivered to another
 * host, and a success there is no success at the service. `location` says where it pointed.
 */
export class RedirectError extends QueryModeHttpError {
  override readonly name = 'RedirectError';
  readonly kind = 'redirect';
  /** The `Location` header, when there was one (credentials redacted). */
  readonly location: string | undefined;
  constructor(info: ResponseInfo, location: string | undefined) {
    super(
      `${info.status} redirect to ${location === undefined ? '(no Location header)' : JSON.stringify(location)}: redirects are never followed; check the base URL`,
      info,
      false,
    );
    this.location = location;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), ...(this.location === undefined ? {} : { location: this.location }) };
  }
}

/** An answer longer than the client reads (`maxResponseBytes`): reading stopped at the limit. */
export class ResponseTooLargeError extends QueryModeClientError {
  override readonly name = 'ResponseTooLargeError';
  readonly kind = 'response_too_large';
  /** The limit, in bytes. */
  readonly maxBytes: number;
  constructor(info: RequestInfo & { status: number }, maxBytes: number) {
    super(`${info.status} with a body over the limit of ${maxBytes} bytes; reading stopped there`, {
      ...info,
      retryable: false,
    });
    this.maxBytes = maxBytes;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), maxBytes: this.maxBytes };
  }
}

/**
 * Error codes of a connection that failed before any byte of the request could reach the server
 * (refused, no route, a name that does not resolve, a connect timeout): the request surely changed
 * nothing, so sending it again is safe.
 */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The connection failed or dropped before a whole response arrived. */
export class ConnectionError extends QueryModeClientError {
  override readonly name = 'ConnectionError';
  readonly kind = 'connection';
  /**
   * True when the connection failed before the request could be sent (refused, unreachable, a
   * name that does not resolve): the server cannot have acted on it. False when it may have.
   */
  readonly notSent: boolean;
  constructor(info: RequestInfo, cause: unknown, redact: (text: string) => string = (t) => t) {
    super(`connection failed: ${redact(describeCause(cause))}`, { ...info, retryable: true });
    this.notSent = NOT_SENT_CODES.has(causeCode(cause) ?? '');
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), notSent: this.notSent };
  }
}

/** An attempt ran out of its timeout (retryable), or the whole call ran out of its deadline. */
export class TimeoutError extends QueryModeClientError {
  override readonly name = 'TimeoutError';
  readonly kind = 'timeout';
  /** `attempt`: one attempt's timeout; `deadline`: the overall deadline of the call. */
  readonly phase: 'attempt' | 'deadline';
  /** The timeout or deadline, in ms. */
  readonly timeoutMs: number;
  constructor(info: RequestInfo, phase: 'attempt' | 'deadline', timeoutMs: number) {
    super(
      phase === 'attempt'
        ? `an attempt timed out after ${timeoutMs} ms`
        : `the deadline of ${timeoutMs} ms passed`,
      {
        ...info,
        retryable: phase === 'attempt',
      },
    );
    this.phase = phase;
    this.timeoutMs = timeoutMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), phase: this.phase, timeoutMs: this.timeoutMs };
  }
}

/** The caller's signal aborted the call. */
export class AbortedError extends QueryModeClientError {
  override readonly name = 'AbortedError';
  readonly kind = 'aborted';
  constructor(info: RequestInfo, cause: unknown) {
    super('aborted by the caller', { ...info, retryable: false, cause });
  }
}

/** The error code of a low-level failure (`ECONNREFUSED`), from it or its cause. */
function causeCode(cause: unknown): string | undefined {
  if (!(cause instanceof Error)) return undefined;
  const inner = (cause as { cause?: unknown }).cause;
  const code = (inner as { code?: unknown } | undefined)?.code ?? (cause as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** A short description of a low-level failure: its message and code, never its whole object. */
function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  const code = causeCode(cause);
  const detail = inner instanceof Error ? inner.message : cause.message;
  return code === undefined ? detail : `${detail} (${code})`;
}
