/**
 * `@querymode/client`: a typed `fetch` client for the query-mode and list endpoints of the
 * data-pipeline service API v2.0, for Node 20+ and browsers, with no runtime dependency beyond
 * `@querymode/core`. Bodies are validated by core before sending, lists are auto-paginated by
 * core's `paginate`, idempotent requests are retried with exponential backoff and full jitter, and
 * a client-side limiter keeps to the rate limit the service's public documentation (100 requests a minute).
 *
 * @module
 */
export type {
  ListPipelinesQuery,
  Pipeline,
  PipelineList,
  QueryModeBody,
  QueryModeConfig,
} from './api-types.js';
export {
  type CallOptions,
  type ClientResult,
  createClient,
  type ListOptions,
  type PipelineObject,
  QueryModeClient,
  type SetQueryModeOptions,
  type SetQueryModeResponse,
} from './client.js';
export { type Clock, createVirtualClock, systemClock, type VirtualClock } from './clock.js';
export { API_KEY_ENV, API_SECRET_ENV, Credentials } from './credentials.js';
export {
  AbortedError,
  BadRequestError,
  CLIENT_ERROR_KINDS,
  type ClientErrorKind,
  ConnectionError,
  ForbiddenError,
  InvalidRequestError,
  InvalidResponseError,
  NotFoundError,
  QueryModeClientError,
  QueryModeHttpError,
  RateLimitedError,
  RedirectError,
  type RequestInfo,
  type ResponseInfo,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedStatusError,
} from './errors.js';
export type { ClientIssue } from './issues.js';
export { type RateLimit, RateLimiter, type ReleaseSlot, SERVICE_RATE_LIMIT } from './limiter.js';
export {
  BASE_URL_ENV,
  type ClientOptions,
  checkBaseUrl,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
} from './options.js';
export { encodeSegment } from './paths.js';
export { isWebPage, notTheApiAnswer, type PutAnswer } from './put-answer.js';
export {
  backoffDelay,
  DEFAULT_RETRY,
  type FailedAttempt,
  isIdempotent,
  isRetryableStatus,
  mayRetry,
  parseRetryAfter,
  type RetryOptions,
} from './retry.js';
export type { ClientLogEvent, FetchLike } from './transport.js';
