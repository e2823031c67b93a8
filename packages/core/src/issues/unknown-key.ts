/**
 * The issue of a key that is not allowed where it is (`unknown_field`), with the closest allowed
 * key as a dotted path from the root, for a likely misspelling. Every reader of core that rejects
 * unknown keys (table traits, options, the query-mode body) makes it here.
 *
 * @module
 */
import { makeIssue } from './make-issue.js';
import { closest } from './suggest.js';
import type { Issue, IssuePath } from './types.js';
import { neverThrows } from './unreadable.js';

/** How a reader tailors the issue. */
export interface UnknownKeyOptions {
  /**
   * The suggestion for a key, as a dotted path from the root, or undefined for none. By default
   * the closest of the allowed keys, under the issue's path.
   */
  readonly suggest?: (key: string) => string | undefined;
  /** Set by the query-mode body's validator: querymode's strict profile rejects the key. */
  readonly profile?: 'strict';
}

/**
 * `key` is not one of `allowed` in the object at `path`. Never throws: arguments that cannot be
 * read give an `unreadable_input` issue instead.
 */
export function unknownKeyIssue(
  path: IssuePath,
  key: string,
  allowed: readonly string[],
  options: UnknownKeyOptions = {},
): Issue {
  return neverThrows(unknownKey, [path, key, allowed, options], (issue): Issue => issue);
}

function unknownKey(
  path: IssuePath,
  key: string,
  allowed: readonly string[],
  options: UnknownKeyOptions,
): Issue {
  const suggestion = (options.suggest ?? closestUnder(path, allowed))(key);
  return makeIssue({
    code: 'unknown_field',
    path: [...path, key],
    field: key,
    allowed,
    ...(suggestion === undefined ? {} : { suggestion }),
    ...(options.profile === undefined ? {} : { profile: options.profile }),
  });
}

function closestUnder(path: IssuePath, allowed: readonly string[]): (key: string) => string | undefined {
  const prefix = path.length === 0 ? '' : `${path.filter((p) => typeof p === 'string').join('.')}.`;
  return (key) => {
    const near = closest(key, allowed);
    return near === undefined ? undefined : `${prefix}${near}`;
  };
}
