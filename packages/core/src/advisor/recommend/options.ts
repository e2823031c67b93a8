/**
 * The options of `recommend`, `recommendSummary` and `chooseMode`, read and checked before use.
 *
 * @module
 */
import type { QueryMode } from '../../catalogue/modes.js';
import type { ChangeKind } from '../../catalogue/types.js';
import type { Result } from '../../issues/types.js';
import type { EventsOptions } from '../estimate/options.js';
import type { FieldValues } from '../evaluate/fill.js';
import { optionReaders, type ResolvedOptions, resolveOptions } from '../options/resolve.js';
import type { UnknownEventsPolicy } from '../ranking/rank.js';

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

/** The readers of the options of `recommend`, `recommendSummary`, `chooseMode` and `verifier`. */
export const RECOMMEND_READERS = optionReaders(
  'horizonHours',
  'replicationFrequencyMinutes',
  'timeline',
  'supportedModes',
  'mustCapture',
  'fieldValues',
  'unknownEvents',
  'rowsEstimateMargin',
);

/** Reads the options of `recommend` (with the one resolver of the advisor's options). */
export function readRecommendOptions(input: unknown): Result<ResolvedOptions> {
  return resolveOptions(input, RECOMMEND_READERS);
}

/**
 * The options of `recommend`, `recommendSummary` and `chooseMode` read once for many tables (the
 * lines of one stream), for the record builders (`records/recommend-build.ts`): reading the CLI's
 * options again for every line was 7% of chooseMode (pnpm bench advisor).
 */
export class PreparedOptions {
  readonly #read: Result<ResolvedOptions> | undefined;
  readonly #thrown: unknown;

  /** Reads `options` now. Never throws: what reading them throws is kept for {@link read}. */
  constructor(options?: RecommendOptions) {
    try {
      this.#read = readRecommendOptions(options);
    } catch (error) {
      this.#thrown = error;
    }
  }

  /**
   * The options as `readRecommendOptions` read them; throws what reading them threw, for the
   * entry point's `neverThrows` to answer as it would have for each table (`unreadable_input`).
   */
  read(): Result<ResolvedOptions> {
    if (this.#read === undefined) throw this.#thrown;
    return this.#read;
  }
}

/** Options of the advisor, or the same read once for many tables. */
export type AdvisorOptions = RecommendOptions | PreparedOptions;

/** The options read: prepared options as they were read, others now (throws what a hostile input throws). */
export function readOptionsOnce(options: unknown): Result<ResolvedOptions> {
  return options instanceof PreparedOptions ? options.read() : readRecommendOptions(options);
}

export type { ResolvedOptions };
