/**
 * The events model: the worked examples of the service's page on query modes and events usage
 * (https://docs.hevodata.com/events-usage/factors-affecting-events-usage/query-modes/), written
 * with the per-run timeline, and the properties of the model.
 */
import {
  DEFAULT_HORIZON_HOURS,
  type EventsEstimate,
  type EventsOptions,
  estimateEvents,
  MODES,
  QUERY_MODES,
  type QueryMode,
  type TableTraits,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICE_EXAMPLES } from '../../../../scripts/docs/service-examples.js';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { traitsArb } from './traits-arbitrary.js';

function estimate(mode: QueryMode, traits: TableTraits, options?: EventsOptions): EventsEstimate {
  const r = estimateEvents(mode, traits, options);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

describe('the worked examples of the service (https://docs.hevodata.com/events-usage/factors-affecting-events-usage/query-modes/)', () => {
  for (const ex of SERVICE_EXAMPLES) {
    if (ex.mode === null) {
      it.skip(`${ex.page}: not a mode of the spec, so the model has no such mode`, () => {});
      continue;
    }
    const mode = ex.mode;
    it(`${ex.page}`, () => {
      const e = estimate(mode, ex.traits, { timeline: ex.timeline });
      expect(e.perRun).toEqual(ex.perRun);
      expect(e.billed).toBe(ex.billed);
      expect(e.horizonHours).toBe(12);
      expect(e.historical).toEqual({ events: 100, billed: false });
      expect(e.formula).toBe(`${ex.perRun.join(' + ')} = ${ex.billed}`);
    });
  }

  it('for log-based pipelines, "query modes do not have an effect on quota consumption": every mode bills the same', () => {
    const first = SERVICE_EXAMPLES[0] as (typeof SERVICE_EXAMPLES)[number];
    const logBased = { ...first.traits, pipeline_mode: 'log_based' as const };
    const billed = QUERY_MODES.map((m) => estimate(m, logBased, { timeline: first.timeline }).billed);
    expect(new Set(billed).size).toBe(1);
    expect(billed[0]).toBe(9);
  });
});

describe('the events model', () => {
  it('shares one default horizon (30 days) with the CLI', () => {
    expect(DEFAULT_HORIZON_HOURS).toBe(720);
    expect(estimate('full_load', { rows: 10 }).horizonHours).toBe(720);
  });

  it('runs at the replication frequency: full_load bills each load, after its six-hour wait', () => {
    const at = (minutes: number) =>
      estimate(
        'full_load',
        { rows: 200, replication_frequency_minutes: minutes, changes: { inserts: 'no', deletes: 'no' } },
        { horizonHours: 24 },
      );
    expect(at(60).billed).toBe(4 * 200); // waits six hours: 4 loads a day
    expect(at(360).billed).toBe(4 * 200);
    expect(at(1440).billed).toBe(200); // a daily pipeline loads once a day
    expect(at(100).reads).toBe(3); // loads at the first run 6 hours after the last: 400, 800, 1200 minutes
  });

  it('uses the documented default frequency when the pipeline’s is not known, and says so', () => {
    const e = estimate('full_load', { rows: 10 }, { horizonHours: 24 });
    expect(e.frequencyDefault).toBe(true);
    expect(e.frequencyMinutes).toBe(360);
    expect(e.notes.join(' ')).toContain('documented default');
    expect(estimate('timestamp', { pipeline_mode: 'log_based' }).frequencyMinutes).toBe(30);
  });

  it('bills a growing table as it grows', () => {
    const grows = estimate(
      'full_load',
      { rows: 1000, replication_frequency_minutes: 360, changes: { inserts_per_day: 400, deletes: 'no' } },
      { horizonHours: 24 },
    );
    // Loads at 6, 12, 18 and 24 hours: 1100 + 1200 + 1300 + 1400.
    expect(grows.billed).toBe(5000);
    const flat = estimate(
      'full_load',
      { rows: 1000, replication_frequency_minutes: 360, changes: { inserts: 'no' } },
      { horizonHours: 24 },
    );
    expect(flat.billed).toBe(4000);
  });

  it('counts only the kinds a changes-reading mode captures, at each run', () => {
    const traits: TableTraits = {
      rows: 1e9,
      changes: { inserts_per_day: 1000, updates_per_day: 300, deletes: 'no' },
    };
    const got = Object.fromEntries(
      MODES.filter((m) => m.reads === 'changes').map((m) => [
        m.id,
        estimate(m.id, traits, { horizonHours: 24 }).billed,
      ]),
    );
    expect(got).toEqual({
      timestamp: 300,
      incrementing: 1000,
      'timestamp+incrementing': 1300,
      unique_incrementing: 1000,
      change_tracking: null,
    });
  });

  it('keeps unknown apart from any number, with the reason', () => {
    const e = estimate('timestamp+incrementing', { changes: { inserts: 'yes', updates_per_day: 5 } });
    expect(e.billed).toBeNull();
    expect(e.unknown).toEqual(['inserts_per_day is not known.']);
    const ct = estimate('change_tracking', { changes: { inserts_per_day: 10, updates: 'no' } });
    expect(ct.billed).toBeNull();
    expect(ct.unknown.join(' ')).toContain('not described');
    expect(estimate('change_tracking', { changes: { inserts: 'no', updates: 'no' } }).billed).toBe(0);
  });

  it('is an error, never Infinity, for numbers too large to estimate (rates of 1e308)', () => {
    const r = estimateEvents('timestamp', { changes: { updates_per_day: 1e308 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.code).toBe('estimate_overflow');
    const rows = estimateEvents('full_load', { rows: Number.MAX_SAFE_INTEGER }, { horizonHours: 24 });
    expect(rows.ok).toBe(false);
    // Unknown for another reason: the words show the rate as given, not Infinity.
    const open = estimateEvents('timestamp+incrementing', { changes: { inserts_per_day: 1e308 } });
    expect(open.ok && open.value.billed).toBeNull();
    expect(open.ok && open.value.formula).toContain('(1e+308 + ?)');
  });

  it('returns issues for a bad mode, bad traits, bad options, or a horizon with a timeline', () => {
    const bad = (r: ReturnType<typeof estimateEvents>) =>
      r.ok ? [] : r.issues.map((i) => [i.code, i.path.join('.')]);
    expect(bad(estimateEvents('ful_load' as QueryMode, {}))).toEqual([['invalid_mode', 'mode']]);
    expect(bad(estimateEvents('full_load', { rows: -1 }))).toEqual([['invalid_number', 'rows']]);
    expect(bad(estimateEvents('full_load', {}, { horizonHours: -1 }))).toEqual([
      ['invalid_number', 'options.horizonHours'],
    ]);
    expect(bad(estimateEvents('full_load', {}, { horizonHours: 1, timeline: [] }))).toEqual([
      ['conflicting_options', 'options'],
    ]);
    expect(bad(estimateEvents('full_load', {}, { timeline: [{ inserts: -1 }] }))).toEqual([
      ['invalid_number', 'options.timeline.0.inserts'],
    ]);
  });
});

describe('properties of the model', () => {
  const day = { horizonHours: 24 };

  it('estimates are safe integers or null, never Infinity or NaN', () => {
    fc.assert(
      fc.property(traitsArb, fc.constantFrom(...QUERY_MODES), (traits, mode) => {
        const r = estimateEvents(mode, traits, day);
        if (!r.ok) {
          expect(r.issues.map((i) => i.code)).toEqual(['estimate_overflow']);
          return;
        }
        if (r.value.billed !== null) expect(Number.isSafeInteger(r.value.billed)).toBe(true);
        else expect(r.value.unknown.length).toBeGreaterThan(0);
        expect(JSON.stringify(r.value)).not.toMatch(/Infinity|NaN/);
      }),
      propertyRuns(500, 42),
    );
  });

  it('grow (weakly) with the rates and the horizon', () => {
    const keys = ['inserts_per_day', 'updates_per_day'] as const;
    fc.assert(
      fc.property(
        traitsArb,
        fc.constantFrom(...keys),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (t, key, rate, more) => {
          for (const mode of QUERY_MODES) {
            const at = (r: number, hours = 24) => {
              const res = estimateEvents(
                mode,
                { ...t, rows: 1000, changes: { ...t.changes, deletes: 'no', [key]: r } },
                { horizonHours: hours },
              );
              return res.ok ? res.value.billed : null;
            };
            const a = at(rate);
            const b = at(rate + more);
            if (a !== null && b !== null) expect(b).toBeGreaterThanOrEqual(a);
            const c = at(rate, 48);
            if (a !== null && c !== null) expect(c).toBeGreaterThanOrEqual(a);
          }
        },
      ),
      propertyRuns(200, 42),
    );
  });
});
