import {
  estimateEvents,
  FULL_LOAD_RELOAD_WAIT_HOURS,
  MODES,
  type QueryMode,
  type TableTraits,
  UNDESCRIBED_KINDS,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traitsArb } from './traits-arbitrary.js';

const day = { hours: 24 };
const wholeTableModes = MODES.filter((m) => m.reads === 'whole_table').map((m) => m.id as QueryMode);
const changeModes = MODES.filter((m) => m.reads === 'changes');

describe('estimateEvents', () => {
  it('re-reads the whole table after each six-hour wait', () => {
    for (const mode of wholeTableModes) {
      const e = estimateEvents(mode, { rows: 1_000_000 }, day);
      expect(e.events).toBe((1_000_000 * 24) / FULL_LOAD_RELOAD_WAIT_HOURS);
      expect(e.formula).toBe('rows × horizon_hours ÷ 6 = 1000000 × 24 ÷ 6 = 4000000');
      expect(e.assumptions.join(' ')).toContain('taken as zero');
      expect(estimateEvents(mode, { rows: 10 }, { hours: 0 }).events).toBe(0);
      const unknown = estimateEvents(mode, {}, day);
      expect(unknown.events).toBeNull();
      expect(unknown.assumptions).toContain('rows is not known.');
    }
  });

  it('reads only the change kinds a mode captures', () => {
    const traits: TableTraits = {
      rows: 1e9,
      changes: { inserts_per_day: 1000, updates_per_day: 300, deletes: 'no' },
    };
    const got = Object.fromEntries(changeModes.map((m) => [m.id, estimateEvents(m.id, traits, day).events]));
    expect(got).toEqual({
      timestamp: 300,
      incrementing: 1000,
      'timestamp+incrementing': 1300,
      unique_incrementing: 1000,
      change_tracking: null,
    });
    expect(estimateEvents('timestamp+incrementing', traits, { hours: 48 }).formula).toBe(
      '(inserts_per_day + updates_per_day) × horizon_hours ÷ 24 = (1000 + 300) × 48 ÷ 24 = 2600',
    );
  });

  it('counts a change kind the table does not have as 0, and needs the rate of one it has', () => {
    expect(
      estimateEvents('timestamp+incrementing', { changes: { inserts: 'no', updates: 'no' } }, day).events,
    ).toBe(0);
    const e = estimateEvents(
      'timestamp+incrementing',
      { changes: { inserts: 'yes', updates_per_day: 5 } },
      day,
    );
    expect(e.events).toBeNull();
    expect(e.assumptions).toContain('inserts_per_day is not known.');
    expect(
      estimateEvents('incrementing', { changes: { inserts: 'no', inserts_per_day: 99 } }, day).events,
    ).toBe(0);
  });

  it('is null where the spec does not describe a capture the table may need, and 0 where it has none', () => {
    const e = estimateEvents('change_tracking', { changes: { inserts_per_day: 10, updates: 'no' } }, day);
    expect(e.events).toBeNull();
    expect(e.assumptions.join(' ')).toContain('not described');
    expect(estimateEvents('change_tracking', { changes: { inserts: 'no', updates: 'no' } }, day).events).toBe(
      0,
    );
  });

  it('leaves out, and says so, the kinds no mode is described as capturing', () => {
    expect(UNDESCRIBED_KINDS).toEqual(['deletes']);
    const e = estimateEvents('incrementing', { changes: { inserts_per_day: 10, deletes_per_day: 1e6 } }, day);
    expect(e.events).toBe(10);
    expect(e.assumptions.join(' ')).toContain('deletes are left out');
  });

  it('never throws, and says what is wrong with a bad horizon or mode', () => {
    expect(estimateEvents('full_load', { rows: 5 }, { hours: -1 }).events).toBeNull();
    expect(estimateEvents('full_load', { rows: 5 }, { hours: Number.NaN }).events).toBeNull();
    expect(estimateEvents('nope' as QueryMode, { rows: 5 }, day).events).toBeNull();
    expect(() => estimateEvents('full_load', null as unknown as TableTraits, day)).not.toThrow();
  });
});

describe('estimates grow (weakly) with rows and rates', () => {
  const grow = fc.tuple(
    traitsArb,
    fc.integer({ min: 0, max: 1e9 }),
    fc.double({ min: 0, max: 1e6, noNaN: true }),
  );
  const keys = ['inserts_per_day', 'updates_per_day', 'deletes_per_day'] as const;

  it('with rows', () => {
    fc.assert(
      fc.property(grow, fc.integer({ min: 0, max: 1e9 }), ([t, extra], rows) => {
        for (const mode of MODES) {
          const a = estimateEvents(mode.id, { ...t, rows }, day).events;
          const b = estimateEvents(mode.id, { ...t, rows: rows + extra }, day).events;
          expect(a === null).toBe(b === null);
          if (a !== null && b !== null) expect(b).toBeGreaterThanOrEqual(a);
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('with each rate, and with the horizon', () => {
    fc.assert(
      fc.property(
        grow,
        fc.constantFrom(...keys),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        ([t, , more], key, rate) => {
          for (const mode of MODES) {
            const at = (r: number, hours = 24) =>
              estimateEvents(mode.id, { ...t, changes: { ...t.changes, [key]: r } }, { hours }).events;
            const a = at(rate);
            const b = at(rate + more);
            if (a !== null && b !== null) expect(b).toBeGreaterThanOrEqual(a);
            const c = at(rate, 48);
            if (a !== null && c !== null) expect(c).toBeGreaterThanOrEqual(a);
          }
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});
