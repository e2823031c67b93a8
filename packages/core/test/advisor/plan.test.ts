import {
  checkAgainstTable,
  DEFAULT_MODE,
  estimateEvents,
  MODES,
  type ModeChangePlan,
  planModeChange,
  type QueryModeBody,
  type TableTraits,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADVISOR_EXAMPLES } from '../../../../scripts/docs/advisor-examples.js';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { traitsArb } from './traits-arbitrary.js';

const traits = ADVISOR_EXAMPLES[0]?.traits as TableTraits;
const plan = (...args: Parameters<typeof planModeChange>): ModeChangePlan => {
  const r = planModeChange(...args);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
};

describe('planModeChange', () => {
  it('starts a new object at the default mode (spec 3); a change of mode restarts ingestion, and its history is not billed', () => {
    const p = plan(null, 'timestamp+incrementing', traits);
    expect(p.from).toBe(DEFAULT_MODE);
    expect(p.newObject).toBe(true);
    expect(p.restartsIngestion).toBe(true);
    expect(p.events.reingested).toEqual({ events: traits.rows, billed: false });
    expect(p.notes.join(' ')).toContain('spec 3');
    expect(p.notes.join(' ')).toMatch(
      /not billed \(documented outside the spec: https:\/\/docs\.hevodata\.com/,
    );
  });

  it('says the spec does not show which changes are allowed', () => {
    const p = plan('full_load', 'incrementing', traits);
    expect(p.allowed).toBe('not_shown');
    expect(p.notes.join(' ')).toContain('does not show which changes of mode are allowed');
    for (const a of MODES) for (const b of MODES) expect(planModeChange(a.id, b.id, traits).ok).toBe(true);
  });

  it('says which change kinds are gained, lost or uncertain, from the catalogue’s captures', () => {
    expect(plan('full_load', 'incrementing', traits)).toMatchObject({
      gained: [],
      lost: ['updates'],
      uncertain: [],
    });
    expect(plan('incrementing', 'timestamp+incrementing', traits)).toMatchObject({
      gained: ['updates'],
      lost: [],
    });
    expect(plan('full_load', 'change_tracking', traits)).toMatchObject({ uncertain: ['inserts', 'updates'] });
  });

  it('gives the billed events before and after, and the difference', () => {
    const p = plan('full_load', 'timestamp+incrementing', traits, { horizonHours: 24 });
    const before = estimateEvents('full_load', traits, { horizonHours: 24 });
    const after = estimateEvents('timestamp+incrementing', traits, { horizonHours: 24 });
    expect(before.ok && after.ok).toBe(true);
    if (!before.ok || !after.ok) return;
    expect(p.events.current).toEqual(before.value);
    expect(p.events.next).toEqual(after.value);
    expect(p.events.difference).toBe((after.value.billed ?? 0) - (before.value.billed ?? 0));
    expect(plan('full_load', 'timestamp', {}).events.difference).toBeNull();
  });

  it('fills the next body from the table, or checks the body given as checkAgainstTable does', () => {
    expect(plan('full_load', 'timestamp+incrementing', traits).body).toEqual({
      config: {
        mode: 'timestamp+incrementing',
        incrementing_column_name: 'id',
        timestamp_column_name: 'updated_at',
      },
    });
    const given = { config: { mode: 'timestamp', timestamp_column_name: 'created_at' } } as QueryModeBody;
    const p = plan('full_load', given, traits);
    expect(p.body).toEqual(given);
    const checked = checkAgainstTable(given, traits);
    expect(checked.ok && p.findings).toEqual(checked.ok && checked.value);
    expect(p.status).toBe('ineligible');
  });

  it('does not claim a restart when nothing changes, and says it is not documented when only fields change', () => {
    expect(plan('full_load', 'full_load', traits).restartsIngestion).toBe(false);
    const a = { config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } } as QueryModeBody;
    const b = { config: { mode: 'timestamp', timestamp_column_name: 'created_at' } } as QueryModeBody;
    expect(plan(a, a, traits).restartsIngestion).toBe(false);
    const p = plan(a, b, traits);
    expect(p.restartsIngestion).toBe('not_documented');
    expect(p.events.reingested).toBeNull();
  });

  it('returns issues, never throws, for arguments that are neither a mode nor a valid body', () => {
    const r = planModeChange('full_lod' as never, { config: { mode: 'timestamp' } } as QueryModeBody, traits);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues[0]).toMatchObject({ code: 'invalid_mode', path: ['current'], suggestion: 'full_load' });
      expect(r.issues[1]).toMatchObject({
        code: 'missing_field',
        path: ['next', 'config', 'timestamp_column_name'],
      });
    }
    fc.assert(
      fc.property(fc.anything(), fc.anything(), traitsArb, fc.anything(), (a, b, t, o) => {
        const p = planModeChange(a as never, b as never, t, o as never);
        expect(typeof p.ok).toBe('boolean');
      }),
      propertyRuns(200, 42),
    );
  });
});
