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
  return {
    ok: true,
    value: {
      status: estimates.every((e) => e.billed !== null) ? 'estimated' : 'partial',
      horizon_hours: first.horizonHours,
      notes: first.notes,
      traits,
      estimates: estimates.map(({ notes: _, ...rest }) => rest),
    },
  };
}
