import { CHECKS, MODES, type QueryMode, ruleRemedies, SOURCE_KINDS } from '@querymode/core';
import { describe, expect, it } from 'vitest';

const sqlOf = (mode: QueryMode, source?: (typeof SOURCE_KINDS)[number]) =>
  ruleRemedies(mode, source)
    .map((r) => r.sql ?? '')
    .join(' ');

describe('ruleRemedies (querymode explain)', () => {
  for (const mode of MODES) {
    it(`gives each check of ${mode.id} its remedy, in words or in the dialect of the source`, () => {
      for (const source of [undefined, ...SOURCE_KINDS]) {
        const remedies = ruleRemedies(mode.id as QueryMode, source);
        expect(remedies.length).toBeGreaterThan(0);
        for (const r of remedies) {
          expect(
            CHECKS.some((c) => c.id === r.check && c.rule === r.rule),
            r.check,
          ).toBe(true);
          expect(r.action.length).toBeGreaterThan(10);
          if (source === undefined || source === 'crm' || source === 'other') expect(r.sql).toBeNull();
        }
      }
    });
  }

  it('gives the remedies in words for a source that is not a known kind (untyped callers)', () => {
    const inWords = JSON.stringify(ruleRemedies('timestamp'));
    for (const odd of [Object.create(null), {}, 'toString', '__proto__', 'constructor', 42, null])
      expect(JSON.stringify(ruleRemedies('timestamp', odd as never))).toBe(inWords);
  });

  it('speaks the dialect of the source', () => {
    expect(sqlOf('timestamp', 'mysql')).toContain('ON UPDATE CURRENT_TIMESTAMP(6)');
    expect(sqlOf('timestamp', 'postgresql')).toContain('CREATE TRIGGER');
    expect(sqlOf('timestamp', 'sqlserver')).toContain('SYSUTCDATETIME()');
  });

  it('gives the change-tracking SQL of SQL Server, and none for a source without the feature', () => {
    expect(sqlOf('change_tracking', 'sqlserver')).toContain('ENABLE CHANGE_TRACKING');
    const pg = ruleRemedies('change_tracking', 'postgresql');
    expect(JSON.stringify(pg)).not.toMatch(/CHANGE_TRACKING|sys\./);
    expect(pg[0]?.action).toMatch(/PostgreSQL has no such feature/);
  });

  it('returns nothing for a string that is not a mode', () => {
    expect(ruleRemedies('nope' as QueryMode)).toEqual([]);
  });
});
