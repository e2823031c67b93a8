/**
 * Results and issues of the inspector: errors are data, never thrown at the caller.
 *
 * @module
 */
import type { Issue, IssueShape, Result } from '@querymode/core';

/** The stable codes of what can go wrong while inspecting a database. */
export type InspectIssueCode =
  /** The database (or `salesforce://`) URL cannot be parsed or used. */
  | 'invalid_url'
  /** The URL's scheme names no supported database. */
  | 'unsupported_database'
  /** Neither a URL nor the environment says which database to inspect. */
  | 'no_database'
  /**
   * An option has a bad value (a timeout, a TLS mode, a URL parameter), an unknown key or a wrong
   * type; worded by core's issue helpers.
   */
  | 'invalid_option'
  /** The driver of the database cannot be loaded. */
  | 'driver_missing'
  /** The connection could not be opened (refused, timed out, authentication failed) or was lost mid-answer. */
  | 'connection_failed'
  /** The connection was lost while the catalog was being read. */
  | 'connection_lost'
  /** A catalog query failed or ran past the statement timeout. */
  | 'query_failed'
  /** A Salesforce describe (or global list entry) is not of a shape the REST API or the sf CLI writes. */
  | 'invalid_describe'
  /** A Salesforce record-count answer or one of its entries is not of the documented shape. */
  | 'invalid_record_counts'
  /** Salesforce: no access token (neither `SF_ACCESS_TOKEN` nor `--sf-org-json`). */
  | 'no_token'
  /** Salesforce: the token, or the JSON that should hold it, cannot be used. */
  | 'invalid_token'
  /** Salesforce: the org refused the token (401, `INVALID_SESSION_ID`): invalid or expired. */
  | 'unauthorized'
  /** Salesforce: the user may not read what the run needs (403 other than the request limit). */
  | 'forbidden'
  /** Salesforce: the org's API request limit was reached (`REQUEST_LIMIT_EXCEEDED`), retries included. */
  | 'request_limit'
  /** Salesforce: the run would take the org's daily API requests under the reserve: stopped before. */
  | 'reserve_reached'
  /** Salesforce: no whole answer within the request timeout, retries included. */
  | 'timeout'
  /** Salesforce: an answer larger than the size cap. */
  | 'too_large'
  /** Salesforce: a redirect, never followed with the token. */
  | 'redirect'
  /** Salesforce: an answer that is not JSON, or not of the documented shape. */
  | 'unexpected_answer'
  /** Salesforce: another HTTP error status, after retries where they apply. */
  | 'http_error';

/** One issue: a stable code, where it applies, and a one-line message that never holds a secret. */
export type InspectIssue = IssueShape<InspectIssueCode>;

/** A value, or the issues that prevented it: core's `Result`, with introspect's issues. */
export type InspectResult<T> = Result<T, InspectIssue>;

/** A failed result with one issue. */
export const failure = <T>(
  code: InspectIssueCode,
  message: string,
  path: readonly (string | number)[] = [],
): InspectResult<T> => ({ ok: false, issues: [{ code, path, message }] });

/** Core's issue about an option, as introspect reports it: `invalid_option`, core's path and words. */
export const optionIssue = (issue: Issue): InspectIssue => ({
  code: 'invalid_option',
  path: issue.path,
  message: issue.message,
});

/** A failed result with one of core's issues about an option (see {@link optionIssue}). */
export const optionFailure = <T>(issue: Issue): InspectResult<T> => ({
  ok: false,
  issues: [optionIssue(issue)],
});
