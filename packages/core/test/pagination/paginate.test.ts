import { type ListParams, type Page, PaginationError, paginate } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { drain, fakeList, split } from './fake-list.js';

const ITEMS = Array.from({ length: 10 }, (_, i) => ({ id: `p${i}` }));
const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id);

async function failure(p: Promise<unknown>): Promise<PaginationError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(PaginationError);
    return error as PaginationError;
  }
  throw new Error('expected a PaginationError');
}

/** A promise the test settles by hand. */
function deferred<V>() {
  let resolve!: (v: V) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<V>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
}

describe('paginate: the four rules of spec 4.2', () => {
  it('omits starting_after first, repeats the limit, follows each returned cursor, stops without pagination', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const { items, error } = await drain(paginate(list.fetchPage, { limit: 4 }));
    expect(error).toBeUndefined();
    expect(items).toEqual(ITEMS);
    expect(list.requests).toEqual([
      { limit: 4 },
      { limit: 4, starting_after: list.cursors[0] },
      { limit: 4, starting_after: list.cursors[1] },
    ]);
  });

  it('sends no limit when none is given, and makes no request before it is read', async () => {
    const list = fakeList(split(ITEMS, [5]));
    const iterator = paginate(list.fetchPage);
    expect(list.requests).toEqual([]);
    await drain(iterator);
    expect(list.requests).toEqual([{}, { starting_after: list.cursors[0] }]);
  });

  it('reads an empty list in one request', async () => {
    const list = fakeList([[]]);
    expect(await drain(paginate(list.fetchPage, { limit: 100 }))).toEqual({ items: [], error: undefined });
    expect(list.requests).toHaveLength(1);
  });

  it('follows a cursor on an empty page (pagination present means more elements exist)', async () => {
    const list = fakeList([[1], [], [2]]);
    expect((await drain(paginate(list.fetchPage))).items).toEqual([1, 2]);
  });

  it('resumes after startingAfter, sending it on the first request', async () => {
    const list = fakeList(split(ITEMS, [3, 3, 3]));
    const { items } = await drain(
      paginate(list.fetchPage, { limit: 3, startingAfter: list.cursors[1] as string }),
    );
    expect(ids(items as { id: string }[])).toEqual(['p6', 'p7', 'p8', 'p9']);
    expect(list.requests[0]).toEqual({ limit: 3, starting_after: list.cursors[1] });
  });

  it('passes the signal to fetchPage', async () => {
    const signals: unknown[] = [];
    const controller = new AbortController();
    await drain(
      paginate(
        async (_p: ListParams, signal?: AbortSignal) => {
          signals.push(signal);
          return { data: [1] };
        },
        { signal: controller.signal },
      ),
    );
    expect(signals).toEqual([controller.signal]);
  });
});

describe('paginate: it fails clearly instead of looping', () => {
  it('rejects an invalid limit before any request', async () => {
    for (const [limit, issue] of [
      [0, 'invalid_number'],
      [101, 'invalid_number'],
      [1.5, 'invalid_type'],
      ['10', 'invalid_type'],
      [Number.NaN, 'invalid_type'],
    ] as const) {
      const list = fakeList([ITEMS]);
      const iterator = paginate(list.fetchPage, { limit: limit as number });
      const error = await failure(iterator.next());
      expect(error.code).toBe('invalid_limit');
      expect(error.issues[0]?.code).toBe(issue);
      expect(error.message).toContain('no request was made');
      await failure(iterator.toArray({ max: 100 }));
      await failure(iterator.firstPage());
      expect(list.requests).toEqual([]);
    }
  });

  it('rejects invalid options before any request', async () => {
    const list = fakeList([ITEMS]);
    for (const options of [{ startingAfter: '' }, { startingAfter: 5 }, { itemGuard: 'x' }, { signal: {} }]) {
      const error = await failure(paginate(list.fetchPage, options as never).next());
      expect(error.code).toBe('invalid_option');
    }
    expect((await failure(paginate('nope' as never).next())).code).toBe('invalid_option');
    expect(list.requests).toEqual([]);
  });

  it('fails when a cursor repeats the cursor of its own request', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    list.faults.set(1, { kind: 'repeat_cursor' });
    const { items, error } = await drain(paginate<{ id: string }>(list.fetchPage, { limit: 4 }));
    expect(ids(items)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(error).toMatchObject({ code: 'repeated_cursor', lastGoodCursor: list.cursors[0], skip: 0 });
    expect(list.requests).toHaveLength(2);
  });

  it('fails when a cursor comes back after others (a cycle), and when it equals startingAfter', async () => {
    const pages: Record<string, unknown> = {
      '': { data: [1], pagination: { starting_after: 'A', count: 1 } },
      A: { data: [2], pagination: { starting_after: 'B', count: 1 } },
      B: { data: [3], pagination: { starting_after: 'A', count: 1 } },
    };
    let fetches = 0;
    const fetchPage = async (p: ListParams) => {
      fetches += 1;
      return pages[p.starting_after ?? ''];
    };
    const { items, error } = await drain(paginate(fetchPage));
    expect(items).toEqual([1, 2]);
    expect(error).toMatchObject({ code: 'repeated_cursor', lastGoodCursor: 'B' });
    expect(fetches).toBe(3);

    // Resuming after A: page A returns B, page B returns A, the starting cursor.
    const again = await drain(paginate(fetchPage, { startingAfter: 'A' }));
    expect(again.items).toEqual([2]);
    expect(again.error).toMatchObject({ code: 'repeated_cursor', lastGoodCursor: 'B' });
  });

  it('fails when pagination.count disagrees with data.length', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    list.faults.set(1, { kind: 'count_off' });
    const { items, error } = await drain(paginate(list.fetchPage, { limit: 4 }));
    expect(items).toHaveLength(4);
    expect(error).toMatchObject({ code: 'count_mismatch', lastGoodCursor: list.cursors[0] });
    expect((error as Error).message).toContain('pagination.count 5 but 4 elements');
  });

  it('fails on a malformed page, naming the page and the issue, and never takes it as the end', async () => {
    const bodies = [
      null,
      'x',
      {},
      { data: 'x' },
      { data: [], pagination: null },
      { data: [], pagination: { count: 0 } },
      { data: [], pagination: { starting_after: '', count: 0 } },
      { data: [], pagination: { starting_after: 'z', count: -1 } },
      { data: [], pagination: { starting_after: 'z', count: 0.5 } },
    ];
    for (const body of bodies) {
      const list = fakeList(split(ITEMS, [4, 4, 2]));
      list.faults.set(1, { kind: 'malformed', body });
      const { items, error } = await drain(paginate(list.fetchPage, { limit: 4 }));
      expect(items).toHaveLength(4);
      expect(error).toMatchObject({ code: 'malformed_page', lastGoodCursor: list.cursors[0], skip: 0 });
      expect((error as PaginationError).issues.length).toBeGreaterThan(0);
      expect((error as Error).message).toContain('page 2');
    }
  });

  it('wraps a rejected or throwing fetchPage, keeping the cause', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    list.faults.set(2, { kind: 'reject' });
    const { items, error } = await drain(paginate(list.fetchPage, { limit: 4 }));
    expect(items).toHaveLength(8);
    expect(error).toMatchObject({ code: 'fetch_failed', lastGoodCursor: list.cursors[1] });
    expect(((error as Error).cause as Error).message).toBe('network down');

    const boom = new TypeError('sync');
    const thrown = await failure(
      paginate(() => {
        throw boom;
      }).next(),
    );
    expect(thrown).toMatchObject({ code: 'fetch_failed', lastGoodCursor: undefined, cause: boom });
  });

  it('checks every element with itemGuard before yielding any of the page', async () => {
    const isId = (x: unknown): x is { id: string } =>
      typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'string';
    const list = fakeList([ITEMS.slice(0, 3), [{ id: 'p3' }, { id: 4 }, { id: 'p5' }]]);
    const { items, error } = await drain(paginate(list.fetchPage, { itemGuard: isId }));
    expect(ids(items)).toEqual(['p0', 'p1', 'p2']);
    expect(error).toMatchObject({ code: 'malformed_page', lastGoodCursor: list.cursors[0] });
    expect((error as PaginationError).issues).toMatchObject([{ code: 'invalid_item', path: ['data', 1] }]);

    const cause = new Error('guard bug');
    const guardThrows = (_x: unknown): _x is never => {
      throw cause;
    };
    const e = await failure(paginate(fakeList([[1]]).fetchPage, { itemGuard: guardThrows }).next());
    expect(e).toMatchObject({ code: 'malformed_page', cause });
  });

  it('stays failed: every later call rejects with the same error', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    list.faults.set(1, { kind: 'reject' });
    const iterator = paginate(list.fetchPage, { limit: 4 });
    const { error } = await drain(iterator);
    expect(await failure(iterator.next())).toBe(error);
    expect(await failure(iterator.toArray({ max: 100 }))).toBe(error);
    expect(await failure(iterator.pages().next())).toBe(error);
    expect(list.requests).toHaveLength(2);
  });
});

describe('paginate: resuming from lastGoodCursor', () => {
  it('yields exactly the remaining elements, for every failing request', async () => {
    const pages = split(ITEMS, [3, 3, 3]);
    for (let failing = 0; failing < pages.length; failing++) {
      for (const kind of ['reject', 'count_off', 'repeat_cursor'] as const) {
        const list = fakeList(pages);
        list.faults.set(failing, { kind });
        const first = await drain(paginate(list.fetchPage, { limit: 3 }));
        if (first.error === undefined) {
          // A repeated cursor cannot happen on the first request (no cursor yet).
          expect(kind === 'repeat_cursor' && failing === 0).toBe(true);
          expect(first.items).toEqual(ITEMS);
          continue;
        }
        const error = first.error as PaginationError;
        expect(error.skip).toBe(0);
        list.faults.clear();
        const rest = await drain(
          paginate(list.fetchPage, {
            limit: 3,
            ...(error.lastGoodCursor === undefined ? {} : { startingAfter: error.lastGoodCursor }),
          }),
        );
        expect([...first.items, ...rest.items]).toEqual(ITEMS);
      }
    }
  });

  it('says where to resume in the message', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    list.faults.set(1, { kind: 'reject' });
    const { error } = await drain(paginate(list.fetchPage, { limit: 4 }));
    expect((error as Error).message).toContain(`Resume from starting_after "${list.cursors[0]}"`);
  });
});

describe('paginate: concurrent next() calls', () => {
  it('share one request in flight and resolve to successive elements', async () => {
    const gates = [deferred<unknown>(), deferred<unknown>()];
    const requests: ListParams[] = [];
    const fetchPage = (p: ListParams) => {
      requests.push(p);
      return (gates[requests.length - 1] as ReturnType<typeof deferred<unknown>>).promise;
    };
    const iterator = paginate<number>(fetchPage, { limit: 3 });
    const calls = [
      iterator.next(),
      iterator.next(),
      iterator.next(),
      iterator.next(),
      iterator.next(),
      iterator.next(),
    ];
    await Promise.resolve();
    expect(requests).toHaveLength(1);
    gates[0]?.resolve({ data: [1, 2, 3], pagination: { starting_after: 'c1', count: 3 } });
    gates[1]?.resolve({ data: [4, 5] });
    const results = await Promise.all(calls);
    expect(results).toEqual([
      { done: false, value: 1 },
      { done: false, value: 2 },
      { done: false, value: 3 },
      { done: false, value: 4 },
      { done: false, value: 5 },
      { done: true, value: undefined },
    ]);
    expect(requests).toEqual([{ limit: 3 }, { limit: 3, starting_after: 'c1' }]);
  });

  // Fixture from the resume property (seed 42): pages [[0], [], []], the second request rejects,
  // two next() calls at a time. The first call of the batch has element 0; the second rejects.
  it('fixture concurrent-failure: calls before a failure keep their elements, resume loses nothing', async () => {
    const list = fakeList([[0], [], []]);
    list.faults.set(1, { kind: 'reject' });
    const iterator = paginate<number>(list.fetchPage, { limit: 63 });
    const [a, b] = await Promise.allSettled([iterator.next(), iterator.next()]);
    expect(a).toEqual({ status: 'fulfilled', value: { done: false, value: 0 } });
    expect(b?.status).toBe('rejected');
    const error = (b as PromiseRejectedResult).reason as PaginationError;
    expect(error).toMatchObject({ code: 'fetch_failed', lastGoodCursor: list.cursors[0], skip: 0 });
    list.faults.clear();
    expect(
      await paginate(list.fetchPage, { startingAfter: error.lastGoodCursor as string }).toArray({ max: 5 }),
    ).toEqual([]);
  });

  it('reject together when the shared request fails', async () => {
    const iterator = paginate(async () => {
      throw new Error('down');
    });
    const errors = await Promise.all([failure(iterator.next()), failure(iterator.next())]);
    expect(errors[0]).toBe(errors[1]);
  });
});

describe('paginate: toArray', () => {
  it('requires max and rejects a bad one without spoiling the list', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const iterator = paginate(list.fetchPage, { limit: 4 });
    for (const options of [undefined, {}, { max: -1 }, { max: 1.5 }, { max: '3' }]) {
      expect((await failure(iterator.toArray(options as never))).code).toBe('invalid_option');
    }
    expect(list.requests).toEqual([]);
    expect(await iterator.toArray({ max: 10 })).toEqual(ITEMS);
  });

  it('returns a list of exactly max elements, and fails (never truncates) on one more', async () => {
    expect(await paginate(fakeList(split(ITEMS, [4, 4, 2])).fetchPage).toArray({ max: 10 })).toEqual(ITEMS);
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const error = await failure(paginate(list.fetchPage, { limit: 4 }).toArray({ max: 9 }));
    expect(error).toMatchObject({ code: 'too_many_items', lastGoodCursor: undefined, skip: 0 });
    expect(error.message).toContain('more than 9');
  });

  it('confirms with one more request when a full page still carries a cursor', async () => {
    const list = fakeList([ITEMS.slice(0, 5), ITEMS.slice(5), []]);
    expect(await paginate(list.fetchPage).toArray({ max: 10 })).toEqual(ITEMS);
    expect(list.requests).toHaveLength(3);
    const short = fakeList([ITEMS.slice(0, 5), ITEMS.slice(5)]);
    expect((await failure(paginate(short.fetchPage).toArray({ max: 5 }))).code).toBe('too_many_items');
  });

  it('collects the remaining elements, and its error resumes where toArray began', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const iterator = paginate(list.fetchPage, { limit: 4 });
    const head = [(await iterator.next()).value, (await iterator.next()).value];
    const error = await failure(iterator.toArray({ max: 3 }));
    expect(error).toMatchObject({ code: 'too_many_items', lastGoodCursor: undefined, skip: 2 });
    const resumed = await paginate(list.fetchPage, { limit: 4 }).toArray({ max: 10 });
    expect([...head, ...resumed.slice(error.skip)]).toEqual(ITEMS);
  });

  // Fixture from the resume property (seed 42): next() took 0, 1 and 2, then toArray({ max: 4 })
  // collected 3..6 and the third page had a wrong count. toArray began inside page 2: skip 1.
  it('fixture to-array-mid-page: a request failing inside toArray resumes where toArray began', async () => {
    const pages = [
      [0, 1],
      [2, 3, 4, 5, 6],
      [7, 8, 9, 10],
    ];
    const list = fakeList(pages);
    list.faults.set(2, { kind: 'count_off' });
    const iterator = paginate<number>(list.fetchPage, { limit: 63 });
    const head = [];
    for (let i = 0; i < 3; i++) head.push((await iterator.next()).value);
    const error = await failure(iterator.toArray({ max: 4 }));
    expect(error).toMatchObject({ code: 'count_mismatch', lastGoodCursor: list.cursors[0], skip: 1 });
    expect(error.message).toContain('skipping 1 element of that page');
    list.faults.clear();
    const rest = await paginate(list.fetchPage, { startingAfter: list.cursors[0] as string }).toArray({
      max: 20,
    });
    expect([...head, ...rest.slice(error.skip)]).toEqual(pages.flat());
  });

  it('loses nothing when a request fails during toArray', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const iterator = paginate(list.fetchPage, { limit: 4 });
    const head = [];
    for (let i = 0; i < 4; i++) head.push((await iterator.next()).value);
    list.faults.set(2, { kind: 'reject' });
    const error = await failure(iterator.toArray({ max: 100 }));
    // toArray began after page 1, at a page boundary: its collected elements were not delivered.
    expect(error).toMatchObject({ code: 'fetch_failed', lastGoodCursor: list.cursors[0], skip: 0 });
    list.faults.clear();
    const rest = await paginate(list.fetchPage, {
      limit: 4,
      startingAfter: list.cursors[0] as string,
    }).toArray({
      max: 100,
    });
    expect([...head, ...rest]).toEqual(ITEMS);
  });
});

describe('paginate: pages() and the first page', () => {
  it('yields whole pages with their cursors and counts', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const pages: Page<unknown>[] = [];
    for await (const page of paginate(list.fetchPage, { limit: 4 }).pages()) pages.push(page);
    expect(
      pages.map((p) => [p.number, p.data.length, p.startingAfter, p.nextCursor, p.count, p.offset]),
    ).toEqual([
      [1, 4, undefined, list.cursors[0], 4, 0],
      [2, 4, list.cursors[0], list.cursors[1], 4, 0],
      [3, 2, list.cursors[1], undefined, undefined, 0],
    ]);
  });

  it('shares the traversal with next(): a partly read page comes as its remainder', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const iterator = paginate(list.fetchPage, { limit: 4 });
    await iterator.next();
    const page = await iterator.pages().next();
    expect(page.value).toMatchObject({ number: 1, offset: 1, data: ITEMS.slice(1, 4) });
    expect((await iterator.next()).value).toEqual(ITEMS[4]);
  });

  it('is awaitable: await gives the first page, fetched once, and it is not consumed', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const iterator = paginate(list.fetchPage, { limit: 4 });
    const first = await iterator;
    expect(first.data).toEqual(ITEMS.slice(0, 4));
    expect(await iterator.firstPage()).toBe(first);
    expect(await iterator.toArray({ max: 10 })).toEqual(ITEMS);
    expect(await iterator.firstPage()).toBe(first);
    expect(list.requests).toHaveLength(3);
  });

  it('is closed by break: no further request, later next() is done', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const iterator = paginate(list.fetchPage, { limit: 4 });
    for await (const item of iterator) if (item === ITEMS[1]) break;
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(await iterator.toArray({ max: 0 })).toEqual([]);
    expect(list.requests).toHaveLength(1);
  });
});

describe('paginate: abort', () => {
  it('makes no request once aborted', async () => {
    const list = fakeList([ITEMS]);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const error = await failure(paginate(list.fetchPage, { signal: controller.signal }).next());
    expect(error).toMatchObject({ code: 'aborted', lastGoodCursor: undefined });
    expect((error.cause as Error).message).toBe('stop');
    expect(list.requests).toEqual([]);
  });

  it('stops waiting on a request in flight even when fetchPage ignores the signal', async () => {
    const controller = new AbortController();
    const never = new Promise<unknown>(() => {});
    const pending = paginate(() => never, { signal: controller.signal, startingAfter: 'c9' }).next();
    controller.abort();
    expect(await failure(pending)).toMatchObject({ code: 'aborted', lastGoodCursor: 'c9' });
  });

  it('takes effect at the page boundary: the received page is yielded whole, then it stops', async () => {
    const list = fakeList(split(ITEMS, [4, 4, 2]));
    const controller = new AbortController();
    const iterator = paginate(list.fetchPage, { limit: 4, signal: controller.signal });
    await iterator.next();
    controller.abort();
    const { items, error } = await drain(iterator);
    expect(items).toEqual(ITEMS.slice(1, 4));
    expect(error).toMatchObject({ code: 'aborted', lastGoodCursor: list.cursors[0], skip: 0 });
    expect(list.requests).toHaveLength(1);
  });

  it('stops when fetchPage aborts synchronously and never settles', async () => {
    const controller = new AbortController();
    const iterator = paginate(
      () => {
        controller.abort();
        return new Promise<unknown>(() => {});
      },
      { signal: controller.signal },
    );
    expect((await failure(iterator.next())).code).toBe('aborted');
  });

  it('does not use a response that arrives after the abort', async () => {
    const controller = new AbortController();
    const iterator = paginate(
      async () => {
        controller.abort();
        return { data: [1] };
      },
      { signal: controller.signal },
    );
    expect((await failure(iterator.next())).code).toBe('aborted');
  });
});
