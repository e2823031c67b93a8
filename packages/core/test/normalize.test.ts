import { normalizeQueryModeBody, validateQueryModeBody } from '@querymode/core';
import { describe, expect, it } from 'vitest';

describe('normalizeQueryModeBody', () => {
  it('wraps a bare config, renames the mode and converts the delay, with a warning each', () => {
    const r = normalizeQueryModeBody({
      mode: 'Time-Stamp',
      timestamp_column_name: 'ts',
      timestamp_delay_interval_ms: 60000,
    });
    expect(r.ok).toBe(false); // "Time-Stamp" is not a loose form of "timestamp"
    const s = normalizeQueryModeBody({
      mode: 'TIMESTAMP',
      timestamp_column_name: 'ts',
      timestamp_delay_interval_ms: 60000,
    });
    expect(s).toEqual({
      ok: true,
      value: {
        config: { mode: 'timestamp', timestamp_column_name: 'ts', timestamp_delay_interval_ms: '60000' },
      },
      warnings: [
        expect.objectContaining({ code: 'wrapped_config', path: ['config'] }),
        expect.objectContaining({ code: 'renamed_mode', path: ['config', 'mode'] }),
        expect.objectContaining({
          code: 'converted_number',
          path: ['config', 'timestamp_delay_interval_ms'],
        }),
      ],
    });
  });

  it('understands modes written with spaces, hyphens or another case', () => {
    for (const written of [
      'Timestamp + Incrementing',
      'timestamp-incrementing',
      'TIMESTAMP incrementing',
      'timestamp_incrementing',
    ]) {
      const r = normalizeQueryModeBody({
        config: { mode: written, incrementing_column_name: 'id', timestamp_column_name: 'ts' },
      });
      expect(r.ok && r.value.config.mode).toBe('timestamp+incrementing');
    }
    const r = normalizeQueryModeBody({ config: { mode: 'Full Load' } });
    expect(r.ok && r.value.config.mode).toBe('full_load');
  });

  it('leaves a valid body unchanged, with no warnings', () => {
    const body = { config: { mode: 'incrementing', incrementing_column_name: 'id' } };
    expect(normalizeQueryModeBody(body)).toEqual({ ok: true, value: body, warnings: [] });
  });

  it('refuses numbers that are not safe non-negative integers', () => {
    for (const bad of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      const r = normalizeQueryModeBody({
        config: { mode: 'timestamp', timestamp_column_name: 'ts', timestamp_delay_interval_ms: bad },
      });
      expect(r.ok).toBe(false);
    }
  });

  it('stays strict about everything else, and its output passes strict validation', () => {
    const r = normalizeQueryModeBody({
      config: { mode: 'timestamp', timestamp_column_name: 'ts', extra: 1 },
    });
    expect(r.ok).toBe(false);
    const ok = normalizeQueryModeBody({ mode: 'unique incrementing', unique_column_name: ' id ' });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(validateQueryModeBody(ok.value).ok).toBe(true);
  });

  it('trims a column name only where the profile refuses it: in the strict profile, not the documented one', () => {
    const input = { mode: 'unique incrementing', unique_column_name: ' id\t' };
    const strict = normalizeQueryModeBody(input);
    expect(strict).toMatchObject({
      ok: true,
      value: { config: { mode: 'unique_incrementing', unique_column_name: 'id' } },
      warnings: [{ code: 'wrapped_config' }, { code: 'renamed_mode' }, { code: 'trimmed_column_name' }],
    });
    // The service's documentation allows any string, and a column may be named so: kept as it is.
    const documented = normalizeQueryModeBody(input, { profile: 'documented' });
    expect(documented).toMatchObject({
      ok: true,
      value: { config: { mode: 'unique_incrementing', unique_column_name: ' id\t' } },
      warnings: [{ code: 'wrapped_config' }, { code: 'renamed_mode' }],
    });
    if (documented.ok) {
      expect(validateQueryModeBody(documented.value, { profile: 'documented' })).toEqual({
        ok: true,
        value: documented.value,
      });
    }
    // An empty or blank name is not fixed by trimming: the strict profile refuses it, the documented one keeps it.
    for (const name of ['', ' ']) {
      const body = { config: { mode: 'unique_incrementing', unique_column_name: name } };
      expect(normalizeQueryModeBody(body)).toMatchObject({
        ok: false,
        issues: [{ code: 'invalid_column_name', profile: 'strict' }],
        warnings: [],
      });
      expect(normalizeQueryModeBody(body, { profile: 'documented' })).toEqual({
        ok: true,
        value: body,
        warnings: [],
      });
    }
    // A profile that names none fixes nothing, and is reported.
    expect(normalizeQueryModeBody(input, { profile: 'loose' as never })).toMatchObject({
      ok: false,
      issues: [{ code: 'invalid_option', path: ['profile'] }],
    });
  });

  it('never throws', () => {
    const hostile = new Proxy(
      { mode: 'x' },
      {
        get() {
          throw new Error('no');
        },
      },
    );
    expect(normalizeQueryModeBody(hostile).ok).toBe(false);
    expect(normalizeQueryModeBody(null).ok).toBe(false);
  });
});
