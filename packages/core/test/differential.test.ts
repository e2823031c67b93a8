/**
 * The fast validator against the schema of record: `validateQueryModeBody` and zod's
 * `queryModeBodySchema.safeParse` must accept the same bodies and return the same values, and
 * the field-kind checks must accept the same strings as the patterns the schemas use. The
 * optimised suggestion search is held to its plain definition.
 */
import {
  COLUMN_NAME_PATTERN,
  closest,
  editDistance,
  exampleConfig,
  FIELD_KINDS,
  looseName,
  MILLISECONDS_PATTERN,
  MODES,
  QUERY_MODES,
  validateQueryModeBody,
} from '@querymode/core';
import { documentedQueryModeBodySchema, queryModeBodySchema } from '@querymode/core/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/support/property-runs.js';
import {
  anyJsonArb,
  lenientBodyArb,
  millisecondsArb,
  mutatedBodyArb,
  validBodyArb,
  WHITESPACE,
} from './arbitraries.js';

const SEED = 42;
const runs = (numRuns: number) => propertyRuns(numRuns, SEED);

/** Both validators on one input: the same verdict, and the same value when both accept. */
function expectAgree(input: unknown): void {
  const fast = validateQueryModeBody(input);
  const zod = queryModeBodySchema.safeParse(input);
  expect({ fast: fast.ok, zod: zod.success }).toEqual({ fast: zod.success, zod: zod.success });
  if (fast.ok && zod.success) expect(fast.value).toEqual(zod.data);
}

/** The input as it arrives on the wire: JSON text parsed (own `__proto__` keys stay own keys). */
const wire = (input: unknown): unknown => JSON.parse(JSON.stringify(input) ?? 'null');

describe('validateQueryModeBody agrees with zod (the schema of record)', () => {
  it('on every valid body, with the same value', () => {
    fc.assert(
      fc.property(validBodyArb(), (body) => {
        expectAgree(body);
        expect(queryModeBodySchema.safeParse(body).success).toBe(true);
      }),
      runs(2_000),
    );
  });

  it('on every single mutation of a valid body', () => {
    fc.assert(
      fc.property(mutatedBodyArb(), ({ body }) => {
        expectAgree(body);
        expectAgree(wire(body));
        expect(queryModeBodySchema.safeParse(body).success).toBe(false);
      }),
      runs(3_000),
    );
  });

  it('on junk JSON', () => {
    fc.assert(
      fc.property(anyJsonArb(), (input) => {
        expectAgree(input);
        expectAgree(wire(input));
      }),
      runs(1_000),
    );
  });

  it('on lenient spellings, which both reject unless already canonical', () => {
    fc.assert(
      fc.property(lenientBodyArb(), ({ input }) => expectAgree(input)),
      runs(1_000),
    );
  });
});

/** Whether a value holds an own `__proto__` key anywhere: zod's loose objects do not keep it as data. */
const hasProtoKey = (input: unknown): boolean =>
  typeof input === 'object' &&
  input !== null &&
  (Object.hasOwn(input, '__proto__') || Object.values(input).some(hasProtoKey));

/** Both validators in the documented profile: the same verdict, and the same value when both accept. */
function expectDocumentedAgree(input: unknown): void {
  const fast = validateQueryModeBody(input, { profile: 'documented' });
  const zod = documentedQueryModeBodySchema.safeParse(input);
  expect({ fast: fast.ok, zod: zod.success }).toEqual({ fast: zod.success, zod: zod.success });
  if (fast.ok && zod.success && !hasProtoKey(input)) expect(fast.value).toEqual(zod.data);
}

describe('the documented profile agrees with its zod schema, and accepts every strict body', () => {
  it('on every valid body, with the same value', () => {
    fc.assert(
      fc.property(validBodyArb(), (body) => {
        expectDocumentedAgree(body);
        expect(validateQueryModeBody(body, { profile: 'documented' })).toEqual(validateQueryModeBody(body));
      }),
      runs(1_000),
    );
  });

  it('on every single mutation of a valid body, and on junk JSON', () => {
    fc.assert(
      fc.property(mutatedBodyArb(), ({ body }) => {
        expectDocumentedAgree(body);
        expectDocumentedAgree(wire(body));
      }),
      runs(2_000),
    );
    fc.assert(
      fc.property(anyJsonArb(), (input) => expectDocumentedAgree(wire(input))),
      runs(500),
    );
  });

  it('requires only config, mode, and unique_column_name when historical loading is enabled', () => {
    const documented = (body: unknown) => validateQueryModeBody(body, { profile: 'documented' });
    expect(documented({ config: { mode: 'timestamp' } }).ok).toBe(true);
    expect(documented({ config: { mode: 'change_tracking' } }).ok).toBe(true);
    expect(documented({ config: { mode: 'change_tracking', historical_enabled: true } })).toMatchObject({
      ok: false,
      issues: [{ code: 'missing_field', path: ['config', 'unique_column_name'] }],
    });
    expect(documented({ config: {} })).toMatchObject({ ok: false, issues: [{ code: 'missing_field' }] });
    expect(documented({})).toMatchObject({
      ok: false,
      issues: [{ code: 'missing_field', path: ['config'] }],
    });
    // Other keys are kept as they are; a field of the mode is still checked.
    expect(documented({ config: { mode: 'full_load', note: 'x' }, extra: 1 })).toEqual({
      ok: true,
      value: { config: { mode: 'full_load', note: 'x' }, extra: 1 },
    });
    // A column name is any string in the documented profile; its other values are still checked.
    expect(documented({ config: { mode: 'timestamp', timestamp_column_name: ' ' } }).ok).toBe(true);
    expect(documented({ config: { mode: 'timestamp', timestamp_column_name: 1 } })).toMatchObject({
      ok: false,
      issues: [{ code: 'invalid_type', path: ['config', 'timestamp_column_name'], expected: 'string' }],
    });
    expect(documented({ config: { mode: 'timestamp', timestamp_delay_interval_ms: '1.5' } }).ok).toBe(false);
    expect(validateQueryModeBody({ config: { mode: 'timestamp' } }).ok).toBe(false);
    expect(validateQueryModeBody({}, { profile: 'strcit' as never })).toMatchObject({
      ok: false,
      issues: [{ code: 'invalid_option', path: ['profile'], suggestion: 'strict' }],
    });
  });
});

describe("column names: any string in the documented profile, querymode's own rule in the strict profile", () => {
  /** Names the strict profile refuses (empty, or white space at either end) and the service's documentation allows. */
  const refused: readonly [string, 'empty' | 'surrounding_whitespace'][] = [
    ['', 'empty'],
    [' ', 'surrounding_whitespace'],
    [' id', 'surrounding_whitespace'],
    ['id ', 'surrounding_whitespace'],
    ['\tid', 'surrounding_whitespace'],
    ['id\n', 'surrounding_whitespace'],
    ['\r\nid', 'surrounding_whitespace'],
    ['\u00a0id', 'surrounding_whitespace'],
    ['id\ufeff', 'surrounding_whitespace'],
    ['\u2028id', 'surrounding_whitespace'],
    [' "id"', 'surrounding_whitespace'],
    ["it's ", 'surrounding_whitespace'],
    ['\\ ', 'surrounding_whitespace'],
    [' $$id$$', 'surrounding_whitespace'],
    ['\u202eid ', 'surrounding_whitespace'],
  ];
  /** Names both profiles accept: quotes, backslashes, `$$`, newlines inside, escapes and bidi controls. */
  const accepted = [
    'id',
    'a"b',
    "it's",
    'a\\b',
    '$$id$$',
    'a\nb',
    'a\tb',
    '\u001b[31mred\u001b[0m',
    '\u202eid',
    'id\u202e',
    '\u2066id\u2069',
    '\u200bid',
    "'; DROP TABLE t; --",
  ];
  /** Every column field of every mode, with a body valid in both profiles to put a name into. */
  const targets = MODES.flatMap((mode) =>
    mode.fields
      .filter((f) => f.kind === 'column_name')
      .map((f) => ({ mode: mode.id, field: f.name, config: exampleConfig(mode) })),
  );
  const withName = (t: (typeof targets)[number], name: string) => ({
    config: { ...t.config, [t.field]: name },
  });

  it.each(refused.map(([name, reason]) => [JSON.stringify(name), name, reason] as const))(
    'refuses %s in the strict profile with a clear issue, accepts it as it is in the documented profile',
    (_, name, reason) => {
      for (const t of targets) {
        const body = withName(t, name);
        const strict = validateQueryModeBody(body);
        expect(strict).toMatchObject({
          ok: false,
          issues: [{ code: 'invalid_column_name', path: ['config', t.field], reason, profile: 'strict' }],
        });
        if (strict.ok) continue;
        expect(strict.issues).toHaveLength(1);
        const message = strict.issues[0]?.message ?? '';
        expect(message).toContain(`\`config.${t.field}\``);
        expect(message).toContain(
          reason === 'empty' ? 'received an empty string' : 'white space at its start or end',
        );
        expect(message).toContain("refused by querymode's strict profile");
        expect(message).toContain('the documented profile accepts it');
        // The message shows the name in a form that cannot break a terminal line.
        expect(message).not.toMatch(/[\n\r\u2028\u202e]/);
        expect(validateQueryModeBody(body, { profile: 'documented' })).toEqual({ ok: true, value: body });
        expectAgree(body);
        expectDocumentedAgree(body);
      }
    },
  );

  it('accepts names with quotes, backslashes, $$, newlines inside and bidi controls in both profiles', () => {
    for (const name of accepted) {
      for (const t of targets) {
        const body = withName(t, name);
        expect(validateQueryModeBody(body)).toEqual({ ok: true, value: body });
        expect(validateQueryModeBody(body, { profile: 'documented' })).toEqual({ ok: true, value: body });
        expectAgree(body);
        expectDocumentedAgree(body);
      }
    }
  });

  it('refuses a column name that is not a string in both profiles', () => {
    for (const value of [null, 1, true, ['id'], { name: 'id' }]) {
      for (const t of targets) {
        const body = withName(t, value as never);
        for (const profile of ['strict', 'documented'] as const) {
          expect(validateQueryModeBody(body, { profile })).toMatchObject({
            ok: false,
            issues: [{ code: 'invalid_type', path: ['config', t.field], expected: 'string' }],
          });
        }
      }
    }
  });

  it('every generated bad column name: the documented profile keeps it, the strict profile flags it as its own', () => {
    fc.assert(
      fc.property(mutatedBodyArb(['bad_column_name']), ({ body, path }) => {
        const documented = validateQueryModeBody(body, { profile: 'documented' });
        expect(documented).toEqual({ ok: true, value: body });
        expect(validateQueryModeBody(body)).toMatchObject({
          ok: false,
          issues: [{ code: 'invalid_column_name', path, profile: 'strict' }],
        });
      }),
      runs(1_000),
    );
  });
});

describe('field-kind checks agree with the patterns of the schemas', () => {
  const columnName = new RegExp(COLUMN_NAME_PATTERN);
  const milliseconds = new RegExp(MILLISECONDS_PATTERN);
  const isColumnName = (s: string) => FIELD_KINDS.column_name.check(s) === undefined;
  const isMilliseconds = (s: string) => FIELD_KINDS.milliseconds_string.check(s) === undefined;
  const max = BigInt(Number.MAX_SAFE_INTEGER);

  const whitespace = fc.constantFrom(...WHITESPACE);
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.string({
      unit: fc.oneof(whitespace, fc.constantFrom('a', '\u200b', '\u180e', '\u0085')),
      maxLength: 6,
    }),
  );

  it('column names: random strings, white space at either end or inside', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          text,
          fc
            .tuple(fc.option(whitespace, { nil: '' }), text, fc.option(whitespace, { nil: '' }))
            .map((p) => p.join('')),
        ),
        (s) => {
          expect(columnName.test(s)).toBe(isColumnName(s));
        },
      ),
      runs(5_000),
    );
  });

  it('milliseconds: digit strings of every length, around MAX_SAFE_INTEGER, and near-digits', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 25 });
    const nearMax = fc
      .tuple(fc.nat({ max: 3 }), fc.bigInt({ min: max - 10_000n, max: max + 10_000n }))
      .map(([zeros, n]) => '0'.repeat(zeros) + String(n));
    const magnitudes = fc
      .tuple(fc.nat({ max: 3 }), fc.integer({ min: 0, max: 30 }), fc.bigInt({ min: 0n, max: 10n ** 30n }))
      .map(([zeros, exp, n]) => '0'.repeat(zeros) + String(n % 10n ** BigInt(exp) || n));
    const nearDigits = fc
      .tuple(millisecondsArb(), fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }))
      .map(([d, at, c]) => d.slice(0, at % (d.length + 1)) + c + d.slice(at % (d.length + 1)));
    fc.assert(
      fc.property(fc.oneof(digits, nearMax, magnitudes, nearDigits, millisecondsArb(), text), (s) => {
        expect(milliseconds.test(s)).toBe(isMilliseconds(s));
        if (/^[0-9]+$/.test(s)) expect(isMilliseconds(s)).toBe(BigInt(s) <= max);
      }),
      runs(5_000),
    );
  });
});

describe('suggestions agree with their plain definition', () => {
  /** Optimal-string-alignment distance over the full table, as defined. */
  function referenceDistance(a: string, b: string): number {
    const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        const row = d[i] as number[];
        const up = d[i - 1] as number[];
        row[j] = Math.min(
          (up[j] as number) + 1,
          (row[j - 1] as number) + 1,
          (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
        }
      }
    }
    return (d[a.length] as number[])[b.length] as number;
  }

  /** The first candidate equal in loose form, else the first strictly closest within the limit. */
  function referenceClosest(input: string, candidates: readonly string[]): string | undefined {
    if (input.length === 0 || input.length > 64) return undefined;
    const exact = candidates.find((c) => looseName(c) === looseName(input));
    if (exact !== undefined) return exact;
    const limit = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
    let best: string | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const c of candidates) {
      const d = referenceDistance(looseName(input), looseName(c));
      if (d <= limit && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }

  const word = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'abcab_-+ XY'), maxLength });

  it('editDistance equals the full-table distance', () => {
    fc.assert(
      fc.property(word(14), word(14), (a, b) => {
        expect(editDistance(a, b)).toBe(referenceDistance(a, b));
      }),
      runs(5_000),
    );
  });

  it('editDistance equals the full-table distance with a shared start and end set aside', () => {
    fc.assert(
      fc.property(word(6), word(8), word(8), word(6), (start, a, b, end) => {
        expect(editDistance(start + a + end, start + b + end)).toBe(
          referenceDistance(start + a + end, start + b + end),
        );
      }),
      runs(5_000),
    );
    // Two long strings that differ in a few places are measured without the full table.
    const long = 'x'.repeat(100_000);
    expect(editDistance(long, long)).toBe(0);
    expect(editDistance(`${long}ab${long}`, `${long}ba${long}`)).toBe(1);
  });

  it('closest picks what the definition picks, for reused and for changed candidate lists', () => {
    const known = [...QUERY_MODES];
    fc.assert(
      fc.property(word(16), fc.array(word(12), { maxLength: 6 }), (input, candidates) => {
        expect(closest(input, candidates)).toBe(referenceClosest(input, candidates));
        expect(closest(input, known)).toBe(referenceClosest(input, known));
        // The same array, changed after use, is read afresh.
        candidates.push(input.slice(1));
        expect(closest(input, candidates)).toBe(referenceClosest(input, candidates));
      }),
      runs(3_000),
    );
  });
});
