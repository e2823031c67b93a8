/**
 * Property-based tests of validation and normalisation, over bodies generated from the catalogue
 * (`arbitraries.ts`). Seeded: a failure reproduces; counterexamples are kept in `fixtures.test.ts`.
 */
import {
  formatPath,
  ISSUE_CODES,
  type Issue,
  type IssueCode,
  normalizeQueryModeBody,
  type Result,
  validateQueryModeBody,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/support/property-runs.js';
import {
  anyJsonArb,
  buildHostile,
  hostileCaseArb,
  lenientBodyArb,
  MUTATIONS,
  type Mutation,
  mutatedBodyArb,
  type Path,
  validBodyArb,
} from './arbitraries.js';

const SEED = 42;
const runs = (numRuns: number) => propertyRuns(numRuns, SEED);

/** The code an issue at the mutated path must have, per mutation kind. */
const EXPECTED_CODE: { readonly [M in Mutation]: IssueCode } = {
  drop_required: 'missing_field',
  wrong_type: 'invalid_type',
  unknown_key: 'unknown_field',
  misspelled_key: 'unknown_field',
  foreign_field: 'field_not_in_mode',
  historical_without_unique: 'missing_field',
  bad_delay: 'invalid_milliseconds',
  bad_column_name: 'invalid_column_name',
  bad_mode: 'invalid_mode',
};

const samePath = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean =>
  a.length === b.length && a.every((k, i) => k === b[i]);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A structural snapshot of a value as a string: own keys (any name, `__proto__` included), their
 * enumerability, values, prototypes and frozenness. A string, so that comparing two snapshots of
 * deeply nested input needs no recursion.
 */
function snapshot(v: unknown): string {
  if (typeof v !== 'object' || v === null) {
    return typeof v === 'number' && Object.is(v, -0) ? '-0' : `${typeof v}:${String(v)}`;
  }
  const proto = Object.getPrototypeOf(v);
  const kind =
    proto === null
      ? 'null'
      : proto === Object.prototype
        ? 'object'
        : proto === Array.prototype
          ? 'array'
          : 'other';
  const entries = Reflect.ownKeys(v).map((k) => {
    const d = Object.getOwnPropertyDescriptor(v, k) as PropertyDescriptor;
    return `${JSON.stringify(String(k))}${d.enumerable ? '' : '(hidden)'}=${'value' in d ? snapshot(d.value) : 'accessor'}`;
  });
  return `${kind}${Object.isFrozen(v) ? '(frozen)' : ''}{${entries.join(',')}}`;
}

/** A result is either a value or a non-empty list of well-formed, bounded issues. */
function expectWellFormed(result: Result<unknown>): void {
  if (result.ok) return;
  expect(result.issues.length).toBeGreaterThan(0);
  for (const issue of result.issues) {
    expect(ISSUE_CODES).toContain(issue.code);
    expect(Array.isArray(issue.path)).toBe(true);
    expect(typeof issue.message).toBe('string');
    expect(issue.message.length).toBeLessThan(2_000);
  }
}

/** A successful value is fresh plain data: plain objects, data properties, primitive leaves. */
function expectFreshPlain(value: unknown, input: unknown): void {
  expect(isPlainObject(value)).toBe(true);
  expect(value).not.toBe(input);
  const config = (value as { config: unknown }).config;
  expect(isPlainObject(config)).toBe(true);
  if (typeof input === 'object' && input !== null) {
    expect(config).not.toBe((input as { config?: unknown }).config);
  }
  expect(Object.keys(value as object)).toEqual(['config']);
  for (const key of Reflect.ownKeys(config as object)) {
    const d = Object.getOwnPropertyDescriptor(config, key) as PropertyDescriptor;
    expect(typeof key).toBe('string');
    expect('value' in d && d.enumerable && d.writable).toBe(true);
    expect(['string', 'boolean']).toContain(typeof d.value);
  }
}

describe('valid bodies (generated from the catalogue)', () => {
  it('validate, and the value deep-equals the input', () => {
    fc.assert(
      fc.property(validBodyArb(), (body) => {
        const r = validateQueryModeBody(body);
        expect(r).toEqual({ ok: true, value: body });
      }),
      runs(5_000),
    );
  });

  it('survive a JSON round trip unchanged', () => {
    fc.assert(
      fc.property(validBodyArb(), (body) => {
        const wire = JSON.parse(JSON.stringify(body));
        const r = validateQueryModeBody(wire);
        expect(r).toEqual({ ok: true, value: body });
        if (r.ok) expect(JSON.parse(JSON.stringify(r.value))).toEqual(body);
      }),
      runs(3_000),
    );
  });

  it('come back as a fresh plain object, and the input is not mutated', () => {
    fc.assert(
      fc.property(validBodyArb(), (body) => {
        const before = snapshot(body);
        const r = validateQueryModeBody(body);
        expect(snapshot(body) === before).toBe(true);
        expect(r.ok).toBe(true);
        if (r.ok) {
          expectFreshPlain(r.value, body);
          // Changing the value changes nothing in the input.
          (r.value.config as Record<string, unknown>).mode = 'changed';
          expect(snapshot(body) === before).toBe(true);
        }
      }),
      runs(2_000),
    );
  });
});

describe('single mutations of valid bodies', () => {
  it('every mutation kind is generated', () => {
    const seen = new Set(fc.sample(mutatedBodyArb(), { seed: SEED, numRuns: 500 }).map((m) => m.mutation));
    expect([...seen].sort()).toEqual([...MUTATIONS].sort());
  });

  it('fail with an issue of the right code at the mutated path, and only there', () => {
    fc.assert(
      fc.property(mutatedBodyArb(), ({ body, mutation, path, replaced }) => {
        const r = validateQueryModeBody(body);
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expectWellFormed(r);
        const at = r.issues.filter((i) => samePath(i.path, path));
        expect(at.map((i) => i.code)).toContain(EXPECTED_CODE[mutation]);
        // A renamed key may also leave its original key missing; nothing else is reported.
        const original: Path | undefined =
          replaced === undefined ? undefined : [...path.slice(0, -1), replaced];
        for (const issue of r.issues) {
          expect(
            samePath(issue.path, path) || (original !== undefined && samePath(issue.path, original)),
          ).toBe(true);
        }
        const issue = at.find((i) => i.code === EXPECTED_CODE[mutation]) as Issue;
        expect(issue.message).toContain(`\`${formatPath(path)}\``);
        if (mutation === 'misspelled_key') {
          expect(issue).toMatchObject({
            suggestion: path.length === 1 ? replaced : `config.${replaced}`,
          });
        }
        if (mutation === 'historical_without_unique') {
          expect(issue).toHaveProperty('condition');
        }
      }),
      runs(10_000),
    );
  });

  it('survive a JSON round trip with the same issues', () => {
    fc.assert(
      fc.property(mutatedBodyArb(), ({ body }) => {
        const wire = JSON.parse(JSON.stringify(body) ?? 'null');
        // `-0` and non-finite numbers are the only values JSON changes; both are wrong types anyway.
        const a = validateQueryModeBody(body);
        const b = validateQueryModeBody(wire);
        expect(b.ok).toBe(a.ok);
        if (!a.ok && !b.ok) {
          expect(b.issues.map((i) => [i.code, i.path])).toEqual(a.issues.map((i) => [i.code, i.path]));
        }
      }),
      runs(2_000),
    );
  });

  it('do not mutate the input', () => {
    fc.assert(
      fc.property(mutatedBodyArb(), ({ body }) => {
        const before = snapshot(body);
        validateQueryModeBody(body);
        normalizeQueryModeBody(body);
        expect(snapshot(body) === before).toBe(true);
      }),
      runs(2_000),
    );
  });
});

describe('any input', () => {
  it('never throws on junk JSON, gives well-formed issues, and does not mutate it', () => {
    fc.assert(
      fc.property(anyJsonArb(), (input) => {
        const before = snapshot(input);
        const r = validateQueryModeBody(input);
        expectWellFormed(r);
        if (r.ok) expectFreshPlain(r.value, input);
        expect(snapshot(input) === before).toBe(true);
      }),
      runs(2_000),
    );
  });

  it('never throws on hostile objects (proxies, getters, frozen, null prototypes)', () => {
    fc.assert(
      fc.property(hostileCaseArb(), (c) => {
        const r = validateQueryModeBody(buildHostile(c));
        expectWellFormed(r);
        if (r.ok) {
          // Whatever the input did while being read, a success is plain, valid data.
          expectFreshPlain(r.value, undefined);
          expect(validateQueryModeBody(r.value)).toEqual(r);
        }
        const n = normalizeQueryModeBody(buildHostile(c));
        if (n.ok) expect(validateQueryModeBody(n.value)).toEqual({ ok: true, value: n.value });
      }),
      runs(3_000),
    );
  });

  it('gives the same result for a frozen copy as for the original', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          validBodyArb(),
          mutatedBodyArb().map((m) => m.body),
        ),
        (body) => {
          const frozen = buildHostile({ base: body, kind: 'frozen', at: [], trap: 'get' });
          expect(validateQueryModeBody(frozen)).toEqual(validateQueryModeBody(body));
        },
      ),
      runs(2_000),
    );
  });
});

describe('normalizeQueryModeBody', () => {
  it('returns a valid body unchanged, with no warnings', () => {
    fc.assert(
      fc.property(validBodyArb(), (body) => {
        expect(normalizeQueryModeBody(body)).toEqual({ ok: true, value: body, warnings: [] });
      }),
      runs(2_000),
    );
  });

  it('turns every lenient spelling into the canonical body, with one warning per change', () => {
    fc.assert(
      fc.property(lenientBodyArb(), ({ input, expected, warnings }) => {
        const before = snapshot(input);
        const r = normalizeQueryModeBody(input);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value).toEqual(expected);
        expect(r.warnings.map((w) => w.code).sort()).toEqual([...warnings].sort());
        expect(snapshot(input) === before).toBe(true);
      }),
      runs(3_000),
    );
  });

  it('whatever it accepts passes strict validation', () => {
    const anyInput = fc.oneof(
      anyJsonArb(),
      mutatedBodyArb().map((m) => m.body),
      lenientBodyArb().map((l) => l.input),
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = normalizeQueryModeBody(input);
        if (r.ok) {
          expect(validateQueryModeBody(r.value)).toEqual({ ok: true, value: r.value });
          expectFreshPlain(r.value, input);
        } else {
          expectWellFormed(r);
        }
      }),
      runs(3_000),
    );
  });
});
