/**
 * A per-run timeline of changes: for each run of the pipeline, in order, the rows inserted,
 * updated and deleted since the run before. The worked examples of the service's events page are
 * written this way (`examples.ts` in the tests).
 *
 * @module
 */

/** The changes a table had between one run and the next (absent: none). */
export interface ChangeRun {
  /** Rows inserted since the previous run (an integer of at least 0). */
  readonly inserts?: number;
  /** Row updates since the previous run. */
  readonly updates?: number;
  /** Rows deleted since the previous run. */
  readonly deletes?: number;
}
