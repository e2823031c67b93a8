/**
 * The issue of a value of the wrong type (`invalid_type`): what it had to be, and what it was,
 * described briefly. Every reader of options, traits and pages that checks a value's type makes it
 * here.
 *
 * @module
 */
import { describeValue } from './describe.js';
import { makeIssue } from './make-issue.js';
import type { Issue, IssueData, IssuePath } from './types.js';

/** What an `invalid_type` issue says a value had to be. */
export type ExpectedType = Extract<IssueData, { code: 'invalid_type' }>['expected'];

/** `value`, at `path`, is not of the type `expected`. */
export function invalidTypeIssue(path: IssuePath, expected: ExpectedType, value: unknown): Issue {
  return makeIssue({ code: 'invalid_type', path, expected, received: describeValue(value) });
}
