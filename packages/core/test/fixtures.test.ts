/**
 * Counterexamples found by the property and differential tests, kept as named fixtures so that
 * they stay fixed whatever the generators do later.
 */
import { normalizeQueryModeBody, validateQueryModeBody } from '@querymode/core';
import { describe, expect, it } from 'vitest';

/** An object whose `key` reads `first` once, then `later` on every further read. */
function unstable(base: Record<string, unknown>, key: string, first: unknown, later: unknown): object {
  let reads = 0;
  return Object.defineProperty({ ...base }, key, {
    enumerable: true,
    configurable: true,
    get: () => (reads++ === 0 ? first : later),
  });
}

describe('fixtures from property tests', () => {
  // properties.test.ts, "never throws on hostile objects", seed 42: a getter that gave a valid
  // column name to the check and 42 to the copy made validation succeed with a number.
  it('unstable_getter_column_name: a value is checked and copied from one read', () => {
    const config = unstable({ mode: 'incrementing' }, 'incrementing_column_name', '\u0000', 42);
    const r = validateQueryModeBody({ config });
    expect(r).toEqual({
      ok: true,
      value: { config: { mode: 'incrementing', incrementing_column_name: '\u0000' } },
    });
  });

  // The same flaw on a condition: `historical_enabled` read `true` for its check and 42 for the
  // `required_when` test of `unique_column_name`, so the missing column went unreported.
  it('unstable_getter_condition: a condition is tested on the value that was checked', () => {
    const config = unstable({ mode: 'change_tracking' }, 'historical_enabled', true, 42);
    const r = validateQueryModeBody({ config });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues.map((i) => [i.code, i.path])).toEqual([
        ['missing_field', ['config', 'unique_column_name']],
      ]);
  });

  it('unstable_getter_normalized: what the normaliser accepts from a getter is plain valid data', () => {
    const config = unstable({ mode: 'Incrementing' }, 'incrementing_column_name', 'id', 42);
    const r = normalizeQueryModeBody({ config });
    expect(r.ok).toBe(true);
    if (r.ok) expect(validateQueryModeBody(r.value)).toEqual({ ok: true, value: r.value });
  });
});

// The differential test holds the fast validator equal to zod on JSON input. Outside JSON the two
// differ on purpose, and these fixtures pin the fast validator's side (zod, as of 4.6, accepts
// both bodies below: `.optional()` lets an explicit `undefined` through, and it reads inherited
// properties).
describe('fixtures outside JSON, where zod differs by design', () => {
  it('explicit_undefined_optional: an optional key holding undefined is a wrong type, not an absent key', () => {
    const r = validateQueryModeBody({
      config: { mode: 'timestamp', timestamp_column_name: 'ts', timestamp_delay_interval_ms: undefined },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toMatchObject([
        { code: 'invalid_type', path: ['config', 'timestamp_delay_interval_ms'], received: 'undefined' },
      ]);
    }
  });

  it('inherited_mode: only own keys count', () => {
    const r = validateQueryModeBody({ config: Object.create({ mode: 'full_load' }) });
    expect(r.ok).toBe(false);
  });
});
