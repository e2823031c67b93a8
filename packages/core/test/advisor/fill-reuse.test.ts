/**
 * The fill scores every column check of a field for the column it chooses; a resolution whose
 * checks all hold (`allHold`) is not checked again by `runChecks`. Over generated tables and
 * options: such a column passes every applicable column check, and every mode's outcomes, in
 * their order, are those of running every check again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { evaluateFilled } from '../../src/advisor/evaluate/candidate.js';
import { runChecks } from '../../src/advisor/evaluate/run-checks.js';
import { Collector } from '../../src/advisor/evaluate/sink.js';
import { MODE_CHECKS } from '../../src/advisor/rules/mode-checks.js';
import { readInputs } from './read-inputs.js';
import { largeTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

describe('the fill’s verdicts reused by runChecks', () => {
  it('a column whose checks all hold passes each of them, and the outcomes are those of every check run again', () => {
    let reused = 0;
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
        const inputs = readInputs(traits, options);
        if (inputs === undefined) return;
        const { facts, options: o } = inputs;
        for (const checks of MODE_CHECKS) {
          const e = evaluateFilled(checks, inputs, new Collector());
          const resolutions = e.filled?.resolutions ?? [];
          for (const r of resolutions) {
            if (r.allHold !== true || r.column === undefined) continue;
            reused++;
            for (const check of r.field.column)
              if (check.applies === undefined || check.applies(facts))
                expect(check.verdict(r.column, facts)).toBe('yes');
          }
          const again = new Collector();
          const everyCheck = resolutions.map((r) => ({ ...r, allHold: false }));
          const table = { facts, mode: checks.mode, config: o.fieldValues ?? {}, options: o };
          runChecks(checks, table, everyCheck, again);
          expect(e.sink.outcomes).toEqual(again.outcomes);
        }
      }),
      propertyRuns(1000, 11),
    );
    expect(reused).toBeGreaterThan(0);
  });
});
