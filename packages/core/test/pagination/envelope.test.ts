import { checkListPage, type Issue, LIST_LIMIT, validateListLimit } from '@querymode/core';
import {
  listEnvelopeSchema,
  listLimitSchema,
  listPaginationSchema,
  queryModeRegistry,
  startingAfterSchema,
} from '@querymode/core/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { propertyRuns } from '../../../../test/support/property-runs.js';

const envelope = listEnvelopeSchema(z.unknown());
const codes = (issues: readonly Issue[]) => issues.map((i) => [i.code, i.path.join('.')]);
const issuesOf = (page: unknown) => {
  const r = checkListPage(page);
  return r.ok ? [] : codes(r.issues);
};

describe('validateListLimit', () => {
  it('accepts the integers from 1 to 100', () => {
    for (let n = LIST_LIMIT.min; n <= LIST_LIMIT.max; n++)
      expect(validateListLimit(n)).toEqual({ ok: true, value: n });
  });

  it('names the field, the range and what was received', () => {
    const r = validateListLimit(101);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues[0]).toMatchObject({ code: 'invalid_number', path: ['limit'], min: 1, max: 100 });
      expect(r.issues[0]?.message).toBe('`limit`: expected an integer from 1 to 100, received number 101.');
    }
    const s = validateListLimit('10');
    if (!s.ok) expect(s.issues[0]?.message).toBe('`limit`: expected an integer, received string "10".');
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, [], 10n]) {
      expect(validateListLimit(bad).ok).toBe(false);
    }
  });

  it('agrees with listLimitSchema on any value', () => {
    const value = fc.oneof(fc.integer({ min: -5, max: 110 }), fc.double(), fc.anything());
    fc.assert(
      fc.property(value, (v) => {
        expect(validateListLimit(v).ok).toBe(listLimitSchema.safeParse(v).success);
      }),
      propertyRuns(2000, 42),
    );
  });
});

describe('listEnvelopeSchema', () => {
  it('accepts a page with and without pagination, and tolerates unknown keys at both levels', () => {
    expect(envelope.safeParse({ data: [] }).success).toBe(true);
    expect(envelope.safeParse({ data: [1], pagination: { starting_after: 'c', count: 1 } }).success).toBe(
      true,
    );
    const extra = { data: [], more: 1, pagination: { starting_after: 'c', count: 0, has_more: true } };
    expect(envelope.parse(extra)).toEqual(extra);
  });

  it('rejects a null pagination, an empty cursor, a negative or fractional count, and a missing data', () => {
    for (const page of [
      { data: [], pagination: null },
      { data: [], pagination: { starting_after: '', count: 0 } },
      { data: [], pagination: { starting_after: 'c', count: -1 } },
      { data: [], pagination: { starting_after: 'c', count: 0.5 } },
      { data: [], pagination: { count: 0 } },
      { pagination: { starting_after: 'c', count: 0 } },
    ]) {
      expect(envelope.safeParse(page).success).toBe(false);
    }
  });

  it('validates the elements with the item schema', () => {
    const pipelines = listEnvelopeSchema(z.strictObject({ id: z.string() }));
    expect(pipelines.safeParse({ data: [{ id: 'a' }] }).success).toBe(true);
    expect(pipelines.safeParse({ data: [{ id: 1 }] }).success).toBe(false);
  });

  it('is idempotent per item schema and id, and describes itself in core registry', () => {
    const item = z.object({ id: z.string() });
    const a = listEnvelopeSchema(item, { id: 'PipelineList' });
    expect(listEnvelopeSchema(item, { id: 'PipelineList' })).toBe(a);
    expect(queryModeRegistry.get(a)?.id).toBe('PipelineList');
    expect(queryModeRegistry.get(listPaginationSchema)?.description).toContain(
      'Present only when more elements exist',
    );
    expect(z.globalRegistry.has(a)).toBe(false);
    const json = z.toJSONSchema(a, { metadata: queryModeRegistry }) as {
      $defs: Record<string, { description?: string; properties?: Record<string, { description?: string }> }>;
    };
    expect(json.$defs.PipelineList?.properties?.data?.description).toBe('The elements of the page.');
    expect(json.$defs.ListPagination?.properties?.starting_after?.description).toContain('never build one');
    expect(queryModeRegistry.get(startingAfterSchema)?.description).toContain('must not build it');
  });
});

describe('checkListPage', () => {
  it('returns the elements, the next cursor and the count', () => {
    expect(checkListPage({ data: [1, 2] })).toEqual({ ok: true, value: { data: [1, 2], next: undefined } });
    expect(checkListPage({ data: [1], pagination: { starting_after: 'c', count: 1 }, x: 1 })).toEqual({
      ok: true,
      value: { data: [1], next: 'c', count: 1 },
    });
  });

  it('reports every issue with its path', () => {
    expect(issuesOf(null)).toEqual([['invalid_type', '']]);
    expect(issuesOf([])).toEqual([['invalid_type', '']]);
    expect(issuesOf({})).toEqual([['missing_field', 'data']]);
    expect(issuesOf({ data: {}, pagination: null })).toEqual([
      ['invalid_type', 'data'],
      ['invalid_type', 'pagination'],
    ]);
    expect(issuesOf({ data: [], pagination: {} })).toEqual([
      ['missing_field', 'pagination.starting_after'],
      ['missing_field', 'pagination.count'],
    ]);
    expect(issuesOf({ data: [], pagination: { starting_after: '', count: 2 ** 60 } })).toEqual([
      ['empty_string', 'pagination.starting_after'],
      ['invalid_number', 'pagination.count'],
    ]);
    expect(issuesOf({ data: [], pagination: { starting_after: 7, count: '1' } })).toEqual([
      ['invalid_type', 'pagination.starting_after'],
      ['invalid_type', 'pagination.count'],
    ]);
  });

  it('never throws on input that cannot be read', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(issuesOf(hostile)).toEqual([['unreadable_input', '']]);
  });
});

/** Envelope-like values: near misses of a valid page, and anything. */
const cursorArb = fc.oneof(fc.string({ maxLength: 4 }), fc.constant(''), fc.integer(), fc.constant(null));
const countArb = fc.oneof(
  fc.integer({ min: -3, max: 5 }),
  fc.double(),
  fc.constantFrom(2 ** 53, -0, Number.MAX_SAFE_INTEGER, '1', null),
);
const paginationArb = fc.oneof(
  fc.record({ starting_after: cursorArb, count: countArb }, { requiredKeys: [] }),
  fc.record({ starting_after: fc.string({ minLength: 1 }), count: fc.nat(), extra: fc.anything() }),
  fc.anything(),
);
const pageArb = fc.oneof(
  fc.record(
    { data: fc.oneof(fc.array(fc.anything(), { maxLength: 3 }), fc.anything()), pagination: paginationArb },
    { requiredKeys: [] },
  ),
  fc.record({ data: fc.array(fc.integer()), other: fc.anything() }),
  fc.anything(),
);

describe('checkListPage against listEnvelopeSchema (differential)', () => {
  it('accepts exactly what the schema accepts, with the same values', () => {
    fc.assert(
      fc.property(pageArb, (page) => {
        const fast = checkListPage(page);
        const zod = envelope.safeParse(page);
        expect(fast.ok).toBe(zod.success);
        if (fast.ok && zod.success) {
          expect(fast.value.data).toEqual(zod.data.data);
          expect(fast.value.next).toBe(zod.data.pagination?.starting_after);
          expect(fast.value.count).toBe(zod.data.pagination?.count);
        }
      }),
      propertyRuns(5000, 42),
    );
  });
});
