/**
 * The kinds of change a recommended mode must capture when the caller does not say: inserts and
 * updates. Deletes are left out because no query mode captures them: the service's table of what
 * each mode captures has columns for inserts and updates only (`full_load`: "Captures updates and
 * inserts"), and deletes are not replicated in table and custom SQL pipelines whatever the mode
 * (docs/service.md). A requirement no mode can meet would decide nothing between modes; deletes
 * are stated in the reasons instead, with what to do (a log-based pipeline, soft deletes).
 *
 * @module
 */
import type { ChangeKind } from '../../catalogue/types.js';
import { type KindSet, setOf } from './kind-set.js';

/** `mustCapture` when the caller does not give it: inserts and updates (see the module's note on deletes). */
export const DEFAULT_MUST_CAPTURE: readonly ChangeKind[] = Object.freeze(['inserts', 'updates']);

const DEFAULT_SET = setOf(DEFAULT_MUST_CAPTURE);

/** The kinds a recommended mode must capture, as a set: the caller's `mustCapture`, else {@link DEFAULT_MUST_CAPTURE}. */
export function requiredKinds(mustCapture: readonly ChangeKind[] | undefined): KindSet {
  return mustCapture === undefined ? DEFAULT_SET : setOf(mustCapture);
}
