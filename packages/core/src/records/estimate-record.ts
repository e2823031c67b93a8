/**
 * The output of `querymode estimate --json`: the estimates of a list of modes for one table,
 * with the notes they share said once. `estimateRecord` makes it; its zod schema is
 * `estimateOutputSchema` (`estimate-schema.ts`), pinned to `EstimateRecord` by the type test.
 *
 * @module
 */
import type { EventsEstimate } from '../advisor/estimate/describe.js';
import { estimateEvents } from '../advisor/estimate/estimate-events.js';
import type { EventsOptions } from '../advisor/estimate/options.js';
import type { Candidate } from '../advisor/recommend/candidates.js';
import { recommend } from '../advisor/recommend/recommend.js';
import type { WithinReachAdvice } from '../advisor/recommend/within-reach.js';
import type { TableTraits } from '../advisor/traits/model.js';
import { QUERY_MODES, type QueryMode } from '../catalogue/modes.js';
import type { Result } from '../issues/types.js';
import { neverThrows } from '../issues/unreadable.js';

/** `estimated` when every mode's billed count is known, `partial` otherwise. */
export const ESTIMATE_STATUSES = ['estimated', 'partial'] as const;

/** `estimated` when every mode's billed count is known, `partial` otherwise. */
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** `querymode estimate --json`. */
export interface EstimateRecord {
  readonly status: EstimateStatus;
  /** The span, in hours. */
  readonly horizon_hours: number;
  /** What holds for every mode's estimate: billing, frequency, span. */
  readonly notes: readonly string[];
  /** The table's traits, as given. */
  readonly traits: TableTraits;
  /** One estimate per mode, in the order asked, each without the shared `notes`. */
  readonly estimates: readonly Omit<EventsEstimate, 'notes'>[];
  /**
   * The modes listed that cannot be the answer whatever they bill, each with why: a hard rule known
   * to fail (the row limit, now and over the span), or a body whose columns are not known.
   */
  readonly ruled_out: readonly RuledOut[];
  /** The cheaper modes within reach of `recommend`'s answer for the table, as `recommend --json` gives them. */
  readonly withinReach: WithinReachAdvice;
}

/** Where the facts of a one-table output's `traits` came from, as `recommend --json` and `estimate --json` print it. */
export interface FactOrigins {
  /** Where every fact came from, by key: `catalog`, `observed`, a traits file, a flag, an answers file and line. */
  readonly facts_from: Readonly<Record<string, string>>;
  /** Each answer of `--answers` the table's own facts contradicted, as a sentence; absent when none. */
  readonly overruled?: readonly string[];
}

/** `querymode estimate --json`: core's record, and where the facts of its `traits` came from (the CLI's). */
export type EstimateOutput = EstimateRecord & FactOrigins;

/** A mode `estimate` lists that cannot be the answer, and why. */
export interface RuledOut {
  readonly mode: QueryMode;
  /** The messages of the hard rules known to fail; empty when only its columns are not known. */
  readonly fails: readonly string[];
  /** Whether its body's columns are not known (no column of the table could be chosen). */
  readonly columns_unknown: boolean;
}

/** Why a candidate cannot be the answer of `estimate`, or undefined when it can. */
function ruledOut(c: Candidate): RuledOut | undefined {
  const fails =
    c.status === 'ineligible'
      ? c.findings.filter((f) => f.severity === 'error' && f.strength === 'hard').map((f) => f.message)
      : [];
  const columnsUnknown = c.body === null;
  return fails.length > 0 || columnsUnknown
    ? { mode: c.mode, fails, columns_unknown: columnsUnknown }
    : undefined;
}

/**
 * The estimates of `modes` (every mode when the list is empty) for a table, as `estimate --json`
 * prints them; or the issues of the first mode that cannot be estimated.
 */
export function estimateRecord(
  modes: readonly QueryMode[],
  traits: TableTraits,
  options?: EventsOptions,
): Result<EstimateRecord> {
  return neverThrows(recordOf, [modes, traits, options]);
}

function recordOf(
  modes: readonly QueryMode[],
  traits: TableTraits,
  options: EventsOptions | undefined,
): Result<EstimateRecord> {
  const estimates: EventsEstimate[] = [];
  for (const mode of modes.length === 0 ? QUERY_MODES : modes) {
    const r = estimateEvents(mode, traits, options);
    if (!r.ok) return r;
    estimates.push(r.value);
  }
  const first = estimates[0] as EventsEstimate;
  // The hard rules and the cheaper modes within reach, as recommend reads them (one definition).
  const advice = recommend(traits, options);
  const candidates = advice.ok ? advice.value.candidates : [];
  const ruled = estimates.flatMap((e) => {
    const c = candidates.find((x) => x.mode === e.mode);
    return (c === undefined ? undefined : ruledOut(c)) ?? [];
  });
  return {
    ok: true,
    value: {
      status: estimates.every((e) => e.billed !== null) ? 'estimated' : 'partial',
      horizon_hours: first.horizonHours,
      notes: first.notes,
      traits,
      estimates: estimates.map(({ notes: _, ...rest }) => rest),
      ruled_out: ruled,
      withinReach: advice.ok ? advice.value.withinReach : { modes: [], questions: [] },
    },
  };
}
