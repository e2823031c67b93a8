/**
 * The issue of a key that is not allowed where it is (`unknown_field`), with the closest allowed
 * key as a dotted path from the root, for a likely misspelling. Every reader of core that rejects
 * unknown keys (table traits, options) makes it here.
 *
 * @module
 */
import { makeIssue } from './make-issue.js';
import { closest } from './suggest.js';
import type { Issue, IssuePath } from './types.js';

/** `key` is not one of `allowed` in the object at `path`. */
export function unknownKeyIssue(path: IssuePath, key: string, allowed: readonly string[]): Issue {
  const suggestion = closest(key, allowed);
  const prefix = path.length === 0 ? '' : `${path.filter((p) => typeof p === 'string').join('.')}.`;
  return makeIssue({
    code: 'unknown_field',
    path: [...path, key],
    field: key,
    allowed,
    ...(suggestion === undefined ? {} : { suggestion: `${prefix}${suggestion}` }),
  });
}
