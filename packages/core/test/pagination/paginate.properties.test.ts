/**
 * Seeded property tests of `paginate` (issue 3, item 7): for any split of a list into pages it
 * yields each element once and in order, requesting exactly the expected cursors; after any
 * failure, resuming from `lastGoodCursor` loses and repeats nothing; and against a hostile page
 * source it always terminates, within a bounded number of requests, with the elements or a
 * `PaginationError`.
 */
import {
  type ListParams,
  PAGINATION_ERROR_CODES,
  type PageIterator,
  PaginationError,
  paginate,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { type Fault, fakeList } from './fake-list.js';

/** How a test reads the list. */
type Mode =
  | { readonly kind: 'next' }
  | { readonly kind: 'for_await' }
  | { readonly kind: 'pages' }
  | { readonly kind: 'to_array'; readonly max: number }
  | { readonly kind: 'concurrent'; readonly batch: number }
  | { readonly kind: 'next_then_to_array'; readonly first: number; readonly max: number };

/** The elements the caller received, and the error that stopped the reading, if any. */
async function read(list: PageIterator<number>, mode: Mode): Promise<{ items: number[]; error: unknown }> {
  const items: number[] = [];
  try {
    switch (mode.kind) {
      case 'next':
        for (let r = await list.next(); !r.done; r = await list.next()) items.push(r.value);
        break;
      case 'for_await':
        for await (const x of list) items.push(x);
        break;
      case 'pages':
        for await (const page of list.pages()) items.push(...page.data);
        break;
      case 'to_array':
        items.push(...(await list.toArray({ max: mode.max })));
        break;
      case 'concurrent':
        // Calls are queued: the ones before a failure fulfil (the caller has those elements), the
        // rest reject with the same error. allSettled keeps what Promise.all would drop.
        for (;;) {
          const results = await Promise.allSettled(Array.from({ length: mode.batch }, () => list.next()));
          for (const r of results) {
            if (r.status === 'rejected') return { items, error: r.reason };
            if (!r.value.done) items.push(r.value.value);
          }
          if (results.some((r) => r.status === 'fulfilled' && r.value.done)) break;
        }
        break;
      case 'next_then_to_array': {
        for (let i = 0; i < mode.first; i++) {
          const r = await list.next();
          if (r.done) return { items, error: undefined };
          items.push(r.value);
        }
        items.push(...(await list.toArray({ max: mode.max })));
        break;
      }
    }
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

/** A list as pages of at most `limit` elements; the elements are 0, 1, 2, ... so each is unique. */
const pagedListArb = fc.integer({ min: 1, max: 100 }).chain((limit) =>
  fc.array(fc.nat({ max: Math.min(limit, 7) }), { minLength: 1, maxLength: 10 }).map((sizes) => {
    let n = 0;
    return { limit, pages: sizes.map((size) => Array.from({ length: size }, () => n++)) };
  }),
);

const modeArb = (total: number): fc.Arbitrary<Mode> =>
  fc.oneof(
    fc.constant<Mode>({ kind: 'next' }),
    fc.constant<Mode>({ kind: 'for_await' }),
    fc.constant<Mode>({ kind: 'pages' }),
    fc.constant<Mode>({ kind: 'to_array', max: total }),
    fc.integer({ min: 2, max: 5 }).map((batch): Mode => ({ kind: 'concurrent', batch })),
    fc.nat({ max: total }).map((first): Mode => ({ kind: 'next_then_to_array', first, max: total })),
  );

describe('paginate: properties', () => {
  it('for any split into pages (sizes <= limit), yields each element once, in order, requesting exactly the expected cursors', async () => {
    const arb = pagedListArb.chain(({ limit, pages }) =>
      fc.record({
        limit: fc.constant(limit),
        pages: fc.constant(pages),
        start: fc.nat({ max: pages.length - 1 }),
        mode: modeArb(pages.flat().length),
      }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async ({ limit, pages, start, mode }) => {
        const list = fakeList(pages);
        const startingAfter = start === 0 ? undefined : (list.cursors[start - 1] as string);
        const iterator = paginate<number>(list.fetchPage, {
          limit,
          ...(startingAfter === undefined ? {} : { startingAfter }),
        });
        const { items, error } = await read(iterator, mode);
        expect(error).toBeUndefined();
        expect(items).toEqual(pages.slice(start).flat());
        const expected: ListParams[] = pages
          .slice(start)
          .map((_, k) =>
            k + start === 0 ? { limit } : { limit, starting_after: list.cursors[k + start - 1] as string },
          );
        expect(list.requests).toEqual(expected);
      }),
      propertyRuns(400, 42),
    );
  });

  it('after any failure, resuming from lastGoodCursor (dropping skip) yields exactly the rest', async () => {
    const faultArb: fc.Arbitrary<Fault> = fc.oneof(
      fc.constant<Fault>({ kind: 'reject' }),
      fc.constant<Fault>({ kind: 'count_off' }),
      fc.constant<Fault>({ kind: 'repeat_cursor' }),
      fc
        .constantFrom(
          null,
          {},
          { data: 'x' },
          { data: [], pagination: null },
          { data: [1], pagination: { count: 1 } },
        )
        .map((body): Fault => ({ kind: 'malformed', body })),
    );
    const arb = pagedListArb.chain(({ limit, pages }) => {
      const total = pages.flat().length;
      return fc.record({
        limit: fc.constant(limit),
        pages: fc.constant(pages),
        failing: fc.nat({ max: pages.length - 1 }),
        fault: faultArb,
        mode: fc.oneof(
          modeArb(total),
          fc
            .record({ first: fc.nat({ max: total }), max: fc.nat({ max: total + 1 }) })
            .map(({ first, max }): Mode => ({ kind: 'next_then_to_array', first, max })),
        ),
      });
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ limit, pages, failing, fault, mode }) => {
        const all = pages.flat();
        const list = fakeList(pages);
        list.faults.set(failing, fault);
        const first = await read(paginate<number>(list.fetchPage, { limit }), mode);
        if (first.error === undefined) {
          expect(first.items).toEqual(all);
          return;
        }
        const error = first.error as PaginationError;
        expect(error).toBeInstanceOf(PaginationError);
        // Only a toArray that began in the middle of a page resumes with a skip.
        if (mode.kind !== 'next_then_to_array') expect(error.skip).toBe(0);
        list.faults.clear();
        const rest = await read(
          paginate<number>(list.fetchPage, {
            limit,
            ...(error.lastGoodCursor === undefined ? {} : { startingAfter: error.lastGoodCursor }),
          }),
          { kind: 'next' },
        );
        expect(rest.error).toBeUndefined();
        expect([...first.items, ...rest.items.slice(error.skip)]).toEqual(all);
      }),
      propertyRuns(600, 42),
    );
  });
});

/** A response of a hostile source: a near-valid page (any cursor, any count), junk, or a rejection. */
const hostileResponseArb = (cursors: fc.Arbitrary<string>) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({
          data: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
          cursor: fc.option(cursors, { nil: undefined }),
          countOffset: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, fc.integer({ min: -2, max: 2 })),
        })
        .map(({ data, cursor, countOffset }) =>
          cursor === undefined
            ? { data }
            : { data, pagination: { starting_after: cursor, count: data.length + countOffset } },
        ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom(null, undefined, 'x', [], {}, { data: null }, { data: [], pagination: null }),
        fc.record({ data: fc.array(fc.anything(), { maxLength: 2 }), pagination: fc.anything() }),
        fc.anything(),
      ),
    },
    { weight: 1, arbitrary: fc.constant(Symbol.for('reject')) },
  );

const hostileModeArb = fc.oneof(
  fc.constant<Mode>({ kind: 'next' }),
  fc.constant<Mode>({ kind: 'pages' }),
  fc.nat({ max: 12 }).map((max): Mode => ({ kind: 'to_array', max })),
  fc.integer({ min: 2, max: 4 }).map((batch): Mode => ({ kind: 'concurrent', batch })),
);

const limitArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 100 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, 101, 2.5, '5', undefined, null) },
);

describe('paginate: hostile page sources', () => {
  const ALPHABET = ['a', 'b', 'c', 'd', 'e'];

  it('terminates within (distinct cursors + 1) requests on a source that maps cursors to responses (cycles included)', async () => {
    const arb = fc.record({
      responses: fc.dictionary(
        fc.constantFrom('', ...ALPHABET),
        hostileResponseArb(fc.constantFrom(...ALPHABET)),
        {
          minKeys: 6,
          maxKeys: 6,
        },
      ),
      limit: limitArb,
      start: fc.option(fc.constantFrom(...ALPHABET), { nil: undefined }),
      mode: hostileModeArb,
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ responses, limit, start, mode }) => {
        const bound = ALPHABET.length + 1;
        const requests: (string | undefined)[] = [];
        const received: unknown[] = [];
        let overran = false;
        const fetchPage = async (params: ListParams) => {
          requests.push(params.starting_after);
          if (requests.length > bound) {
            overran = true;
            throw new Error('overran');
          }
          const response = responses[params.starting_after ?? ''];
          received.push(response);
          if (response === Symbol.for('reject')) throw new Error('rejected');
          return response;
        };
        const options = { limit: limit as number, ...(start === undefined ? {} : { startingAfter: start }) };
        const { items, error } = await read(paginate<number>(fetchPage, options), mode);
        expect(overran).toBe(false);
        expect(requests.length).toBeLessThanOrEqual(bound);
        if (error === undefined) {
          // Success: every response was a page, and the elements are theirs, in order.
          const pages = received as { data: number[] }[];
          expect(items).toEqual(pages.flatMap((p) => p.data));
          return;
        }
        expect(error).toBeInstanceOf(PaginationError);
        const e = error as PaginationError;
        expect(PAGINATION_ERROR_CODES).toContain(e.code);
        if (e.code === 'invalid_limit') expect(requests).toEqual([]);
        if (mode.kind === 'next' && e.code !== 'invalid_limit') {
          // The failing request is the last one; every earlier response was yielded whole.
          expect(e.lastGoodCursor).toBe(requests.at(-1));
          expect(e.skip).toBe(0);
          expect(items).toEqual((received.slice(0, -1) as { data: number[] }[]).flatMap((p) => p.data));
        }
      }),
      propertyRuns(1500, 42),
    );
  });

  it('terminates on a scripted source of random cursors, repeats and junk, then failures', async () => {
    const arb = fc.record({
      script: fc.array(
        hostileResponseArb(fc.oneof(fc.string({ minLength: 1, maxLength: 3 }), fc.constantFrom('r', 's'))),
        { maxLength: 12 },
      ),
      limit: limitArb,
      mode: hostileModeArb,
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ script, limit, mode }) => {
        let fetches = 0;
        const fetchPage = async () => {
          const response = script[fetches];
          fetches += 1;
          if (fetches > script.length || response === Symbol.for('reject')) throw new Error('no more');
          return response;
        };
        const { error } = await read(paginate<number>(fetchPage, { limit: limit as number }), mode);
        expect(fetches).toBeLessThanOrEqual(script.length + 1);
        if (error !== undefined) expect(error).toBeInstanceOf(PaginationError);
      }),
      propertyRuns(1500, 42),
    );
  });
});
