/**
 * `firstRanked` (what `chooseMode` uses) finds the first of `rank`'s order without ranking the
 * others: over generated tables and options, under both unknown-events policies, it is the same
 * evaluation as `rank(...)[0]`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { evaluateFilled } from '../../src/advisor/evaluate/candidate.js';
import { Tally } from '../../src/advisor/evaluate/sink.js';
import { firstRanked, rank } from '../../src/advisor/ranking/rank.js';
import { MODE_CHECKS } from '../../src/advisor/rules/mode-checks.js';
import { readInputs } from './read-inputs.js';
import { largeTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

describe('firstRanked', () => {
  it('is the first of rank, under both unknown-events policies', () => {
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
        const inputs = readInputs(traits, options);
        if (inputs === undefined) return;
        const { facts, options: o } = inputs;
        const evaluations = MODE_CHECKS.map((checks) => evaluateFilled(checks, facts, o, new Tally()));
        for (const policy of ['break_even', 'last'] as const)
          expect(firstRanked(evaluations, policy)).toBe(rank(evaluations, policy)[0]?.evaluation);
      }),
      propertyRuns(1500, 7),
    );
  });
});
