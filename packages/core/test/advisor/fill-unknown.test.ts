/**
 * `fillUnknownFacts` (the pipeline-wide flags of `recommend --ndjson`, and the facts `verify`
 * keeps) copies a record key by key: the copy is what a spread makes, `__proto__` included, and
 * the record given is never changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { fillUnknownFacts } from '../../src/advisor/facts/fill-unknown.js';
import type { TableTraits } from '../../src/advisor/traits/model.js';
import { nearTraitsArb } from './traits-arbitrary.js';

/** The definition, with spreads: each absent field and each unknown kind of change filled. */
function byDefinition(value: Record<string, unknown>, defaults: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = { ...value };
  for (const [key, given] of Object.entries(defaults))
    if (key !== 'changes' && out[key] === undefined) out[key] = given;
  return out;
}

describe('fillUnknownFacts', () => {
  it('fills what a spread copy would, and leaves the record given as it was', () => {
    const defaults: TableTraits = {
      source: 'postgresql',
      pipeline_mode: 'table',
      replication_frequency_minutes: 60,
    };
    fc.assert(
      fc.property(nearTraitsArb, (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
        const before = JSON.stringify(value);
        const { traits } = fillUnknownFacts(value, defaults);
        expect(JSON.stringify(value)).toBe(before);
        expect(traits).toEqual(byDefinition(value as Record<string, unknown>, { ...defaults }));
      }),
      propertyRuns(2000),
    );
  });

  it('keeps a `__proto__` key of the record as its own key, never as the prototype', () => {
    const value = JSON.parse('{"__proto__":{"rows":1},"table":"a\\"b","changes":{"__proto__":{"x":1}}}');
    const { traits, filled } = fillUnknownFacts(value, {
      source: 'mysql',
      changes: { updates: 'no' },
    });
    const t = traits as Record<string, unknown>;
    expect(Object.getPrototypeOf(t)).toBe(Object.prototype);
    expect(Object.keys(t)).toEqual(['__proto__', 'table', 'changes', 'source']);
    expect(Object.getOwnPropertyDescriptor(t, '__proto__')?.value).toEqual({ rows: 1 });
    const changes = t.changes as Record<string, unknown>;
    expect(Object.getPrototypeOf(changes)).toBe(Object.prototype);
    expect(Object.keys(changes)).toEqual(['__proto__', 'updates']);
    expect(filled).toEqual(['source', 'changes.updates']);
    expect(({} as Record<string, unknown>).rows).toBeUndefined();
  });
});
