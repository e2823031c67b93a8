import { GENERAL_RULES, MODES, type QueryMode, RULES, ruleRemedies, SOURCE_KINDS } from '@querymode/core';
import { describe, expect, it } from 'vitest';

const generalIds: ReadonlySet<string> = new Set(GENERAL_RULES.map((r) => r.id));

describe('ruleRemedies', () => {
  for (const mode of MODES) {
    it(`gives concrete remedies for ${mode.id}, each for a rule of the catalogue`, () => {
      for (const source of [undefined, ...SOURCE_KINDS]) {
        const remedies = ruleRemedies(mode.id as QueryMode, source);
        expect(remedies.length).toBeGreaterThan(0);
        for (const r of remedies) {
          expect(RULES.get(r.rule)?.mode === mode.id || generalIds.has(r.rule), r.rule).toBe(true);
          expect(r.remedy.length).toBeGreaterThan(10);
        }
      }
    });
  }

  it('speaks the dialect of the source', () => {
    const mysql = ruleRemedies('timestamp', 'mysql')
      .map((r) => r.remedy)
      .join(' ');
    const pg = ruleRemedies('timestamp', 'postgresql')
      .map((r) => r.remedy)
      .join(' ');
    expect(mysql).toContain('ON UPDATE CURRENT_TIMESTAMP');
    expect(pg).toContain('CREATE TRIGGER');
  });

  it('gives the change-tracking SQL of the domain facts', () => {
    const text = ruleRemedies('change_tracking', 'sqlserver')
      .map((r) => r.remedy)
      .join(' ');
    expect(text).toContain('ENABLE CHANGE_TRACKING');
    expect(text).toContain('SET CHANGE_TRACKING');
  });
});
