import {
  ADVISOR_EXAMPLES,
  checkAgainstTable,
  DEFAULT_MODE,
  estimateEvents,
  MODES,
  planModeChange,
  type QueryModeBody,
  type TableTraits,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traitsArb } from './traits-arbitrary.js';

const traits = ADVISOR_EXAMPLES[0]?.traits as TableTraits;
const plan = (...args: Parameters<typeof planModeChange>) => {
  const r = planModeChange(...args);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
};

describe('planModeChange', () => {
  it('starts a new object at the default mode (spec 3) and restarts ingestion on a change of mode', () => {
    const p = plan(null, 'timestamp+incrementing', traits);
    expect(p.from).toBe(DEFAULT_MODE);
    expect(p.newObject).toBe(true);
    expect(p.allowed).toBe(true);
    expect(p.restartsIngestion).toBe(true);
    expect(p.events.restart).toBe(traits.rows);
    expect(p.notes.join(' ')).toContain('spec 3');
    expect(p.notes.join(' ')).toContain('documented outside the spec');
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
    expect(plan('timestamp', 'incrementing', traits)).toMatchObject({
      gained: ['inserts'],
      lost: ['updates'],
    });
    expect(plan('full_load', 'change_tracking', traits)).toMatchObject({
      gained: [],
      lost: [],
      uncertain: ['inserts', 'updates'],
    });
  });

  it('forbids no transition: every pair of modes has a plan', () => {
    for (const a of MODES) for (const b of MODES) expect(planModeChange(a.id, b.id, traits).ok).toBe(true);
  });

  it('gives the events before, after and the difference', () => {
    const p = plan('full_load', 'timestamp+incrementing', traits, { horizonHours: 24 });
    expect(p.events.current).toEqual(estimateEvents('full_load', traits, { hours: 24 }));
    expect(p.events.next).toEqual(estimateEvents('timestamp+incrementing', traits, { hours: 24 }));
    expect(p.events.difference).toBe(25_000 - 48_000_000);
    expect(plan('full_load', 'timestamp', {}).events.difference).toBeNull();
  });

  it('fills the next body from the table, or checks the body given, as checkAgainstTable does', () => {
    const filled = plan('full_load', 'timestamp+incrementing', traits);
    expect(filled.body).toEqual({
      config: {
        mode: 'timestamp+incrementing',
        incrementing_column_name: 'id',
        timestamp_column_name: 'updated_at',
      },
    });
    const given = { config: { mode: 'timestamp', timestamp_column_name: 'created_at' } } as QueryModeBody;
    const p = plan('full_load', given, traits);
    expect(p.body).toBe(given);
    expect(p.findings).toEqual(checkAgainstTable(given, traits));
    expect(p.findings.some((f) => f.rule === 'timestamp.auto_update' && f.severity === 'error')).toBe(true);
  });

  it('does not claim a restart when nothing changes, and says it is not documented when only fields change', () => {
    expect(plan('full_load', 'full_load', traits).restartsIngestion).toBe(false);
    const a = { config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } } as QueryModeBody;
    const b = { config: { mode: 'timestamp', timestamp_column_name: 'created_at' } } as QueryModeBody;
    expect(plan(a, a, traits).restartsIngestion).toBe(false);
    const p = plan(a, b, traits);
    expect(p.restartsIngestion).toBe('not_documented');
    expect(p.events.restart).toBeNull();
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
      fc.property(fc.anything(), fc.anything(), traitsArb, (a, b, t) => {
        expect(() => planModeChange(a as never, b as never, t)).not.toThrow();
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
