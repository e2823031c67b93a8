import {
  type Issue,
  isQueryModeBody,
  MODES,
  parseQueryModeBody,
  QueryModeValidationError,
  validateQueryModeBody,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';

const codes = (input: unknown) => {
  const r = validateQueryModeBody(input);
  return r.ok ? [] : r.issues.map((i) => [i.code, i.path.join('.')]);
};

const issuesOf = (input: unknown): readonly Issue[] => {
  const r = validateQueryModeBody(input);
  if (r.ok) throw new Error('expected issues');
  return r.issues;
};

describe('validateQueryModeBody', () => {
  it('accepts the example body of every mode and returns a fresh copy', () => {
    for (const mode of MODES) {
      const config: Record<string, unknown> = { mode: mode.id };
      for (const f of mode.fields)
        if (f.presence.type !== 'optional') config[f.name] = f.kind === 'boolean' ? true : 'col';
      const input = Object.freeze({ config: Object.freeze(config) });
      const r = validateQueryModeBody(input);
      expect(r).toEqual({ ok: true, value: input });
      if (r.ok) {
        expect(r.value).not.toBe(input);
        expect(r.value.config).not.toBe(input.config);
        expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
      }
    }
  });

  it('rejects non-objects at the root and in config', () => {
    expect(codes(null)).toEqual([['invalid_type', '']]);
    expect(codes([])).toEqual([['invalid_type', '']]);
    expect(codes('x')).toEqual([['invalid_type', '']]);
    expect(codes({ config: [] })).toEqual([['invalid_type', 'config']]);
    expect(codes({})).toEqual([['missing_field', 'config']]);
  });

  it('names the field, what was expected and what was received', () => {
    const [issue] = issuesOf({ config: { mode: 'timestamp', timestamp_column_name: 42 } });
    expect(issue).toMatchObject({ code: 'invalid_type', expected: 'string', received: 'number 42' });
    expect(issue?.message).toContain('config.timestamp_column_name');
    expect(issue?.message).toContain('expected a string');
    expect(issue?.message).toContain('received number 42');
  });

  it('suggests the key a misspelling meant', () => {
    const issues = issuesOf({ config: { mode: 'timestamp', timestamp_colum_name: 'ts' } });
    expect(issues[0]).toMatchObject({
      code: 'unknown_field',
      path: ['config', 'timestamp_colum_name'],
      suggestion: 'config.timestamp_column_name',
    });
    expect(issues[0]?.message).toContain('did you mean `config.timestamp_column_name`?');
    // A body key: the strict profile rejects it, and the message says so.
    expect(issues[0]).toMatchObject({ profile: 'strict' });
    expect(issues[0]?.message).toContain("rejected by querymode's strict profile");
    expect(issues[1]).toMatchObject({ code: 'missing_field', path: ['config', 'timestamp_column_name'] });
  });

  it('suggests the mode a misspelling meant', () => {
    const [issue] = issuesOf({ config: { mode: 'timestamp_incrementing' } });
    expect(issue).toMatchObject({ code: 'invalid_mode', suggestion: 'timestamp+incrementing' });
    expect(issue?.message).toContain('did you mean `timestamp+incrementing`?');
    expect(issuesOf({ config: { mode: 'full_lod' } })[0]).toMatchObject({ suggestion: 'full_load' });
    expect(issuesOf({ config: { mode: 'banana' } })[0]).not.toHaveProperty('suggestion');
  });

  it('says which modes own a field of another mode', () => {
    const issues = issuesOf({
      config: { mode: 'timestamp', timestamp_column_name: 'ts', stop_on_gap: true },
    });
    expect(issues).toMatchObject([
      {
        code: 'field_not_in_mode',
        path: ['config', 'stop_on_gap'],
        mode: 'timestamp',
        modes: ['incrementing'],
      },
    ]);
  });

  it('requires unique_column_name only when historical loading is enabled', () => {
    expect(codes({ config: { mode: 'change_tracking', historical_enabled: true } })).toEqual([
      ['missing_field', 'config.unique_column_name'],
    ]);
    expect(codes({ config: { mode: 'change_tracking', historical_enabled: false } })).toEqual([]);
    expect(
      codes({ config: { mode: 'change_tracking', historical_enabled: false, unique_column_name: 'id' } }),
    ).toEqual([]);
    expect(issuesOf({ config: { mode: 'change_tracking', historical_enabled: true } })[0]).toMatchObject({
      condition: { field: 'historical_enabled', equals: true },
    });
  });

  it('points a top-level config key to its place inside config', () => {
    expect(issuesOf({ mode: 'full_load' })[0]).toMatchObject({
      code: 'unknown_field',
      path: ['mode'],
      suggestion: 'config.mode',
      profile: 'strict',
    });
    expect(issuesOf({ confg: {} })[0]).toMatchObject({ path: ['confg'], suggestion: 'config' });
  });

  it('rejects prototype keys as unknown and does not pollute prototypes', () => {
    const input = JSON.parse(
      '{"config":{"mode":"full_load","__proto__":{"polluted":1}},"__proto__":{"polluted":1}}',
    );
    expect(codes(input)).toEqual([
      ['unknown_field', '__proto__'],
      ['unknown_field', 'config.__proto__'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(codes({ config: { mode: 'full_load', constructor: 1, prototype: 2 } })).toEqual([
      ['unknown_field', 'config.constructor'],
      ['unknown_field', 'config.prototype'],
    ]);
  });

  it('ignores inherited properties', () => {
    const config = Object.create({ mode: 'full_load' });
    expect(codes({ config })).toEqual([['missing_field', 'config.mode']]);
  });

  it('never throws on hostile input', () => {
    const throwing = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    const getter = {
      get config() {
        throw new Error('getter');
      },
    };
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { config: deep };
    const inputs = [
      throwing,
      getter,
      deep,
      { config: throwing },
      { config: { mode: 'timestamp', timestamp_column_name: ` ${'x'.repeat(2_000_000)}` } },
      { config: { mode: 'x'.repeat(2_000_000) } },
      { config: { ['k'.repeat(2_000_000)]: 1, mode: 'full_load' } },
      { config: { mode: Symbol('m') } },
      { config: { mode: 10n } },
      undefined,
      () => 1,
    ];
    for (const input of inputs) {
      const r = validateQueryModeBody(input);
      expect(r.ok).toBe(false);
      if (!r.ok) for (const i of r.issues) expect(i.message.length).toBeLessThan(1000);
    }
    expect(codes(throwing)).toEqual([['unreadable_input', '']]);
    // A long but well-formed column name is valid.
    expect(
      validateQueryModeBody({ config: { mode: 'timestamp', timestamp_column_name: 'x'.repeat(2_000_000) } })
        .ok,
    ).toBe(true);
  });

  it('does not mutate its input', () => {
    const input = { config: { mode: 'Timestamp', timestamp_column_name: ' ts ' }, extra: [1] };
    const copy = structuredClone(input);
    validateQueryModeBody(input);
    expect(input).toEqual(copy);
  });
});

describe('parseQueryModeBody and isQueryModeBody', () => {
  it('return the same value and issues', () => {
    const good = { config: { mode: 'full_load' } };
    expect(parseQueryModeBody(good)).toEqual(good);
    expect(isQueryModeBody(good)).toBe(true);
    expect(isQueryModeBody({ config: {} })).toBe(false);
    const bad = { config: { mode: 'nope' } };
    try {
      parseQueryModeBody(bad);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(QueryModeValidationError);
      const r = validateQueryModeBody(bad);
      expect((error as QueryModeValidationError).issues).toEqual(r.ok ? [] : r.issues);
      expect((error as Error).message).toContain('config.mode');
    }
  });
});
