/**
 * Results and issues of the inspector: errors are data, never thrown at the caller.
 *
 * @module
 */
import type { Issue, IssueShape, Result } from '@querymode/core';

/** The stable codes of what can go wrong while inspecting a database. */
export type InspectIssueCode =
  /** The database URL cannot be parsed. */
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
  /** The connection could not be opened (refused, timed out, authentication failed). */
  | 'connection_failed'
  /** The connection was lost while the catalog was being read. */
  | 'connection_lost'
  /** A catalog query failed or ran past the statement timeout. */
  | 'query_failed'
  /** A Salesforce describe (or global list entry) is not of a shape the REST API or the sf CLI writes. */
  | 'invalid_describe'
  /** A Salesforce record-count answer or one of its entries is not of the documented shape. */
  | 'invalid_record_counts';

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
