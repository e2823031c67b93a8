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
