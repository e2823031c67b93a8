import {
  componentName,
  DEFAULT_MODE,
  FIELD_KINDS,
  FIELD_MODES,
  FULL_LOAD_MAX_ROWS_EXCLUSIVE,
  FULL_LOAD_RELOAD_WAIT_HOURS,
  getMode,
  isQueryMode,
  LIST_LIMIT,
  MODES,
  QUERY_MODES,
  RULES,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';

describe('the catalogue', () => {
  it('has the six modes of the spec, in its order, with unique ids', () => {
    expect(QUERY_MODES).toEqual([
      'full_load',
      'timestamp',
      'incrementing',
      'timestamp+incrementing',
      'unique_incrementing',
      'change_tracking',
    ]);
    expect(new Set(QUERY_MODES).size).toBe(QUERY_MODES.length);
  });

  it('holds the constants of section 8', () => {
    expect(LIST_LIMIT).toEqual({ min: 1, max: 100 });
    expect(FULL_LOAD_MAX_ROWS_EXCLUSIVE).toBe(5_000_000);
    expect(FULL_LOAD_RELOAD_WAIT_HOURS).toBe(6);
    expect(DEFAULT_MODE).toBe('full_load');
    expect(isQueryMode(DEFAULT_MODE)).toBe(true);
  });

  it('captures changes exactly as the behaviour table says', () => {
    const table = Object.fromEntries(
      MODES.map((m) => [m.id, [m.captures.inserts.text, m.captures.updates.text]]),
    );
    expect(table).toEqual({
      full_load: ['yes', 'yes'],
      timestamp: ['no', 'yes'],
      incrementing: ['yes', 'no'],
      'timestamp+incrementing': ['yes', 'yes'],
      unique_incrementing: ['yes (append only)', 'no'],
      change_tracking: ['not described', 'not described'],
    });
  });

  for (const mode of MODES) {
    describe(mode.id, () => {
      it('is complete and consistent', () => {
        expect(mode.title.length).toBeGreaterThan(0);
        expect(mode.summary.length).toBeGreaterThan(0);
        expect(getMode(mode.id)).toBe(mode);
        expect(componentName(mode.id)).toMatch(/^[A-Z][A-Za-z0-9]*Config$/);
        const names = mode.fields.map((f) => f.name);
        expect(new Set(names).size).toBe(names.length);
        expect(names).not.toContain('mode');
        for (const capture of Object.values(mode.captures)) {
          expect(['yes', 'no', 'not_described']).toContain(capture.value);
          expect(capture.text.length).toBeGreaterThan(0);
        }
        expect(mode.rules.length).toBeGreaterThan(0);
      });

      for (const field of mode.fields) {
        it(`field ${field.name} is fully described`, () => {
          expect(FIELD_KINDS[field.kind]).toBeDefined();
          expect(field.meaning.length).toBeGreaterThan(0);
          expect(field.presenceReason.length).toBeGreaterThan(0);
          expect(FIELD_MODES.get(field.name)).toContain(mode.id);
          if (field.presence.type === 'required_when') {
            const on = field.presence.field;
            expect(names(mode)).toContain(on);
            expect(mode.fields.find((f) => f.name === on)?.kind).toBe('boolean');
          }
          if (field.kind === 'column_name') expect(field.column).toBeDefined();
        });
      }

      for (const rule of mode.rules) {
        it(`rule ${rule.id} has a stable id under its mode`, () => {
          expect(rule.id.startsWith(`${mode.id}.`)).toBe(true);
          expect(rule.id.slice(mode.id.length + 1)).toMatch(/^[a-z][a-z0-9_]*$/);
          expect(RULES.get(rule.id)?.mode).toBe(mode.id);
          expect(['spec', 'outside_spec', 'inference']).toContain(rule.source);
        });
      }
    });
  }

  it('has globally unique rule ids', () => {
    const ids = MODES.flatMap((m) => m.rules.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(RULES.size).toBe(ids.length);
  });
});

function names(mode: (typeof MODES)[number]): string[] {
  return mode.fields.map((f) => f.name);
}
