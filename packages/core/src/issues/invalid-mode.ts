/**
 * The issue of a string that is not a query mode (`invalid_mode`): what was given (shortened),
 * every mode, and the closest one, for a likely misspelling.
 *
 * @module
 */
import { QUERY_MODES } from '../catalogue/modes.js';
import { makeIssue } from './make-issue.js';
import { receivedText } from './received.js';
import { closest } from './suggest.js';
import type { Issue, IssuePath } from './types.js';

/** `value`, at `path`, is not a query mode. */
export function invalidModeIssue(path: IssuePath, value: string): Issue {
  const suggestion = closest(value, QUERY_MODES);
  return makeIssue({
    code: 'invalid_mode',
    path,
    received: receivedText(value),
    allowed: QUERY_MODES,
    ...(suggestion === undefined ? {} : { suggestion }),
  });
}
