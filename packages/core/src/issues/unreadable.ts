/**
 * The one answer of a public function to an input it could not read (a throwing getter, a revoked
 * proxy, or a bug): an `unreadable_input` issue instead of a throw. Every public entry point of
 * core that reads its caller's values runs its body through {@link neverThrows}.
 *
 * @module
 */
import { describeThrown } from './describe.js';
import { makeIssue } from './make-issue.js';
import type { Issue, IssuePath, Result } from './types.js';

/** The issue of an input that threw as it was read. */
export type UnreadableIssue = Extract<Issue, { readonly code: 'unreadable_input' }>;

/** The failure of a public function whose input threw as it was read: one `unreadable_input` issue at `path`. */
export function unreadableInput(error: unknown, path: IssuePath = []): { ok: false; issues: Issue[] } {
  return { ok: false, issues: [unreadableIssue(error, path)] };
}

/** The `unreadable_input` issue of what a public function's input threw as it was read. */
export function unreadableIssue(error: unknown, path: IssuePath = []): UnreadableIssue {
  return makeIssue({ code: 'unreadable_input', path, detail: describeThrown(error) }) as UnreadableIssue;
}

/**
 * `body(...args)`, for a public function that never throws: what `body` throws becomes
 * {@link unreadableInput}, or, for a function whose answer is not a result, `onThrow` of the
 * `unreadable_input` issue and the same `args` (such as an error record, or "nothing known"): a
 * fallback that reads the arguments is a function defined once, not a closure made per call.
 */
export function neverThrows<A extends readonly unknown[], T>(
  body: (...args: A) => Result<T>,
  args: A,
): Result<T>;
export function neverThrows<A extends readonly unknown[], T>(
  body: (...args: A) => T,
  args: A,
  onThrow: (issue: UnreadableIssue, args: A) => T,
): T;
export function neverThrows<A extends readonly unknown[], T>(
  body: (...args: A) => T,
  args: A,
  onThrow?: (issue: UnreadableIssue, args: A) => T,
): T | Result<never> {
  try {
    return body(...args);
  } catch (error) {
    return onThrow === undefined ? unreadableInput(error) : onThrow(unreadableIssue(error), args);
  }
}
