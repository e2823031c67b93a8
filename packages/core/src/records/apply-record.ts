/**
 * The records of `querymode apply`: one per plan record, in input order, saying what happened to
 * it (`applied`, `skipped`, `would_apply` in a dry run, `not_sent`, `failed`, or `invalid`). The
 * lists they draw from are here, as data: the codes of an invalid plan record and
 * the kinds of a failed request, which `@querymode/client` re-exports as its error kinds (one
 * definition; the client's test holds every error class to it). The zod schema is
 * `applyRecordSchema` (`apply-schema.ts`); the type test pins the two to each other.
 *
 * @module
 */
import type { QueryModeBody } from '../catalogue/body-types.js';
import type { NdjsonIssue } from './recommend-record.js';

/** Why a plan record is invalid. */
export const APPLY_INVALID_CODES = [
  'invalid_json',
  'unreadable_line',
  'duplicate_key',
  'invalid_record',
  'missing_field',
  'invalid_field',
  'missing_body',
  'ambiguous_body',
  'no_recommendation',
  'invalid_body',
  'duplicate_object',
  'too_deep',
] as const;

/** Why a plan record is invalid. */
export type ApplyInvalidCode = (typeof APPLY_INVALID_CODES)[number];

/** Every kind of error of a request to the service (the kinds of `@querymode/client`'s errors). */
export const CLIENT_ERROR_KINDS = [
  'invalid_request',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'server_error',
  'unexpected_status',
  'invalid_response',
  'redirect',
  'response_too_large',
  'connection',
  'timeout',
  'aborted',
] as const;

/** The kind of a request's error. */
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The skipped record's reason. */
export const ALREADY_APPLIED = 'already applied (journal)';

/** Which plan record: its line, and its object (a valid plan record names it). */
export interface ApplyObject {
  readonly line: number;
  readonly pipeline_id: string;
  readonly object_name: string;
}

/** Which invalid plan record: its line, and its object as far as the record names it. */
export interface ApplyWhere {
  readonly line: number;
  readonly pipeline_id?: string;
  readonly object_name?: string;
}

/** Why a plan record is invalid: its code, in words, and the body's issues for `invalid_body`. */
export interface ApplyInvalidError {
  readonly code: ApplyInvalidCode;
  readonly message: string;
  readonly issues?: readonly NdjsonIssue[];
}

/** Why a request failed: its kind, in words, the HTTP status and body when the server answered. */
export interface ApplyFailure {
  readonly kind: ClientErrorKind;
  readonly message: string;
  readonly http_status?: number;
  readonly attempts: number;
  readonly body?: unknown;
}

/** The request a dry run would send. */
export interface ApplyRequest {
  readonly method: 'PUT';
  /** The path after the base URL, API prefix included. */
  readonly path: string;
  readonly body: QueryModeBody;
}

/** A record of `querymode apply`, by status. */
export type ApplyRecord =
  | (ApplyObject & {
      readonly ok: true;
      readonly status: 'applied';
      readonly http_status: number;
      readonly attempts: number;
    })
  | (ApplyObject & { readonly ok: true; readonly status: 'skipped'; readonly reason: typeof ALREADY_APPLIED })
  | (ApplyObject & { readonly ok: true; readonly status: 'would_apply'; readonly request: ApplyRequest })
  | (ApplyObject & { readonly ok: false; readonly status: 'not_sent'; readonly reason: string })
  | (ApplyObject & { readonly ok: false; readonly status: 'failed'; readonly error: ApplyFailure })
  | (ApplyWhere & { readonly ok: false; readonly status: 'invalid'; readonly error: ApplyInvalidError });

/** What happened to a plan record. */
export type ApplyStatus = ApplyRecord['status'];
