/**
 * Issue messages: one switch on the code makes every message from the issue's data. Each
 * message names the field, what was expected and what was received.
 *
 * @module
 */

import { FIELD_KINDS } from '../catalogue/field-kinds.js';
import { BODY_PROFILES } from '../catalogue/profiles.js';
import { citeServiceRule } from '../catalogue/service-rules.js';
import { shownName, shownString } from '../text/visible.js';
import type { IssueData, IssuePath } from './types.js';

const MAX_KEY = 40;

/**
 * The name of the rules `validate`, the client and the mock apply by default beyond what the
 * service documents (every field of a mode required, other keys rejected), as messages say it.
 */
const STRICT_PROFILE = `${BODY_PROFILES.strict.title} (${citeServiceRule('strict-profile')}; the service's documentation requires only \`config\`, \`mode\`, and \`unique_column_name\` when historical loading is enabled, and the documented profile checks only that)`;

/** Who refuses an empty column name or one with white space around it in a body, as messages say it. */
const STRICT_COLUMN_NAME = `${BODY_PROFILES.strict.title} (${citeServiceRule('strict-profile')}; the service's documentation states only a string, and the documented profile accepts it)`;

/** A path in dotted form for messages: `config.mode`, or `(root)` for the empty path. Long keys are shortened. */
export function formatPath(path: IssuePath): string {
  try {
    return pathText(path);
  } catch {
    return '(a path that could not be read)';
  }
}

function pathText(path: IssuePath): string {
  if (!Array.isArray(path) || path.length === 0) return '(root)';
  let out = '';
  for (const whole of path) {
    const key = typeof whole === 'string' && whole.length > MAX_KEY ? `${whole.slice(0, MAX_KEY)}…` : whole;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key !== 'string') out += `[${typeof key}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${shownString(key)}]`;
  }
  return out;
}

const list = (values: readonly string[]): string => values.map((v) => shownName(v)).join(', ');

/** The message of an issue, from its data. Never throws: data it cannot read gives a plain sentence. */
export function formatIssue(issue: IssueData): string {
  try {
    return messageOf(issue);
  } catch {
    return 'An issue whose data could not be read.';
  }
}

function messageOf(issue: IssueData): string {
  const at = `\`${formatPath(issue.path)}\``;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`;
      return `${at}: expected ${expected}, received ${issue.received}.`;
    }
    case 'missing_field': {
      const why = issue.condition
        ? ` when \`${issue.condition.field}\` is ${issue.condition.equals}`
        : issue.mode
          ? ` for mode \`${issue.mode}\` by ${STRICT_PROFILE}`
          : '';
      return `${at}: required${why}, but missing. Add ${shownName(issue.field)}.`;
    }
    case 'unknown_field':
      return `${at}: unknown key${issue.profile === 'strict' ? ` (rejected by ${STRICT_PROFILE})` : ''}; expected only ${list(issue.allowed)} here${
        issue.suggestion ? `; did you mean \`${issue.suggestion}\`?` : '. Remove it.'
      }`;
    case 'field_not_in_mode':
      return `${at}: ${shownName(issue.field)} is not a field of mode \`${issue.mode}\` (rejected by ${BODY_PROFILES.strict.title}); it belongs to ${list(
        issue.modes,
      )}. Remove it, or change the mode.`;
    case 'invalid_mode':
      return `${at}: expected one of ${list(issue.allowed)}, received ${shownString(issue.received)}${
        issue.suggestion ? `; did you mean \`${issue.suggestion}\`?` : '.'
      }`;
    case 'invalid_column_name':
      return `${at}: expected ${FIELD_KINDS.column_name.expected}, received ${
        issue.reason === 'empty' ? 'an empty string' : `${issue.received} (white space at its start or end)`
      }${issue.profile === 'strict' ? `; refused by ${STRICT_COLUMN_NAME}` : ''}.`;
    case 'invalid_milliseconds':
      return `${at}: expected ${FIELD_KINDS.milliseconds_string.expected}, received ${issue.received}${
        issue.reason === 'too_large' ? ' (larger than Number.MAX_SAFE_INTEGER)' : ''
      }.`;
    case 'empty_string':
      return `${at}: expected a non-empty string, received an empty string.`;
    case 'invalid_item':
      return `${at}: the element was rejected by the item guard; received ${issue.received}.`;
    case 'invalid_option':
      return `${at}: expected one of ${list(issue.allowed)}, received ${shownString(issue.received)}${
        issue.suggestion ? `; did you mean \`${issue.suggestion}\`?` : '.'
      }`;
    case 'invalid_number':
    case 'invalid_string':
      return `${at}: expected ${issue.expected}, received ${issue.received}.`;
    case 'duplicate_column':
      return `${at}: column ${shownName(issue.name)} is listed twice (first at \`columns[${issue.first}]\`); list each column once.`;
    case 'duplicate_value':
      return `${at}: ${shownString(issue.value)} is given twice (first at \`${formatPath(issue.first)}\`); each must be unique here.`;
    case 'conflicting_options':
      return `${at}: ${list(issue.options)} cannot be given together; give one of them.`;
    case 'estimate_overflow':
      return `${at}: the events estimate exceeds ${issue.max} (${issue.inputs}); give smaller numbers.`;
    case 'unreadable_input':
      return `${at}: the input could not be read (${issue.detail}); expected plain JSON data.`;
  }
}
