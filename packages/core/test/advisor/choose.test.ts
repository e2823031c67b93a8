import { chooseMode, recommend } from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largeTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

describe('chooseMode', () => {
  it('makes the same choice as recommend: mode, body, events, misses, warnings', () => {
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
        const full = recommend(traits, options);
        const choice = chooseMode(traits, options);
        expect(choice.chosen).toBe(full.chosen);
        expect(choice.body).toEqual(full.body);
        const best = full.candidates.find((c) => c.mode === full.chosen);
        expect(choice.events).toBe(best ? best.events.events : null);
        expect(choice.misses).toEqual(best ? best.misses : []);
        expect(choice.warnings).toBe(best ? best.findings.filter((f) => f.severity === 'warning').length : 0);
      }),
      { seed: 42, numRuns: 1500 },
    );
  });
});
