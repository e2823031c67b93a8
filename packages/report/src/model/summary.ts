/**
 * The summary of a report: tables by status and by recommended mode, and the events over the
 * span if every table ran `full_load` (the default mode of every new pipeline object, docs/service.md#default-mode)
 * against the recommended modes. Events are added up only for tables where the records give
 * both estimates; every other table is counted under the reason it is left out, in the records'
 * own words. Sums are exact (BigInt): they may pass 2^53.
 *
 * @module
 */
import {
  countOf,
  DEFAULT_MODE,
  QUERY_MODES,
  type QueryMode,
  type SourceWords,
  wordsOfSource,
} from '@querymode/core';
import {
  type EventsComparison,
  type EventsSummary,
  type ReportRow,
  type ReportSummary,
  type ResultRow,
  ROW_STATUSES,
  type RowStatus,
} from './types.js';

/** A running comparison: tables, the baseline's events, the other mode's events. */
class Tally {
  tables = 0;
  baseline = 0n;
  planned = 0n;

  add(baseline: number, planned: number): void {
    this.tables++;
    this.baseline += BigInt(baseline);
    this.planned += BigInt(planned);
  }

  view(group: string): EventsComparison {
    return {
      group,
      tables: this.tables,
      baseline: this.baseline.toString(),
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

/** Why a recommended row is left out of the comparison; none when both estimates are known. */
function leftOut(row: ResultRow): string[] {
  if (row.held !== 'detail')
    return [
      `Its record has no candidates (made without \`--detail\`), so ${DEFAULT_MODE}’s estimate is not in the input.`,
    ];
  const out: string[] = [];
  if (row.estimate?.billed === null)
    for (const why of row.estimate.unknown) out.push(`The recommended mode’s events: ${why}`);
  if (row.baseline === null) out.push(`Its record has no ${DEFAULT_MODE} candidate.`);
  else if (row.baseline.billed === null)
    for (const why of row.baseline.unknown) out.push(`${DEFAULT_MODE}’s events: ${why}`);
  return out;
}

/** The events part of the summary. */
function eventsSummary(rows: readonly ReportRow[]): EventsSummary {
  const horizons = [
    ...new Set(
      rows.flatMap((r) => (r.status === 'error' || r.horizonHours === null ? [] : [r.horizonHours])),
    ),
  ].sort((a, b) => a - b);
  const total = new Tally();
  const byMode = new Map<QueryMode, Tally>();
  const byStatus = new Map<RowStatus, Tally>();
  const unknown = new ReasonCount();
  let baselineIneligible = 0;
  const mixed = horizons.length > 1;
  for (const row of rows) {
    if (row.status === 'error') continue;
    const baseline = row.baseline?.billed ?? null;
    const planned = row.estimate?.billed ?? null;
    if (!mixed && baseline !== null && planned !== null) {
      const status = byStatus.get(row.status) ?? new Tally();
      byStatus.set(row.status, status);
      status.add(baseline, planned);
    }
    if (row.status !== 'recommended' || row.mode === null) continue;
    const why = leftOut(row);
    if (why.length > 0) {
      for (const w of why) unknown.add(w);
      continue;
    }
    if (mixed || baseline === null || planned === null) continue;
    total.add(baseline, planned);
    const mode = byMode.get(row.mode) ?? new Tally();
    byMode.set(row.mode, mode);
    mode.add(baseline, planned);
    if (row.baseline?.status === 'ineligible') baselineIneligible++;
  }
  const reasons = unknown.list();
  if (mixed) {
    reasons.unshift({
      reason: `The records were made with different horizons (${horizons.map((h) => countOf(h, 'hour')).join(', ')}), so their events are not added up.`,
      tables: rows.filter((r) => r.status === 'recommended').length,
    });
  }
  return {
    horizonHours: horizons.length === 1 ? (horizons[0] ?? null) : null,
    horizons,
    counted: total.tables,
    baseline: total.baseline.toString(),
    recommended: total.planned.toString(),
    saving: (total.baseline - total.planned).toString(),
    baselineIneligible,
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
  const deletesBy = new Map<SourceWords, { source: string | null; tables: number }>();
  for (const row of rows) {
    byStatus[row.status]++;
    if (row.status !== 'error' && row.deletes === 'yes') {
      withDeletes++;
      const words = wordsOfSource(row.source);
      const group = deletesBy.get(words) ?? { source: row.source, tables: 0 };
      group.tables++;
      deletesBy.set(words, group);
    }
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
    deletesBySource: [...deletesBy.values()],
    events: eventsSummary(rows),
  };
}
