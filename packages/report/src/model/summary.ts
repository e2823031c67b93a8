/**
 * The summary of a report: tables by status and by recommended mode, and the events over the
 * span if every table ran `full_load` (the default mode of every new pipeline object, spec 3)
 * against the recommended modes. Events are added up only for tables where the records give
 * both estimates; every other table is counted under the reason it is left out, in the records'
 * own words. Sums are exact (BigInt): they may pass 2^53.
 *
 * @module
 */
import { QUERY_MODES, type QueryMode } from '@querymode/core';
import {
  type EventsComparison,
  type EventsSummary,
  type ReportRow,
  type ReportSummary,
  ROW_STATUSES,
  type RowStatus,
} from './types.js';

/** A running comparison: tables, full_load's events, the other mode's events. */
class Tally {
  tables = 0;
  fullLoad = 0n;
  planned = 0n;

  add(fullLoad: number, planned: number): void {
    this.tables++;
    this.fullLoad += BigInt(fullLoad);
    this.planned += BigInt(planned);
  }

  view(group: string): EventsComparison {
    return {
      group,
      tables: this.tables,
      fullLoad: this.fullLoad.toString(),
      planned: this.planned.toString(),
    };
  }
}

/** Counts reasons, in the order they are first seen. */
class ReasonCount {
  readonly counts = new Map<string, number>();

  add(reason: string): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }

  list(): { reason: string; tables: number }[] {
    return [...this.counts].map(([reason, tables]) => ({ reason, tables }));
  }
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Why a recommended row is left out of the comparison; none when both estimates are known. */
function leftOut(row: ReportRow): string[] {
  if (row.held !== 'detail')
    return [
      'Its record has no candidates (made without `--detail`), so full_load’s estimate is not in the input.',
    ];
  const out: string[] = [];
  if (row.estimate?.billed === null)
    for (const why of row.estimate.unknown) out.push(`The recommended mode’s events: ${why}`);
  if (row.fullLoad === null) out.push('Its record has no full_load candidate.');
  else if (row.fullLoad.billed === null)
    for (const why of row.fullLoad.unknown) out.push(`full_load’s events: ${why}`);
  return out;
}

/** The events part of the summary. */
function eventsSummary(rows: readonly ReportRow[]): EventsSummary {
  const horizons = [...new Set(rows.flatMap((r) => (r.horizonHours === null ? [] : [r.horizonHours])))].sort(
    (a, b) => a - b,
  );
  const total = new Tally();
  const byMode = new Map<QueryMode, Tally>();
  const byStatus = new Map<RowStatus, Tally>();
  const unknown = new ReasonCount();
  let fullLoadIneligible = 0;
  const mixed = horizons.length > 1;
  for (const row of rows) {
    if (row.status === 'error') continue;
    const fullLoad = row.fullLoad?.billed ?? null;
    const planned = row.estimate?.billed ?? null;
    if (!mixed && fullLoad !== null && planned !== null) {
      const status = byStatus.get(row.status) ?? new Tally();
      byStatus.set(row.status, status);
      status.add(fullLoad, planned);
    }
    if (row.status !== 'recommended' || row.mode === null) continue;
    const why = leftOut(row);
    if (why.length > 0) {
      for (const w of why) unknown.add(w);
      continue;
    }
    if (mixed || fullLoad === null || planned === null) continue;
    total.add(fullLoad, planned);
    const mode = byMode.get(row.mode) ?? new Tally();
    byMode.set(row.mode, mode);
    mode.add(fullLoad, planned);
    if (row.fullLoad?.status === 'ineligible') fullLoadIneligible++;
  }
  const reasons = unknown.list();
  if (mixed) {
    reasons.unshift({
      reason: `The records were made with different horizons (${horizons.map((h) => plural(h, 'hour')).join(', ')}), so their events are not added up.`,
      tables: rows.filter((r) => r.status === 'recommended').length,
    });
  }
  return {
    horizonHours: horizons.length === 1 ? (horizons[0] ?? null) : null,
    horizons,
    counted: total.tables,
    fullLoad: total.fullLoad.toString(),
    recommended: total.planned.toString(),
    saving: (total.fullLoad - total.planned).toString(),
    fullLoadIneligible,
    byMode: QUERY_MODES.flatMap((m) => {
      const t = byMode.get(m);
      return t === undefined ? [] : [t.view(m)];
    }),
    byStatus: ROW_STATUSES.flatMap((s) => {
      const t = byStatus.get(s);
      return t === undefined ? [] : [t.view(s)];
    }),
    unknown: reasons,
  };
}

/** The summary of every row. */
export function summarize(rows: readonly ReportRow[]): ReportSummary {
  const byStatus: Record<RowStatus, number> = { recommended: 0, needs_facts: 0, none: 0, error: 0 };
  const modes = new Map<QueryMode, number>();
  let withDeletes = 0;
  for (const row of rows) {
    byStatus[row.status]++;
    if (row.deletes === 'yes') withDeletes++;
    if (row.status === 'recommended' && row.mode !== null)
      modes.set(row.mode, (modes.get(row.mode) ?? 0) + 1);
  }
  return {
    records: rows.length,
    byStatus,
    byMode: QUERY_MODES.flatMap((mode) => {
      const tables = modes.get(mode);
      return tables === undefined ? [] : [{ mode, tables }];
    }),
    withDeletes,
    events: eventsSummary(rows),
  };
}
