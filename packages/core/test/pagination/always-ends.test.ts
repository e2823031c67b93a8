/**
 * Pagination always ends (issue 8): a page cap, a cap on empty pages in a row, a bounded memory
 * of seen cursors, and no page longer than `limit`. Before, a source of endless empty pages with
 * fresh cursors ran 16.7M requests and ended in a raw RangeError (the Set of cursors overflowed),
 * and a page of 10,000 elements for `limit` 100 was accepted silently.
 */
import {
  CursorWindow,
  DEFAULT_MAX_EMPTY_PAGES,
  DEFAULT_MAX_PAGES,
  type ListParams,
  PAGINATION_ERROR_CODES,
  PaginationError,
  paginate,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { drain } from './fake-list.js';

/** An endless source: every request gets `page(n)` and a fresh cursor; counts the requests. */
function endless(page: (n: number) => unknown[]) {
  const requests: ListParams[] = [];
  const fetchPage = async (params: ListParams) => {
    requests.push(params);
    const data = page(requests.length);
    return { data, pagination: { starting_after: `c${requests.length}`, count: data.length } };
  };
  return { fetchPage, requests };
}

async function errorOf(list: AsyncIterator<unknown>): Promise<PaginationError> {
  const { error } = await drain(list);
  expect(error).toBeInstanceOf(PaginationError);
  return error as PaginationError;
}

describe('paginate always ends', () => {
  it(`stops endless empty pages with fresh cursors after ${DEFAULT_MAX_EMPTY_PAGES} in a row: empty_pages`, async () => {
    const source = endless(() => []);
    const error = await errorOf(paginate(source.fetchPage, { limit: 100 }));
    expect(error.code).toBe('empty_pages');
    expect(source.requests).toHaveLength(DEFAULT_MAX_EMPTY_PAGES + 1);
    expect(error.message).toContain('11 pages in a row with no element but a cursor');
    const three = endless(() => []);
    expect((await errorOf(paginate(three.fetchPage, { maxEmptyPages: 3 }))).code).toBe('empty_pages');
    expect(three.requests).toHaveLength(4);
  });

  it('counts empty pages in a row only: an element in between starts the count again', async () => {
    const source = endless((n) => (n % 5 === 0 ? [n] : []));
    const error = await errorOf(paginate(source.fetchPage, { maxEmptyPages: 4, maxPages: 40 }));
    expect(error.code).toBe('too_many_pages');
  });

  it(`stops an endless list at maxPages (default ${DEFAULT_MAX_PAGES}), and lastGoodCursor reads on`, async () => {
    const source = endless((n) => [n]);
    const { items, error } = await drain(paginate<number>(source.fetchPage, { limit: 1 }));
    expect((error as PaginationError).code).toBe('too_many_pages');
    expect(source.requests).toHaveLength(DEFAULT_MAX_PAGES);
    expect(items).toHaveLength(DEFAULT_MAX_PAGES);
    const e = error as PaginationError;
    expect(e.lastGoodCursor).toBe(`c${DEFAULT_MAX_PAGES}`);
    expect(e.message).toContain('more than maxPages (10000) pages');
    // Reading on from the cursor: the next page is the one after the last element received.
    const more = await paginate<number>(source.fetchPage, {
      limit: 1,
      startingAfter: e.lastGoodCursor as string,
      maxPages: 2,
    })
      .toArray({ max: 10 })
      .catch((x: PaginationError) => x);
    expect((more as PaginationError).code).toBe('too_many_pages');
    expect(source.requests.slice(-2).map((r) => r.starting_after)).toEqual([
      `c${DEFAULT_MAX_PAGES}`,
      `c${DEFAULT_MAX_PAGES + 1}`,
    ]);
  });

  it('refuses a page longer than limit (a page of 10,000 for limit 100), or than 100 with no limit', async () => {
    const big = Array.from({ length: 10_000 }, (_, i) => i);
    const error = await errorOf(paginate(async () => ({ data: big }), { limit: 100 }));
    expect(error.code).toBe('oversized_page');
    expect(error.message).toContain('has 10,000 elements, more than the limit 100 it was requested with');
    const noLimit = await errorOf(paginate(async () => ({ data: big.slice(0, 101) })));
    expect(noLimit.code).toBe('oversized_page');
    expect(noLimit.message).toContain('more than the maximum page size 100 (service rules: list pagination)');
    expect((await drain(paginate(async () => ({ data: big.slice(0, 100) })))).error).toBeUndefined();
  });

  it('rejects a bad maxPages or maxEmptyPages before any request', async () => {
    for (const options of [
      { maxPages: 0 },
      { maxPages: 1.5 },
      { maxEmptyPages: -1 },
      { maxPages: Infinity },
    ]) {
      const source = endless(() => [1]);
      const error = await errorOf(paginate(source.fetchPage, options));
      expect(error.code).toBe('invalid_option');
      expect(source.requests).toEqual([]);
    }
  });
});

describe('CursorWindow: bounded memory for seen cursors', () => {
  it('keeps the most recent cursors only, by count and by total length', () => {
    const w = new CursorWindow(3, 100);
    for (const c of ['a', 'b', 'c', 'd']) w.add(c);
    expect(['a', 'b', 'c', 'd'].map((c) => w.has(c))).toEqual([false, true, true, true]);
    const chars = new CursorWindow(1000, 10);
    chars.add('x'.repeat(6));
    chars.add('y'.repeat(6));
    expect([chars.has('x'.repeat(6)), chars.has('y'.repeat(6))]).toEqual([false, true]);
  });

  it('a cycle longer than the window is ended by maxPages instead', async () => {
    const requests: ListParams[] = [];
    const fetchPage = async (params: ListParams) => {
      requests.push(params);
      const cursor = `c${requests.length % 1_500}`; // a cycle of 1,500 cursors
      return { data: [requests.length], pagination: { starting_after: cursor, count: 1 } };
    };
    const error = await errorOf(paginate(fetchPage, { maxPages: 2_000 }));
    expect(error.code).toBe('too_many_pages');
    expect(requests).toHaveLength(2_000);
  });
});

describe('paginate always ends: property', () => {
  it('on an endless source of fresh cursors and random page sizes, ends within maxPages requests with a PaginationError', async () => {
    const arb = fc.record({
      limit: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
      maxPages: fc.integer({ min: 1, max: 60 }),
      maxEmptyPages: fc.integer({ min: 1, max: 8 }),
      sizes: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120 })), {
        minLength: 1,
        maxLength: 20,
      }),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ limit, maxPages, maxEmptyPages, sizes }) => {
        const source = endless((n) =>
          Array.from({ length: sizes[(n - 1) % sizes.length] as number }, () => n),
        );
        const error = await errorOf(
          paginate(source.fetchPage, { ...(limit === undefined ? {} : { limit }), maxPages, maxEmptyPages }),
        );
        expect(PAGINATION_ERROR_CODES).toContain(error.code);
        expect(['too_many_pages', 'empty_pages', 'oversized_page']).toContain(error.code);
        expect(source.requests.length).toBeLessThanOrEqual(maxPages);
        if (error.code === 'oversized_page') {
          expect((sizes[(source.requests.length - 1) % sizes.length] as number) > (limit ?? 100)).toBe(true);
        }
      }),
      propertyRuns(400, 42),
    );
  });
});
