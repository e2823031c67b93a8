/**
 * The options of `recommend`, `recommendSummary` and `chooseMode`, read and checked before use.
 *
 * @module
 */
import type { QueryMode } from '../../catalogue/modes.js';
import type { ChangeKind } from '../../catalogue/types.js';
import { readOptions } from '../../issues/read-options.js';
import type { Result } from '../../issues/types.js';
import type { EventsSpan } from '../estimate/count.js';
import { EVENTS_READERS, type EventsOptions, spanOf } from '../estimate/options.js';
import type { FieldValues } from '../evaluate/fill.js';
import type { KindSet } from '../facts/kind-set.js';
import { requiredKinds } from '../facts/must-capture.js';
import { fieldValuesReader, kindsReader, marginReader, modesReader, oneOfReader } from '../options/read.js';
import {
  DEFAULT_UNKNOWN_EVENTS_POLICY,
  UNKNOWN_EVENTS_POLICIES,
  type UnknownEventsPolicy,
} from '../ranking/rank.js';
import { DEFAULT_ROWS_ESTIMATE_MARGIN } from '../rules/check.js';

/** Options of {@link recommend}, {@link recommendSummary} and {@link chooseMode}. */
export interface RecommendOptions extends EventsOptions {
  /**
   * The modes the caller's source supports. The service's documentation does not show which modes
   * each source and pipeline mode supports (docs/service.md#supported-modes), so it is the caller's
   * input. Absent: every mode.
   */
  readonly supportedModes?: readonly QueryMode[];
  /**
   * The kinds of change the recommended mode must not be known to miss, where the table has them.
   * Absent: inserts and updates (`DEFAULT_MUST_CAPTURE`: no query mode captures deletes). Leave a
   * kind out to accept a mode that misses it; a list with deletes is met only by a log-based pipeline.
   */
  readonly mustCapture?: readonly ChangeKind[];
  /**
   * Values for config fields that are not column names (`historical_enabled`, `stop_on_gap`,
   * `timestamp_delay_interval_ms`), each checked by its field kind. A required flag not given is
   * `true` (so `change_tracking` loads historical data).
   */
  readonly fieldValues?: FieldValues;
  /**
   * How a mode that reads only changes ranks on events when its change rates are unknown:
   * `'break_even'` (default), just below a whole-table read's known estimate, stating the
   * break-even in the reasons; `'last'`, after every estimate that can be made.
   */
  readonly unknownEvents?: UnknownEventsPolicy;
  /** See {@link DEFAULT_ROWS_ESTIMATE_MARGIN}; a fraction from 0 to 1. */
  readonly rowsEstimateMargin?: number;
}

/** The options, read, with their defaults. */
export interface ResolvedOptions {
  readonly supportedModes?: readonly QueryMode[];
  /** `mustCapture`, as a set (inserts and updates when not given). */
  readonly required: KindSet;
  readonly fieldValues?: FieldValues;
  readonly unknownEvents: UnknownEventsPolicy;
  readonly rowsEstimateMargin: number;
  readonly replicationFrequencyMinutes?: number;
  readonly span: EventsSpan;
}

const READERS = {
  ...EVENTS_READERS,
  supportedModes: modesReader,
  mustCapture: kindsReader,
  fieldValues: fieldValuesReader,
  unknownEvents: oneOfReader<UnknownEventsPolicy>(UNKNOWN_EVENTS_POLICIES),
  rowsEstimateMargin: marginReader,
} as const;

/** Reads the options of `recommend`. */
export function readRecommendOptions(input: unknown): Result<ResolvedOptions> {
  const read = readOptions(input, READERS);
  if (!read.ok) return read;
  const o = read.value;
  const span = spanOf(o);
  if (!span.ok) return { ok: false, issues: [span.issue] };
  // Built key by key, without spreads: this runs once per table on the NDJSON path.
  const value: {
    -readonly [K in keyof ResolvedOptions]: ResolvedOptions[K];
  } = {
    required: requiredKinds(o.mustCapture),
    unknownEvents: o.unknownEvents ?? DEFAULT_UNKNOWN_EVENTS_POLICY,
    rowsEstimateMargin: o.rowsEstimateMargin ?? DEFAULT_ROWS_ESTIMATE_MARGIN,
    span: span.span,
  };
  if (o.supportedModes !== undefined) value.supportedModes = o.supportedModes;
  if (o.fieldValues !== undefined) value.fieldValues = o.fieldValues;
  if (o.replicationFrequencyMinutes !== undefined)
    value.replicationFrequencyMinutes = o.replicationFrequencyMinutes;
  return { ok: true, value };
}
