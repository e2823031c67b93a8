/**
 * What a mode does with one kind of change for one table, without words: the verdict and its
 * reason. Beside the shape of a check (`check.ts`), whose change-kind check (`capture/change-kinds.ts`)
 * reads it, below the evaluation that makes it (`evaluate/capture.ts`), so the folders import one way.
 *
 * @module
 */
import type { Tri } from '../traits/tri.js';

/** What a mode does with one kind of change, for this table. */
export type CaptureVerdict =
  /** The service's documentation says it captures the kind, and its conditions hold (or none applies). */
  | 'captured'
  /** A log-based pipeline: the database's log carries the kind, whatever the mode. */
  | 'from_log'
  /** Known to miss it: the documentation's `no`, a documented fact, or a capture condition known to fail. */
  | 'missed'
  /** The service's documentation does not describe whether the mode captures the kind. */
  | 'not_described'
  /** The documentation says it captures the kind if a condition holds, and whether it holds is not known. */
  | 'condition_unknown';

/** Why a capture has its verdict. */
export type CaptureReason =
  | 'log'
  | 'documented_deletes'
  | 'spec_no'
  | 'spec_not_described'
  | 'condition_failed'
  | 'condition_unknown'
  | 'spec_yes';

/** One kind of change, for one mode and table: the verdict and its reason, without words. */
export interface KindAssessment {
  /** Whether the table has the kind. */
  readonly table: Tri;
  /** What the service's table of what each mode captures says of the mode. */
  readonly mode: 'yes' | 'no' | 'not_described';
  readonly verdict: CaptureVerdict;
  /** Whether the caller requires it (`mustCapture`; inserts and updates by default). */
  readonly required: boolean;
  readonly reason: CaptureReason;
}
