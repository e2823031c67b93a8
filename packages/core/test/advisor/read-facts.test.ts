/**
 * The facts of valid traits are read in the same pass that checks them (`readFactsIfValid`,
 * what `chooseMode`, `recommend` and `recommendSummary` run): whenever that pass says valid, the
 * validator agrees and the facts are those `readFacts` reads from the validated traits; when it is
 * not sure, `readValidFacts` gives the validator's own answer. The lenient reader is the oracle:
 * `readFacts` reads with the strict one first, and must read every record as the lenient one does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_RUNS, hostileName } from '../../../../test/support/hostile-names.js';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { readTableFactsLenient } from '../../src/advisor/facts/generated/read-facts.js';
import { kindsWith } from '../../src/advisor/facts/kind-set.js';
import { readFacts, readFactsIfValid, readValidFacts } from '../../src/advisor/facts/valid-facts.js';
import { CHANGE_TRACKING_TRAIT_FIELDS, CHANGE_TRAIT_FIELDS } from '../../src/advisor/traits/model.js';
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

/** The facts the lenient reader reads from any record: the oracle of the strict reader's. */
const lenient = (input: unknown, frequencyMinutes?: number) => readTableFactsLenient(input, frequencyMinutes);

/**
 * readFactsIfValid says valid only when the validator does, with the lenient reader's facts;
 * readValidFacts gives the validator's answer; readFacts reads every record as the lenient reader does.
 */
function agrees(input: unknown): void {
  const facts = readFactsIfValid(input);
  const valid = validateTableTraits(input);
  if (facts !== undefined) {
    expect(valid.ok).toBe(true);
    expect(facts).toEqual(lenient(input));
  }
  const read = readValidFacts(input);
  if (valid.ok) expect(read).toEqual({ ok: true, value: lenient(valid.value) });
  else expect(read).toEqual(valid);
  expect(readFacts(input as never)).toEqual(lenient(input));
}

describe('readFactsIfValid', () => {
  it('reads every valid traits record of up to 32 columns, as the lenient reader reads it', () => {
    fc.assert(
      fc.property(traitsArb, fc.option(fc.double({ min: 1, max: 1e4, noNaN: true })), (traits, freq) => {
        const f = freq ?? undefined;
        expect(validateTableTraits(traits).ok).toBe(true);
        expect(readFactsIfValid(traits, f)).toEqual(lenient(traits, f));
        expect(readFacts(traits, f)).toEqual(lenient(traits, f));
      }),
      propertyRuns(3000),
    );
  });

  it('says valid only when the validator does, with the facts of the lenient reader', () => {
    fc.assert(fc.property(fc.oneof(nearTraitsArb, unusualArb, largeTraitsArb), agrees), propertyRuns(5000));
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

  it('finds a name listed twice among names alike in length and last character, hostile ones too', () => {
    // Names that share their length and last character (the reader's first, cheap test of a
    // repeat), and names with quotes, backslashes, newlines and a bidi control.
    const pool = ['ab', 'cb', 'a"b', 'a\\b', 'x\nb', '\u202eb', '$$b', 'b', 'id', 'a b', 'é', 'éb'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pool), { maxLength: 12 }), (names) => {
        const traits = { columns: names.map((name) => ({ name, type: 'integer' })) };
        const valid = validateTableTraits(traits);
        const facts = readFactsIfValid(traits);
        expect(facts !== undefined).toBe(valid.ok);
        expect(valid.ok).toBe(new Set(names).size === names.length);
        if (facts !== undefined) expect(facts).toEqual(lenient(traits));
      }),
      propertyRuns(2000),
    );
    for (const names of [
      ['ab', 'cb', 'ab'],
      ['a"b', 'x"b', 'a"b'],
      ['\u202eb', '\u202eb'],
    ]) {
      const traits = { columns: names.map((name) => ({ name })) };
      expect(readFactsIfValid(traits)).toBeUndefined();
      expect(readValidFacts(traits)).toEqual(validateTableTraits(traits));
    }
  });

  it('checks changes and change_tracking as the validator does, beyond JSON too', () => {
    const values: unknown[] = [
      'yes',
      'no',
      'unknown',
      'maybe',
      'Yes',
      '',
      0,
      -0,
      -1,
      0.5,
      3,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      false,
      null,
      undefined,
      [],
      {},
      '__proto__',
      'a"b\\\n\u202e',
    ];
    const keys = [
      ...CHANGE_TRAIT_FIELDS.map((f) => f.name),
      ...CHANGE_TRACKING_TRAIT_FIELDS.map((f) => f.name),
      'other',
      '__proto__',
      'toString',
    ];
    // Every key with every value, in each object, as an own key and through JSON text.
    for (const object of ['changes', 'change_tracking'])
      for (const k of keys)
        for (const v of values) {
          agrees({ source: 'postgresql', [object]: { [k]: v } });
          agrees({
            source: 'postgresql',
            [object]: JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(v) ?? 1}}`),
          });
        }
    const value = fc.constantFrom(...values);
    const key = fc.constantFrom(...keys);
    const nestedArb = fc
      .tuple(fc.array(fc.tuple(key, value), { maxLength: 5 }), fc.nat(3))
      .map(([pairs, how]) => {
        const own = Object.fromEntries(pairs);
        if (how === 0) return own;
        // Through JSON text, so that `__proto__` is an own key as JSON.parse makes it (undefined left out).
        if (how === 1) return JSON.parse(JSON.stringify(own));
        // Keys inherited from a prototype, enumerable, as `for...in` sees them.
        if (how === 2) return Object.assign(Object.create(own), { inserts: 'yes' });
        return pairs.length === 0 ? [] : own;
      });
    fc.assert(
      fc.property(traitsArb, nestedArb, nestedArb, (traits, changes, changeTracking) =>
        agrees({ ...traits, changes, change_tracking: changeTracking }),
      ),
      propertyRuns(3000),
    );
    const throwing = {
      changes: {
        get inserts(): string {
          throw new Error('no');
        },
      },
    };
    expect(readValidFacts(throwing)).toEqual(validateTableTraits(throwing));
    expect(readValidFacts({ changes: { inserts: 'yes', observed_days: 0 } })).toEqual(
      validateTableTraits({ changes: { inserts: 'yes', observed_days: 0 } }),
    );
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
