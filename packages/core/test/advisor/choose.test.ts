import { chooseMode, recommend } from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { largeTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

describe('chooseMode', () => {
  it('makes the same choice as recommend: status, mode, body, events, misses, warnings', () => {
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
        const full = recommend(traits, options);
        const choice = chooseMode(traits, options);
        expect(choice.ok).toBe(full.ok);
        if (!full.ok || !choice.ok) return;
        const c = choice.value;
        expect(c.status).toBe(full.value.status);
        expect(c.chosen).toBe(full.value.chosen);
        expect(c.best).toBe(full.value.best);
        expect(c.body).toEqual(full.value.body);
        const chosen = full.value.candidates.find((x) => x.mode === full.value.chosen);
        expect(c.events).toBe(chosen ? chosen.events.billed : null);
        expect(c.misses).toEqual(chosen ? chosen.misses : []);
        expect(c.warnings).toBe(
          chosen
            ? chosen.findings.filter(
                (f) => f.verdict === 'no' && f.strength === 'advice' && f.captures === undefined,
              ).length
            : 0,
        );
      }),
      propertyRuns(1500, 42),
    );
  });
});
