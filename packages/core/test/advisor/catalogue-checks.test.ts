import {
  GENERAL_CHECKS,
  GENERAL_RULES,
  getMode,
  MODES,
  RANKING_POLICY,
  RULE_CHECKS,
  RULES,
  UNCHECKED_RULES,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';

describe('the checks table agrees with the catalogue', () => {
  it('keys every check by a catalogue rule, and every unchecked rule exists', () => {
    for (const rule of Object.keys(RULE_CHECKS)) expect(RULES.has(rule), rule).toBe(true);
    const general = new Set<string>(GENERAL_RULES.map((r) => r.id));
    for (const rule of Object.keys(UNCHECKED_RULES))
      expect(RULES.has(rule) || general.has(rule), rule).toBe(true);
    for (const rule of Object.keys(GENERAL_CHECKS)) expect(general.has(rule), rule).toBe(true);
  });

  it('names only column-name fields of the rule’s own mode in column checks', () => {
    for (const [rule, checks] of Object.entries(RULE_CHECKS)) {
      const mode = getMode(RULES.get(rule)?.mode ?? '');
      for (const check of checks) {
        if (check.scope !== 'column') continue;
        const field = mode?.fields.find((f) => f.name === check.field);
        expect(field?.kind, `${rule} → ${check.field}`).toBe('column_name');
      }
    }
  });

  it('checks NULLs exactly where the catalogue says the column must not be NULL', () => {
    for (const mode of MODES) {
      for (const field of mode.fields) {
        if (field.kind !== 'column_name') continue;
        const notNull = mode.rules.flatMap((r) =>
          (RULE_CHECKS[r.id] ?? []).filter(
            (c) => c.scope === 'column' && c.test === 'not_null' && c.field === field.name,
          ),
        );
        expect(notNull.length, `${mode.id}.${field.name}`).toBe(
          field.column?.nulls === 'must_not_be_null' ? 1 : 0,
        );
      }
    }
  });

  it('only says a mode misses a change kind its captures say it does not capture', () => {
    for (const [rule, checks] of Object.entries(RULE_CHECKS)) {
      const mode = getMode(RULES.get(rule)?.mode ?? '');
      for (const check of checks) {
        if (check.scope === 'table' && check.test === 'change_kind_missed') {
          expect(mode?.captures[check.kind ?? 'inserts'].value, rule).toBe('no');
        }
      }
    }
  });

  it('has a ranking policy in the documented order', () => {
    expect(RANKING_POLICY.map((c) => c.id)).toEqual([
      'eligible',
      'known_misses',
      'misses',
      'events',
      'robustness',
      'catalogue_order',
    ]);
  });
});
