/**
 * Responses. The spec shows no status codes, no response bodies and no errors (spec 4.1, 4.2, 7).
 * Success is therefore the `2XX` range; bodies the service's documentation does not show are open schemas described
 * as not documented; error statuses are listed without bodies, each saying where it comes from.
 *
 * @module
 */
import type { ReferenceObject, ResponseObject } from 'openapi3-ts/oas31';
import { documentedAt } from './documented-at.js';

/** The error responses, by component name: status and description. */
export const ERROR_RESPONSES = {
  BadRequest: {
    status: '400',
    description:
      `Bad request. Errors are not documented (spec 7). ${documentedAt('status-codes')}: the API answers ` +
      '400 for wrong or missing parameters. The error body is not documented.',
  },
  Unauthorized: {
    status: '401',
    description:
      `Unauthorized. Errors are not documented (spec 7). ${documentedAt('status-codes')}: the API answers ` +
      '401 for bad credentials. The error body is not documented.',
  },
  Forbidden: {
    status: '403',
    description:
      `Forbidden. Errors are not documented (spec 7). ${documentedAt('status-codes')}: the API answers 403 ` +
      'for missing permission. The error body is not documented.',
  },
  NotFound: {
    status: '404',
    description:
      'Not found: the standard HTTP status for a pipeline or object that does not exist. Errors are ' +
      'not documented (spec 7), and the error body is not documented.',
  },
  TooManyRequests: {
    status: '429',
    description:
      'Too many requests: the standard HTTP status for a rate limit. The documentation of query modes ' +
      `and pagination gives no request rate limit (spec 8). ${documentedAt('rate-limit')}: the API is rate limited to 100 requests per ` +
      'minute per user, and the error says that the request rate limit was exceeded. The status code ' +
      'and the error body are not documented.',
  },
} as const;

/** The name of an error response component. */
export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

/** The error response components. */
export function errorResponseComponents(): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, r]) => [name, { description: r.description }]),
  );
}

/** References to the named error responses, keyed by status, for an operation's `responses`. */
export function errorResponses(names: readonly ErrorResponseName[]): Record<string, ReferenceObject> {
  return Object.fromEntries(
    names.map((name) => [ERROR_RESPONSES[name].status, { $ref: `#/components/responses/${name}` }]),
  );
}
