/**
 * The input of a report: the records `querymode recommend --ndjson` writes, one per input line.
 * The CLI reads and checks them against its strict schema (`querymode schema ndjson-record`)
 * before they reach this package; these types say what the report relies on.
 *
 * @module
 */
import type {
  Candidate,
  ChangeKind,
  Issue,
  QueryMode,
  QueryModeBody,
  RecommendationStatus,
  TableTraits,
} from '@querymode/core';

/**
 * A line's recommendation. Compact records carry `misses` and `warnings`; `--reasons` adds
 * `reasons`; `--detail` adds `reasons`, `traits` and `candidates`.
 */
export interface ResultRecord {
  readonly line: number;
  readonly ok: true;
  readonly status: RecommendationStatus;
  readonly table: string | null;
  /** The recommended mode; null unless `status` is `recommended`. */
  readonly mode: QueryMode | null;
  /** The best candidate, whatever the status. */
  readonly best: QueryMode | null;
  /** The body to send; null unless a mode is recommended. */
  readonly body: QueryModeBody | null;
  /** The recommended mode's billed events over the span; null when unknown or nothing is recommended. */
  readonly events: number | null;
  readonly misses?: readonly ChangeKind[];
  readonly warnings?: number;
  readonly reasons?: readonly string[];
  readonly traits?: TableTraits;
  readonly candidates?: readonly Candidate[];
  /** The traits fields that `recommend --ndjson`'s pipeline-wide flags filled for this line. */
  readonly from_flags?: readonly string[];
}

/** A line that `recommend --ndjson` could not read or advise. */
export interface ErrorRecord {
  readonly line: number;
  readonly ok: false;
  readonly status: 'error';
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly issues?: readonly Issue[];
  };
}

/** One record of `recommend --ndjson`. */
export type ReportRecord = ResultRecord | ErrorRecord;
