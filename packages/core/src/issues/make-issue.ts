/**
 * An issue from its data: the data with its message (`formatIssue`) added.
 *
 * @module
 */
import { describeThrown } from './describe.js';
import { formatIssue } from './messages.js';
import type { Issue, IssueData } from './types.js';

/**
 * Adds the message to an issue's data, in a new object (the data is not changed). Data that
 * cannot be read gives an `unreadable_input` issue instead.
 */
export function makeIssue(data: IssueData): Issue {
  try {
    return Object.assign({}, data, { message: formatIssue(data) }) as Issue;
  } catch (error) {
    const unreadable: IssueData = { code: 'unreadable_input', path: [], detail: describeThrown(error) };
    return { ...unreadable, message: formatIssue(unreadable) };
  }
}
