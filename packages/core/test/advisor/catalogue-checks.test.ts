/**
 * The index of checks agrees with the catalogue, and each check's strength and source agree
 * with the words they rest on.
 */
import {
  CHECKS,
  citeRule,
  GENERAL_CHECKS,
  GENERAL_RULES,
  getMode,
  MODES,
  RULE_CHECKS,
  RULES,
  UNCHECKED_RULES,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';

/** Every text of the catalogue that comes from the spec: the spec's words as the catalogue keeps them. */
const SPEC_TEXTS: readonly string[] = MODES.flatMap((m) => [
  m.summary,
  ...m.rules.filter((r) => r.source === 'spec').map((r) => r.text),
  ...m.fields.map((f) => f.meaning),
]);

/** Spec sentences the catalogue words differently, so that they read alone: the catalogue's wording. */
const CATALOGUE_WORDING: Readonly<Record<string, string>> = {
  'The feature must be enabled on the tracked objects, using a SQL client, before the mode is selected.':
    'The change-tracking feature must be enabled on the tracked objects, using a SQL client, before the mode is selected.',
};

/** The quoted sentences of a quote: each `"..."` part, or the whole quote. */
const sentences = (quote: string): string[] => {
  const parts = [...quote.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
  return parts.length > 0 ? parts : [quote];
};

describe('the index of checks agrees with the catalogue', () => {
  it('keys rule checks by catalogue rules, general checks by general rules or caller options', () => {
    for (const rule of Object.keys(RULE_CHECKS)) expect(RULES.has(rule), rule).toBe(true);
    const general = new Set<string>(GENERAL_RULES.map((r) => r.id));
    for (const rule of Object.keys(GENERAL_CHECKS))
      expect(general.has(rule) || rule.startsWith('option.'), rule).toBe(true);
  });

  it('checks every catalogue rule, or says why not', () => {
    for (const rule of [...RULES.keys(), ...GENERAL_RULES.map((r) => r.id)]) {
      const checked = RULE_CHECKS[rule] !== undefined || GENERAL_CHECKS[rule] !== undefined;
      expect(checked || UNCHECKED_RULES[rule] !== undefined, rule).toBe(true);
      expect(checked && UNCHECKED_RULES[rule] !== undefined, `${rule} is both checked and unchecked`).toBe(
        false,
      );
    }
  });

  it('gives every check a unique id, and the rule it is indexed under', () => {
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
    for (const [rule, checks] of [...Object.entries(RULE_CHECKS), ...Object.entries(GENERAL_CHECKS)])
      for (const check of checks) expect(check.rule, check.id).toBe(rule);
  });

  it("applies a rule's column checks to a column-name field of the rule's own mode", () => {
    for (const [rule, checks] of Object.entries(RULE_CHECKS)) {
      const mode = getMode(RULES.get(rule)?.mode ?? '');
      for (const check of checks) {
        if (check.scope !== 'column') continue;
        const fields = mode?.fields.filter((f) => check.appliesTo(f)) ?? [];
        expect(fields.length, check.id).toBeGreaterThan(0);
        for (const f of fields) expect(f.kind, check.id).toBe('column_name');
      }
    }
  });

  it('checks NULLs exactly where the catalogue says the column must not be NULL', () => {
    for (const mode of MODES) {
      for (const field of mode.fields) {
        if (field.kind !== 'column_name') continue;
        const notNull = mode.rules.flatMap((r) =>
          (RULE_CHECKS[r.id] ?? []).filter(
            (c) => c.scope === 'column' && c.id.endsWith('column_not_null') && c.appliesTo(field),
          ),
        );
        expect(notNull.length, `${mode.id}.${field.name}`).toBe(
          field.column?.nulls === 'must_not_be_null' ? 1 : 0,
        );
      }
    }
  });
});

describe('strength and source follow the words', () => {
  it("quotes the spec's own words in every spec source", () => {
    for (const check of CHECKS) {
      if (check.source.kind !== 'spec') continue;
      for (const quoted of sentences(check.source.quote)) {
        const sentence = CATALOGUE_WORDING[quoted] ?? quoted;
        expect(
          SPEC_TEXTS.some((t) => t.includes(sentence) || sentence.includes(t)),
          `${check.id}: "${sentence}"`,
        ).toBe(true);
      }
    }
  });

  it('makes a spec rule hard exactly when its words are "must" or "usable only when"', () => {
    for (const check of CHECKS) {
      if (check.source.kind !== 'spec') continue;
      const binding = /\bmust\b|usable only when/i.test(check.source.quote);
      expect(check.strength, check.id).toBe(binding ? 'hard' : 'advice');
    }
  });

  it("labels a hard rule on the service's descriptive words as querymode's reading, quoting them", () => {
    // "Column with unique values. Needed when historical loading is enabled." describes the column
    // and makes the field needed; that the column must be unique is querymode's reading.
    const unique = CHECKS.find((c) => c.id === 'change_tracking.unique_column');
    expect(unique?.strength).toBe('hard');
    expect(unique?.source.kind).toBe('inference');
    const statement = unique?.source.kind === 'inference' ? unique.source.statement : '';
    expect(statement).toContain('"Column with unique values. Needed when historical loading is enabled."');
    expect(statement).toMatch(/querymode's reading/);
    expect(citeRule(unique?.rule)).toMatch(/as a rule by querymode's reading/);
    // The same for the rules that a named column exists: the fields are described as columns.
    for (const check of CHECKS.filter((c) => c.rule.startsWith('column.') && c.strength === 'hard'))
      expect(check.source.kind, check.id).not.toBe('spec');
  });

  it('gives every documented source an address', () => {
    for (const check of CHECKS)
      if (check.source.kind === 'documented') expect(check.source.address, check.id).toMatch(/^https:\/\//);
  });

  it('makes every capture condition advice: its effect goes through capture safety', () => {
    for (const check of CHECKS)
      if (check.captures !== undefined) expect(check.strength, check.id).toBe('advice');
  });
});
