/**
 * When a table's known growth takes it to a whole-table read's row limit within the span of the
 * estimate: the day of the horizon (or the run of a timeline) on which its rows reach the limit.
 * The growth is the known insert rate less the known delete rate; deletes not known count as none
 * (the larger growth, the safe side). An insert rate not known gives no crossing: the row limit's
 * own check reads the rows now.
 *
 * @module
 */
import type { TableFacts } from '../facts/table-facts.js';
import type { EventsSpan } from './count.js';

/** Where the rows reach the limit. */
export interface LimitCrossing {
  /** The limit (rows the table must stay below). */
  readonly limit: number;
  /** The net growth a day (inserts less deletes); null with a timeline. */
  readonly perDay: number | null;
  /** The day of the horizon (1 = the first day) on which the rows reach the limit; null with a timeline. */
  readonly day: number | null;
  /** The run of the timeline (1 = the first run) after which the rows reach the limit; null with a horizon. */
  readonly run: number | null;
  /** The days of the horizon; null with a timeline. */
  readonly horizonDays: number | null;
}

/**
 * Whether the table's growth over `span` is not known while it could reach `limit`: rows below
 * it, inserts possible (not `no`) and their rate not known, over a horizon (a timeline says its
 * inserts). Then the row limit over the span is not known to hold.
 */
export function growthUnknown(
  facts: TableFacts,
  limit: number | undefined,
  span: EventsSpan | undefined,
): boolean {
  return (
    limit !== undefined &&
    span !== undefined &&
    span.timeline === undefined &&
    span.horizonHours > 0 &&
    facts.rows !== undefined &&
    facts.rows < limit &&
    facts.has.inserts !== 'no' &&
    facts.perDay.inserts === undefined
  );
}

/** The crossing of `limit` within `span`, or undefined (none known). */
export function limitCrossing(
  facts: TableFacts,
  limit: number | undefined,
  span: EventsSpan | undefined,
): LimitCrossing | undefined {
  const rows = facts.rows;
  if (limit === undefined || span === undefined || rows === undefined || rows >= limit) return undefined;
  if (span.timeline !== undefined) {
    let total = rows;
    for (let k = 0; k < span.timeline.length; k++) {
      const run = span.timeline[k];
      total += (run?.inserts ?? 0) - (run?.deletes ?? 0);
      if (total >= limit) return { limit, perDay: null, day: null, run: k + 1, horizonDays: null };
    }
    return undefined;
  }
  const inserts = facts.has.inserts === 'no' ? 0 : facts.perDay.inserts;
  if (inserts === undefined) return undefined;
  const deletes = facts.has.deletes === 'no' ? 0 : (facts.perDay.deletes ?? 0);
  const perDay = inserts - deletes;
  if (perDay <= 0) return undefined;
  const day = Math.max(1, Math.ceil((limit - rows) / perDay));
  const horizonDays = span.horizonHours / 24;
  return day <= Math.ceil(horizonDays) ? { limit, perDay, day, run: null, horizonDays } : undefined;
}
