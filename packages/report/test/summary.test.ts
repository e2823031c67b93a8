import { detailLegend, QUERY_MODES } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { summaryHtml } from '../src/html/summary.js';
import { reportRow, resultRow } from '../src/model/row.js';
import { summarize } from '../src/model/summary.js';
import type { ResultRow } from '../src/model/types.js';
import { compactRecord, detailRecord, EXAMPLE_TRAITS, errorRecord } from './support.js';

/** This build's legend of `--detail` streams. */
const LEGEND = detailLegend();

// The legend of this build holds the texts the records cite by key.
const detailRows = (): ResultRow[] =>
  EXAMPLE_TRAITS.map((t, i) => resultRow(detailRecord(t, i + 1), i + 1, LEGEND));

describe('summarize: tables by status and mode, and the events comparison', () => {
  it('counts the rows by status and the recommended ones by mode, in catalogue order', () => {
    const rows = [...detailRows(), reportRow(errorRecord(10), 10)];
    const s = summarize(rows);
    expect(s.records).toBe(10);
    const expected = { recommended: 0, needs_facts: 0, none: 0, error: 0 } as Record<string, number>;
    for (const r of rows) expected[r.status] = (expected[r.status] ?? 0) + 1;
    expect(s.byStatus).toEqual(expected);
    expect(s.byMode.reduce((n, m) => n + m.tables, 0)).toBe(expected.recommended);
    expect(s.byMode.map((m) => m.mode)).toEqual(
      QUERY_MODES.filter((m) => s.byMode.some((x) => x.mode === m)),
    );
  });

  it('adds up full_load against the recommended modes only where the records give both, and says why for the rest', () => {
    const rows = detailRows();
    const e = summarize(rows).events;
    const counted = rows.filter(
      (r) => r.status === 'recommended' && r.estimate?.billed != null && r.baseline?.billed != null,
    );
    expect(e.counted).toBe(counted.length);
    expect(e.baseline).toBe(String(counted.reduce((n, r) => n + (r.baseline?.billed ?? 0), 0)));
    expect(e.recommended).toBe(String(counted.reduce((n, r) => n + (r.events ?? 0), 0)));
    expect(BigInt(e.saving)).toBe(BigInt(e.baseline) - BigInt(e.recommended));
    expect(e.horizonHours).toBe(720);
    // shop.public.customers: recommended, its change rates not known.
    expect(e.unknown).toContainEqual({
      reason: 'The recommended mode’s events: the inserts a day are not known.',
      tables: 1,
    });
    // The per-mode groups add up to the total.
    expect(e.byMode.reduce((n, c) => n + c.tables, 0)).toBe(e.counted);
    expect(e.byStatus.find((c) => c.group === 'recommended')).toEqual({
      group: 'recommended',
      tables: e.counted,
      baseline: e.baseline,
      planned: e.recommended,
    });
    expect(e.byStatus.map((c) => c.group)).toContain('needs_facts');
  });

  it('leaves compact records out of the events, with the reason, never a guess', () => {
    const rows = EXAMPLE_TRAITS.map((t, i) => resultRow(compactRecord(t, i + 1), i + 1));
    const e = summarize(rows).events;
    expect(e.counted).toBe(0);
    expect(e.baseline).toBe('0');
    expect(e.byMode).toEqual([]);
    expect(e.unknown).toEqual([
      {
        reason:
          'Its record has no candidates (made without `--detail`), so full_load’s estimate is not in the input.',
        tables: rows.filter((r) => r.status === 'recommended').length,
      },
    ]);
    expect(e.horizonHours).toBeNull();
  });

  it('adds exactly past 2^53', () => {
    const base = detailRows().find((r) => r.status === 'recommended' && r.events !== null) as ResultRow;
    const big = Number.MAX_SAFE_INTEGER;
    const row = (n: number): ResultRow => ({
      ...base,
      n,
      events: 1,
      estimate: { ...(base.estimate as NonNullable<ResultRow['estimate']>), billed: 1 },
      baseline: { ...(base.baseline as NonNullable<ResultRow['baseline']>), billed: big },
    });
    const e = summarize([row(1), row(2), row(3)]).events;
    expect(e.baseline).toBe((3n * BigInt(big)).toString());
    expect(e.saving).toBe((3n * BigInt(big) - 3n).toString());
  });

  it('does not add up records made with different horizons', () => {
    const rows = detailRows();
    const other = rows.map((r) => ({
      ...r,
      n: r.n + 100,
      horizonHours: r.horizonHours === null ? null : 168,
    }));
    const e = summarize([...rows, ...other]).events;
    expect(e.horizons).toEqual([168, 720]);
    expect(e.horizonHours).toBeNull();
    expect(e.counted).toBe(0);
    expect(e.byStatus).toEqual([]);
    expect(e.unknown[0]?.reason).toBe(
      'The records were made with different horizons (168 hours, 720 hours), so their events are not added up.',
    );
  });
});

describe('tables with deletes', () => {
  const traits = (deletes: Record<string, unknown>) => ({
    table: 'shop.t',
    rows: 1000,
    columns: [{ name: 'id', type: 'bigint', primary_key: true, unique: true, nullable: false }],
    changes: { inserts: 'yes' as const, ...deletes },
  });

  it('are counted from the traits: an answer of yes, or a rate of deletes above zero', () => {
    const rows = [
      traits({ deletes: 'yes' }),
      traits({ deletes_per_day: 12 }),
      traits({ deletes: 'unknown', deletes_per_day: 0, observed_days: 0.01 }),
      traits({ deletes: 'no' }),
      traits({}),
    ].map((t, i) => resultRow(detailRecord(t as never, i + 1), i + 1, LEGEND));
    expect(rows.map((r) => r.deletes)).toEqual(['yes', 'yes', 'unknown', 'no', 'unknown']);
    expect(summarize(rows).withDeletes).toBe(2);
    expect(summarize([reportRow(compactRecord(traits({ deletes: 'yes' }) as never, 1), 1)]).withDeletes).toBe(
      0,
    );
  });

  it('are said on the page, with what query modes do with deletes and what to do', () => {
    const rows = [traits({ deletes: 'yes' })].map((t, i) =>
      reportRow(detailRecord(t as never, i + 1), i + 1),
    );
    const html = summaryHtml(summarize(rows));
    expect(html).toContain('id="qm-deletes"');
    expect(html.replace(/<[^>]+>/g, '')).toMatch(
      /1 table has deletes .* No query mode replicates deletes in table-mode and custom SQL pipelines .* use a log-based pipeline .* soft-delete column/,
    );
    expect(html).toContain(
      'href="https://docs.hevodata.com/data-ingestion/ingestion-modes-and-query-modes/"',
    );
    expect(summaryHtml(summarize([]))).not.toContain('qm-deletes');
  });
});
