/**
 * The issue of a string that is not one of a closed set of values (`invalid_option`): what was
 * given (shortened), every value allowed, and the closest one, for a likely misspelling. Every
 * reader of core that checks a value against a list (traits, options) makes it here.
 *
 * @module
 */
import { makeIssue } from './make-issue.js';
import { receivedText } from './received.js';
import { closest } from './suggest.js';
import type { Issue, IssuePath } from './types.js';

/** `value`, at `path`, is not one of `allowed`. */
export function invalidOptionIssue(path: IssuePath, value: string, allowed: readonly string[]): Issue {
  const suggestion = closest(value, allowed);
  return makeIssue({
    code: 'invalid_option',
    path,
    received: receivedText(value),
    allowed,
    ...(suggestion === undefined ? {} : { suggestion }),
  });
}
