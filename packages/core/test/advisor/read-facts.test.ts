/**
 * The facts of valid traits are read in the same pass that checks them (`readFactsIfValid`,
 * what `chooseMode`, `recommend` and `recommendSummary` run): whenever that pass says valid, the
 * validator agrees and the facts are those `readFacts` reads from the validated traits; when it is
 * not sure, `readValidFacts` gives the validator's own answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_RUNS, hostileName } from '../../../../test/support/hostile-names.js';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { kindsWith } from '../../src/advisor/facts/kind-set.js';
import { readFacts, readFactsIfValid } from '../../src/advisor/facts/table-facts.js';
import { readValidFacts } from '../../src/advisor/facts/valid-facts.js';
import { validateTableTraits } from '../../src/advisor/traits/validate.js';
import { largeTraitsArb, nearTraitsArb, traitsArb } from './traits-arbitrary.js';

/** What a caller's object may be beyond JSON: undefined values, inherited keys, many columns. */
const unusualArb: fc.Arbitrary<unknown> = fc.oneof(
  traitsArb.map((t) => ({ ...t, rows: undefined })),
  traitsArb.map((t) => ({
    ...t,
    columns: (t.columns ?? []).map((c) => ({ ...c, type: undefined })),
  })),
  traitsArb.map((t) => Object.assign(Object.create({ rows: 5 }), t)),
  traitsArb.map((t) => Object.assign(Object.create({ extra: 1 }), t)),
  traitsArb.map((t) => ({
    ...t,
    columns: Array.from({ length: 40 }, (_, i) => ({ name: `c${i}`, type: 'integer' })),
  })),
  traitsArb.map((t) => ({ ...t, changes: undefined, change_tracking: undefined })),
);

describe('readFactsIfValid', () => {
  it('reads every valid traits record of up to 32 columns, as readFacts reads it', () => {
    fc.assert(
      fc.property(traitsArb, fc.option(fc.double({ min: 1, max: 1e4, noNaN: true })), (traits, freq) => {
        const f = freq ?? undefined;
        expect(validateTableTraits(traits).ok).toBe(true);
        expect(readFactsIfValid(traits, f)).toEqual(readFacts(traits, f));
      }),
      propertyRuns(3000),
    );
  });

  it('says valid only when the validator does, with readFacts facts', () => {
    fc.assert(
      fc.property(fc.oneof(nearTraitsArb, unusualArb, largeTraitsArb), (input) => {
        const facts = readFactsIfValid(input);
        const valid = validateTableTraits(input);
        if (facts !== undefined) {
          expect(valid.ok).toBe(true);
          expect(facts).toEqual(readFacts(input as never));
        }
        const read = readValidFacts(input);
        if (valid.ok) expect(read).toEqual({ ok: true, value: readFacts(valid.value) });
        else expect(read).toEqual(valid);
      }),
      propertyRuns(5000),
    );
  });

  it('keeps hostile column names as they are, and refuses a name listed twice', () => {
    fc.assert(
      fc.property(fc.uniqueArray(hostileName(60), { maxLength: 12 }), (names) => {
        const traits = { columns: names.map((name) => ({ name, type: 'integer' })) };
        const valid = validateTableTraits(traits);
        const facts = readFactsIfValid(traits);
        expect(facts !== undefined).toBe(valid.ok);
        if (facts !== undefined) expect(facts.columns?.map((c) => c.name)).toEqual(names);
      }),
      { seed: 42, numRuns: HOSTILE_RUNS },
    );
    const twice = { columns: [{ name: 'a"b' }, { name: 'a"b' }] };
    expect(readFactsIfValid(twice)).toBeUndefined();
    expect(readValidFacts(twice)).toEqual(validateTableTraits(twice));
  });

  it('reads what the validator checks: enumerable keys, not a getter on a prototype', () => {
    class Column {
      name = 'id';
      get nullable(): boolean {
        return false;
      }
    }
    const traits = { columns: [new Column()] };
    expect(validateTableTraits(traits).ok).toBe(true);
    expect(readValidFacts(traits)).toMatchObject({ ok: true, value: { columns: [{ nullable: 'unknown' }] } });
  });

  it('sets the kinds of change the table has, and may have, from every kind of change it answers', () => {
    fc.assert(
      fc.property(traitsArb, (traits) => {
        const facts = readFacts(traits);
        expect(facts.kindsYes).toBe(kindsWith(facts.has, 'yes'));
        expect(facts.kindsUnknown).toBe(kindsWith(facts.has, 'unknown'));
      }),
      propertyRuns(1000),
    );
  });

  it('gives the validator issue for an input whose getter throws, never a throw', () => {
    const traits = {
      get rows(): number {
        throw new Error('no');
      },
    };
    const read = readValidFacts(traits);
    expect(read.ok).toBe(false);
    expect(read.ok ? [] : read.issues.map((i) => i.code)).toEqual(['unreadable_input']);
  });
});
