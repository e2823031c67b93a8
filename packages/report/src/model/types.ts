/**
 * What the page holds: one row per input record, the summary, and the page's texts. The HTML
 * builder embeds it as JSON; the page's script (`page/`) reads it. Only what the page shows is
 * kept of each record, so that a report of 10,000 tables stays a file a browser opens at once.
 *
 * @module
 */
import {
  type CandidateStatus,
  type ChangeKind,
  NDJSON_STATUSES,
  type NdjsonStatus,
  type QueryMode,
  type QueryModeBody,
  type RecommendationStatus,
  type RuleSource,
  type Severity,
} from '@querymode/core';
import type { QuestionsView } from './questions.js';

/** A row's status: the record's (the recommendation's, or `error` for a line `recommend --ndjson` could not advise). */
export type RowStatus = NdjsonStatus;

/** Every row status, in the order the page lists them: the records' own. */
export const ROW_STATUSES: readonly RowStatus[] = NDJSON_STATUSES;

/**
 * What the record held: `compact` (the verdict, `misses`, `warnings`), `reasons` (`--reasons`),
 * `detail` (`--detail`: traits and candidates too), or `error` (an error record).
 */
export type RowHeld = 'compact' | 'reasons' | 'detail' | 'error';

/** One mode's events estimate, as the record gives it. */
export interface EstimateView {
  readonly mode: QueryMode;
  /** The candidate's status for this table. */
  readonly status: CandidateStatus;
  /** Billed events over the span; null when a fact it needs is not known. */
  readonly billed: number | null;
  /** Why `billed` is null, one sentence per missing fact. */
  readonly unknown: readonly string[];
  /** The formula with its numbers. */
  readonly formula: string;
}

/** A finding of the best candidate. */
export interface FindingView {
  readonly severity: Severity;
  readonly message: string;
  /** The id of the rule the finding checks (`full_load.row_limit`), which the page cites. */
  readonly rule: string;
  readonly remedy?: string;
  readonly sql?: string;
  /** Where the rule comes from: the service's API documentation, another public page, inference, or the caller's options. */
  readonly source: RuleSource['kind'];
}

/** A fact to establish, with its query in the source's dialect, or why there is none. */
export interface FactView {
  readonly question: string;
  readonly query: string | null;
  readonly noQuery?: string;
}

/** A change that would unlock the best candidate. */
export interface UnlockView {
  readonly action: string;
  readonly sql?: string;
}

/** One candidate, in a line. */
export interface CandidateView {
  readonly mode: QueryMode;
  readonly status: CandidateStatus;
  readonly billed: number | null;
}

/** What every row has: its place, its table and its verdict, as the page's table shows them. */
interface RowBase {
  /** The record's position in the report's input, 1-based: the row's key. */
  readonly n: number;
  /** The record's own `line` (its line in the input of `recommend --ndjson`). */
  readonly line: number;
  readonly table: string | null;
  /** `traits.schema`, or the table name before its last dot; null when neither says. */
  readonly schema: string | null;
  /** The recommended mode. */
  readonly mode: QueryMode | null;
  /** The best candidate (for a row with no recommended mode, the closest one). */
  readonly best: QueryMode | null;
  /** The recommended mode's billed events over the span, as the record says. */
  readonly events: number | null;
  /** The short reason of the row. */
  readonly why: string;
}

/** The row of a result record: the verdict, and what the record holds of its details. */
export interface ResultRow extends RowBase {
  readonly status: RecommendationStatus;
  readonly held: Exclude<RowHeld, 'error'>;
  /** `traits.source`, when the record has the traits. */
  readonly source: string | null;
  readonly reasons: readonly string[];
  /** The body to send; null unless a mode is recommended. */
  readonly body: QueryModeBody | null;
  /** Compact records: kinds of change the recommended mode is known to miss. */
  readonly misses: readonly ChangeKind[];
  /** Compact records: advice rules the recommended mode is known to fail. */
  readonly warnings: number | null;
  /** With `--detail`: the table's rows, as the traits say. */
  readonly rows: number | null;
  /** With `--detail`: the traits' notes (what an inspection could not read). */
  readonly notes: readonly string[];
  /**
   * With `--detail`: whether rows are deleted, as the traits say (`yes` where the change counters
   * saw deletes); null without the traits.
   */
  readonly deletes: 'yes' | 'no' | 'unknown' | null;
  /** With `--detail`: the span of the estimates, in hours. */
  readonly horizonHours: number | null;
  /** With `--detail`: the best candidate's estimate (the recommended mode's, when there is one). */
  readonly estimate: EstimateView | null;
  /**
   * With `--detail`: the baseline's estimate: the mode every new pipeline object starts in (core's
   * `DEFAULT_MODE`), which the page compares each table's mode against.
   */
  readonly baseline: EstimateView | null;
  /** With `--detail`: the best candidate's findings. */
  readonly findings: readonly FindingView[];
  /** With `--detail`: the facts to establish before the best candidate can be recommended. */
  readonly toEstablish: readonly FactView[];
  /** With `--detail`: what would unlock the best candidate. */
  readonly toUnlock: readonly UnlockView[];
  /** With `--detail`: every candidate, best first. */
  readonly candidates: readonly CandidateView[];
  /** With `--detail`: the cheaper modes within reach, most savings first (the record's `withinReach`). */
  readonly reach: readonly ReachView[];
}

/** A cheaper mode within reach, as the page shows it: each fact it needs once across the row. */
export interface ReachView {
  readonly mode: string;
  /** The events it would save over the span; null when its rates are not known. */
  readonly saves: number | null;
  /** With `saves` null: the break-even bound (a whole-table read's billed events). */
  readonly billedBelow: number | null;
  /** The facts to establish not asked by a mode above it. */
  readonly asks: readonly FactView[];
  /** Whether it also needs facts a mode above it asks. */
  readonly asksAbove: boolean;
  /** The remedies that would unlock it. */
  readonly toUnlock: readonly UnlockView[];
}

/** The row of an error record: a line `recommend --ndjson` could not read or advise. */
export interface ErrorRow extends RowBase {
  readonly status: 'error';
  readonly held: 'error';
  readonly table: null;
  readonly schema: null;
  readonly mode: null;
  readonly best: null;
  readonly events: null;
  /** The code, the message and the issues' messages. */
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly issues: readonly string[];
  };
}

/** One row of the page: one input record, a result or an error (`status` tells them apart). */
export type ReportRow = ResultRow | ErrorRow;

/**
 * Events over the span, every table on the baseline (`full_load`, core's `DEFAULT_MODE`: the mode
 * every new pipeline object starts in) against another mode, for one group of tables.
 */
export interface EventsComparison {
  /** The group: a mode, or a status. */
  readonly group: string;
  /** Tables in the group where both estimates are known. */
  readonly tables: number;
  /** Their events on the baseline, as a decimal integer (sums may pass 2^53). */
  readonly baseline: string;
  /** Their events in the other mode, as a decimal integer. */
  readonly planned: string;
}

/** The events part of the summary. */
export interface EventsSummary {
  /** The span of every estimate in the input, in hours; null when none has one, or when they differ. */
  readonly horizonHours: number | null;
  /** Every span seen, in hours, in ascending order. */
  readonly horizons: readonly number[];
  /** Recommended tables where both the baseline's and the recommended mode's events are known. */
  readonly counted: number;
  /** Their events if every one ran the baseline (decimal integer). */
  readonly baseline: string;
  /** Their events in the recommended modes (decimal integer). */
  readonly recommended: string;
  /** `baseline - recommended` (decimal integer, negative when the recommended modes bill more). */
  readonly saving: string;
  /** Among the counted tables, those where the baseline is not eligible (its figure is for comparison only). */
  readonly baselineIneligible: number;
  /** Per recommended mode: the baseline against that mode. */
  readonly byMode: readonly EventsComparison[];
  /** Per status: the baseline against each table's best candidate. */
  readonly byStatus: readonly EventsComparison[];
  /** Why tables are left out of the comparison: each reason with the number of tables. */
  readonly unknown: readonly { readonly reason: string; readonly tables: number }[];
}

/** The summary of the whole input. */
export interface ReportSummary {
  readonly records: number;
  readonly byStatus: { readonly [S in RowStatus]: number };
  /** Tables per recommended mode, in catalogue order; modes with none left out. */
  readonly byMode: readonly { readonly mode: QueryMode; readonly tables: number }[];
  /** Tables whose rows are deleted (`changes.deletes: yes`): no query mode replicates deletes. */
  readonly withDeletes: number;
  /**
   * The same tables, one group per kind of source that speaks of deletes in its own words (core's
   * `wordsOfSource`): the group's first `source` and its count, in the order first seen.
   */
  readonly deletesBySource: readonly { readonly source: string | null; readonly tables: number }[];
  readonly events: EventsSummary;
}

/** Everything the page shows. */
export interface ReportData {
  readonly title: string;
  /** What made the page, such as `querymode 0.1.0`. */
  readonly generator: string;
  /** Where the records came from, such as `results.ndjson` or `stdin`. */
  readonly input: string;
  readonly summary: ReportSummary;
  readonly rows: readonly ReportRow[];
  /** The plan's open questions ("Questions that save the most"), static HTML only: not in the page's data. */
  readonly questions?: QuestionsView;
}
