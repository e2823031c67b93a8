/**
 * The row limit over the span: a known insert rate that takes a table to `full_load`'s limit
 * within the horizon (or the timeline) rules `full_load` out, and the reasons say on which day
 * (or run) the rows reach the limit.
 */
import { chooseMode, recommend, type TableTraits } from '@querymode/core';
import { describe, expect, it } from 'vitest';

const table = (rows: number, changes: Record<string, unknown>): TableTraits =>
  ({
    table: 'shop.public.events',
    source: 'postgresql',
    pipeline_mode: 'table',
    rows,
    rows_estimate: false,
    columns: [{ name: 'id', type: 'bigint', primary_key: true, unique: true, nullable: false }],
    changes,
  }) as TableTraits;

describe('full_load and the row limit over the horizon', () => {
  it('is not recommended when the known insert rate reaches the limit within the horizon, and says the day', () => {
    const t = table(4_000_000, { inserts_per_day: 50_000, updates: 'yes' });
    const r = recommend(t);
    if (!r.ok) throw new Error('invalid');
    expect(r.value.chosen).not.toBe('full_load');
    const full = r.value.candidates.find((c) => c.mode === 'full_load');
    expect(full?.status).toBe('ineligible');
    expect(r.value.reasons.join(' ')).toContain('reaches 5,000,000 on day 20 of the 30-day horizon');
    expect(
      full?.findings.some((f) => f.check === 'full_load.row_limit_growth' && f.severity === 'error'),
    ).toBe(true);
  });

  it('waits for the insert rate when it is not known, saying the rate that would reach the limit', () => {
    const r = recommend(table(4_000_000, { inserts: 'yes', updates: 'yes' }));
    if (!r.ok) throw new Error('invalid');
    expect(r.value.chosen).toBeNull();
    const full = r.value.candidates.find((c) => c.mode === 'full_load');
    expect(full?.status).toBe('needs_facts');
    const f = full?.findings.find((x) => x.check === 'full_load.row_limit_growth');
    expect(f?.message).toContain(
      'fewer than 33,333 new rows a day (net of deletes) keeps it under 5,000,000 rows for the 30-day horizon',
    );
    // One question, at the key an answer of the rate fills, with the rate that keeps it under the limit.
    const asked = full?.toEstablish.filter((q) => q.path.join('.') === 'changes.inserts_per_day') ?? [];
    expect(asked.map((q) => q.question)).toEqual([
      'How many rows are inserted into `shop.public.events` a day? Fewer than 33,333 rows inserted a day (net of deletes) keeps it under 5,000,000 rows for the 30-day horizon.',
    ]);
    // Answered below it, full_load is usable again; at it, it crosses on day 30.
    const answered = (rate: number) =>
      chooseMode(table(4_000_000, { inserts: 'yes', updates: 'yes', inserts_per_day: rate }));
    const below = answered(33_332);
    expect(below.ok && below.value.chosen).toBe('full_load');
    const at = answered(33_334);
    expect(at.ok && at.value.chosen).not.toBe('full_load');
  });

  it('stays usable when the limit is reached after the horizon, or the table gets no inserts', () => {
    for (const changes of [
      { inserts_per_day: 30_000, updates: 'yes' },
      { inserts: 'no', updates: 'yes' },
      { inserts_per_day: 80_000, deletes_per_day: 80_000, updates: 'yes' },
    ]) {
      const r = chooseMode(table(4_000_000, changes));
      expect(r.ok && r.value.chosen, JSON.stringify(changes)).toBe('full_load');
    }
    const longer = chooseMode(table(4_000_000, { inserts_per_day: 30_000, updates: 'yes' }), {
      horizonHours: 60 * 24,
    });
    expect(longer.ok && longer.value.chosen).not.toBe('full_load');
  });

  it('counts a timeline run by run', () => {
    const r = recommend(table(4_999_000, { updates: 'yes' }), {
      timeline: [{ inserts: 500 }, { inserts: 500 }, { inserts: 10 }],
    });
    if (!r.ok) throw new Error('invalid');
    expect(r.value.chosen).not.toBe('full_load');
    expect(r.value.reasons.join(' ')).toContain('reaches 5,000,000 after run 2 of the timeline');
  });
});
