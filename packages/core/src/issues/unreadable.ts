/**
 * The one answer of a public function to an input it could not read (a throwing getter, a revoked
 * proxy, or a bug): an `unreadable_input` issue instead of a throw.
 *
 * @module
 */
import { describeThrown } from './describe.js';
import { makeIssue } from './make-issue.js';
import type { Issue, IssuePath } from './types.js';

/** The failure of a public function whose input threw as it was read: one `unreadable_input` issue at `path`. */
export function unreadableInput(error: unknown, path: IssuePath = []): { ok: false; issues: Issue[] } {
  return {
    ok: false,
    issues: [makeIssue({ code: 'unreadable_input', path, detail: describeThrown(error) })],
  };
}
