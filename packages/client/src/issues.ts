/**
 * Issues of the client's own inputs (options, path segments), in the shape of core's issues:
 * `{ code, path, message }` with a stable snake_case code. Body issues are core's own.
 *
 * @module
 */
import type { IssueShape } from '@querymode/core';

/**
 * An issue of an input the client checks before sending anything (its path such as
 * `['config', 'mode']` or `['baseUrl']`; its message never quotes a credential). Core's `Issue` is
 * one.
 */
export type ClientIssue = IssueShape;

/** Makes a client issue. */
export function clientIssue(code: string, path: readonly (string | number)[], message: string): ClientIssue {
  return { code, path, message };
}
