/**
 * Over generated tables and options, under both unknown-events policies, `compare` (each key read
 * only when the ones before tie) is the order of every criterion's key worked out beforehand. What
 * `chooseMode` uses, `adviseVerdict`, leaves unevaluated the modes whose floor ranks after the
 * best so far: a mode ahead of another's floor is ahead of its evaluation, and the verdict is
 * the one of every mode ranked (`rankAdvice(advise(...))`, the oracle).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { type Evaluation, evaluateFilled } from '../../src/advisor/evaluate/candidate.js';
import { Tally } from '../../src/advisor/evaluate/sink.js';
import type { TableFacts } from '../../src/advisor/facts/table-facts.js';
import { Floor } from '../../src/advisor/ranking/floor.js';
import { compare, RANKING_POLICY } from '../../src/advisor/ranking/policy.js';
import { type Bounds, Contender, rank, wholeTableRead } from '../../src/advisor/ranking/rank.js';
import { advise, adviseVerdict, awaitsFacts, rankAdvice } from '../../src/advisor/recommend/advise.js';
import type { ResolvedOptions } from '../../src/advisor/recommend/options.js';
import { MODE_CHECKS } from '../../src/advisor/rules/mode-checks.js';
import { readInputs } from './read-inputs.js';
import { largeTraitsArb, nearTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

/** A property over generated tables and options (the valid ones), given every mode's evaluation. */
const overEveryMode = (test: (evaluations: Evaluation[], facts: TableFacts, o: ResolvedOptions) => void) =>
  fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
    const inputs = readInputs(traits, options);
    if (inputs === undefined) return;
    const { facts, options: o } = inputs;
    test(
      MODE_CHECKS.map((checks) => evaluateFilled(checks, inputs, new Tally())),
      facts,
      o,
    );
  });

/** The bounds of a table whose every mode is evaluated. */
const boundsOf = (evaluations: readonly Evaluation[], policy: Bounds['policy']): Bounds => {
  const whole = wholeTableRead(evaluations);
  return { policy, wholeTableRead: () => whole };
};

/** The oracle: every criterion's key worked out beforehand, compared in order. */
const eagerOrder = (a: Contender, b: Contender): number => {
  const x = RANKING_POLICY.map((c) => c.key(a));
  const y = RANKING_POLICY.map((c) => c.key(b));
  const i = x.findIndex((k, j) => k !== y[j]);
  return i < 0 ? 0 : (x[i] as number) < (y[i] as number) ? -1 : 1;
};

describe('compare', () => {
  it('is the order of the keys worked out beforehand, over every pair of modes, under both policies', () => {
    fc.assert(
      overEveryMode((evaluations) => {
        for (const policy of ['break_even', 'last'] as const) {
          const bounds = boundsOf(evaluations, policy);
          const ranked = rank(evaluations, policy);
          for (const a of ranked)
            for (const b of ranked)
              expect(compare(new Contender(a.evaluation, bounds), new Contender(b.evaluation, bounds))).toBe(
                eagerOrder(a, b),
              );
        }
      }),
      propertyRuns(1000, 11),
    );
  });
});

describe('the floor of a mode', () => {
  it('ranks a mode before its evaluation whenever it ranks it before the floor, under both policies, and the status stands', () => {
    let decided = 0;
    fc.assert(
      overEveryMode((evaluations, facts, o) => {
        for (const policy of ['break_even', 'last'] as const) {
          const bounds = boundsOf(evaluations, policy);
          for (const a of evaluations)
            for (const b of evaluations) {
              if (a === b) continue;
              const contender = new Contender(a, bounds);
              const floor = new Floor(b.checks, { ...bounds, facts, options: o });
              if (compare(contender, floor) >= 0) continue;
              decided++;
              expect(compare(contender, new Contender(b, bounds))).toBeLessThan(0);
              // Nor does the mode left unevaluated change the status.
              expect(a.recommendable || !(b.recommendable || awaitsFacts(b))).toBe(true);
            }
        }
      }),
      propertyRuns(1500, 23),
    );
    expect(decided).toBeGreaterThan(0);
  });
});

describe('adviseVerdict', () => {
  it('gives the verdict of every mode evaluated: the same best mode and status', () => {
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb, nearTraitsArb), optionsArb, (traits, options) => {
        const all = advise(traits, options, () => new Tally());
        const lazy = adviseVerdict(traits, options);
        expect(lazy.ok).toBe(all.ok);
        if (!all.ok || !lazy.ok) {
          expect(lazy).toEqual(all);
          return;
        }
        // The oracle: every mode evaluated and ranked.
        const expected = rankAdvice(all.value);
        expect(lazy.value.status).toBe(expected.status);
        expect(lazy.value.best?.checks).toBe(expected.best?.checks);
        expect(JSON.stringify(lazy.value.best?.capture)).toBe(JSON.stringify(expected.best?.capture));
        expect(lazy.value.best?.countEvents()).toEqual(expected.best?.countEvents());
      }),
      propertyRuns(1500, 29),
    );
  });
});
