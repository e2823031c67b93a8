/**
 * `paginate`: follows the service's cursor pagination rules (docs/service.md#pagination) over any page fetcher.
 *
 * 1. The first request omits `starting_after` (unless resuming with `startingAfter`).
 * 2. While a response has `pagination`, the next request repeats the query with the same `limit`
 *    and `starting_after` set to `pagination.starting_after`.
 * 3. A response without `pagination` is the last page.
 * 4. The cursor is opaque: it is only ever copied from a response, never built.
 *
 * Every page is checked whole (envelope, `pagination.count` against `data.length`, cursor not seen
 * before, item guard) before any of its elements is yielded, so a failure never splits a page and
 * `PaginationError.lastGoodCursor` resumes exactly after the last element the caller received.
 *
 * @module
 */

import { LIST_LIMIT } from '../catalogue/limits.js';
import { describeThrown, describeValue, previewString } from '../issues/describe.js';
import { invalidTypeIssue } from '../issues/invalid-type.js';
import { makeIssue } from '../issues/make-issue.js';
import type { Issue } from '../issues/types.js';
import { unreadableIssue } from '../issues/unreadable.js';
import { countOf } from '../text/count.js';
import { checkListPage } from './check-page.js';
import { CursorWindow } from './cursor-window.js';
import { PaginationError, type PaginationErrorCode } from './error.js';
import { validateListLimit } from './limit.js';
import type {
  AbortSignalLike,
  FetchPage,
  ListParams,
  Page,
  PageIterator,
  PaginateOptions,
  ToArrayOptions,
} from './types.js';
import { DEFAULT_MAX_EMPTY_PAGES, DEFAULT_MAX_PAGES } from './types.js';

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });
const MAX_ITEM_ISSUES = 10;
const noop = (): void => {};

/** The page being read: how many of its elements were taken, and whether `pages()` yielded it. */
interface Current<T> {
  readonly page: Page<T>;
  index: number;
  yielded: boolean;
}

/** A resume position: a cursor and how many elements of its page to skip. */
interface Mark {
  readonly cursor: string | undefined;
  readonly skip: number;
}

const where = (cursor: string | undefined): string =>
  cursor === undefined ? 'the start of the list' : `starting_after ${previewString(cursor)}`;

const requestOf = (cursor: string | undefined): string =>
  cursor === undefined ? 'the first request' : `requested with starting_after ${previewString(cursor)}`;

const messagesOf = (issues: readonly Issue[]): string => issues.map((i) => i.message).join(' ');

/** Aborts waiting on `value` when `signal` aborts, even if the fetcher ignores the signal. */
function raceAbort<V>(value: Promise<V> | V, signal: AbortSignalLike | undefined): Promise<V> {
  if (signal === undefined) return Promise.resolve(value);
  return new Promise<V>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    // The fetcher may have aborted synchronously, before the listener existed.
    if (signal.aborted) onAbort();
    Promise.resolve(value).then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

class Traversal<T, S extends AbortSignalLike> implements PageIterator<T> {
  readonly #fetchPage: FetchPage<S>;
  readonly #limit: number | undefined;
  readonly #guard: ((item: unknown) => item is T) | undefined;
  readonly #signal: S | undefined;
  readonly #start: string | undefined;
  readonly #seen = new CursorWindow();
  readonly #maxPages: number;
  readonly #maxEmptyPages: number;
  /** Pages in a row, up to the last one loaded, that had no element but a cursor. */
  #emptyRun = 0;
  #nextCursor: string | undefined;
  #ended = false;
  #pagesLoaded = 0;
  #current: Current<T> | undefined;
  #first: Page<T> | undefined;
  #failure: PaginationError | undefined;
  #closed = false;
  #collecting: Mark | undefined;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(fetchPage: FetchPage<S>, options: PaginateOptions<T, S>) {
    this.#fetchPage = fetchPage;
    let limit: unknown;
    let start: unknown;
    let guard: unknown;
    let signal: unknown;
    let maxPages: unknown;
    let maxEmptyPages: unknown;
    try {
      ({ limit, startingAfter: start, itemGuard: guard, signal, maxPages, maxEmptyPages } = options);
    } catch (error) {
      this.#fail('invalid_option', `The options could not be read (${describeThrown(error)}).`);
    }
    this.#limit = typeof limit === 'number' ? limit : undefined;
    this.#start = typeof start === 'string' && start !== '' ? start : undefined;
    this.#nextCursor = this.#start;
    if (this.#start !== undefined) this.#seen.add(this.#start);
    this.#guard = typeof guard === 'function' ? (guard as (item: unknown) => item is T) : undefined;
    this.#signal =
      typeof signal === 'object' && signal !== null && typeof (signal as S).addEventListener === 'function'
        ? (signal as S)
        : undefined;
    this.#maxPages = isPositiveInteger(maxPages) ? maxPages : DEFAULT_MAX_PAGES;
    this.#maxEmptyPages = isPositiveInteger(maxEmptyPages) ? maxEmptyPages : DEFAULT_MAX_EMPTY_PAGES;
    if (this.#failure !== undefined) return;
    this.#checkOptions(limit, start, guard, signal);
    if (this.#failure !== undefined) return;
    for (const [name, value] of [
      ['maxPages', maxPages],
      ['maxEmptyPages', maxEmptyPages],
    ] as const) {
      if (value !== undefined && !isPositiveInteger(value)) {
        this.#fail('invalid_option', `${name} must be a positive integer, received ${describeValue(value)}.`);
        return;
      }
    }
  }

  #checkOptions(limit: unknown, start: unknown, guard: unknown, signal: unknown): void {
    if (typeof this.#fetchPage !== 'function') {
      this.#fail(
        'invalid_option',
        `fetchPage must be a function, received ${describeValue(this.#fetchPage)}.`,
      );
    } else if (limit !== undefined && !this.#checkLimit(limit)) {
      return;
    } else if (start !== undefined && this.#start === undefined) {
      const issues = [
        typeof start === 'string'
          ? makeIssue({ code: 'empty_string', path: ['startingAfter'] })
          : invalidTypeIssue(['startingAfter'], 'string', start),
      ];
      this.#fail('invalid_option', `Invalid startingAfter, no request was made: ${messagesOf(issues)}`, {
        issues,
      });
    } else if (guard !== undefined && this.#guard === undefined) {
      this.#fail('invalid_option', `itemGuard must be a function, received ${describeValue(guard)}.`);
    } else if (signal !== undefined && this.#signal === undefined) {
      this.#fail('invalid_option', `signal must be an AbortSignal, received ${describeValue(signal)}.`);
    }
  }

  #checkLimit(limit: unknown): boolean {
    const r = validateListLimit(limit);
    if (r.ok) return true;
    this.#fail('invalid_limit', `Invalid limit, no request was made: ${messagesOf(r.issues)}`, {
      issues: r.issues,
    });
    return false;
  }

  /** Where a caller resumes without losing or repeating an element. */
  #mark(): Mark {
    if (this.#collecting !== undefined) return this.#collecting;
    const cur = this.#current;
    if (cur === undefined) return { cursor: this.#start, skip: 0 };
    if (cur.index >= cur.page.data.length && cur.page.nextCursor !== undefined) {
      return { cursor: cur.page.nextCursor, skip: 0 };
    }
    return { cursor: cur.page.startingAfter, skip: cur.index };
  }

  /** Makes the error, with the resume position in its message; sticky unless told otherwise. */
  #fail(
    code: PaginationErrorCode,
    message: string,
    extra: { issues?: readonly Issue[]; cause?: unknown } = {},
    sticky = true,
  ): PaginationError {
    const { cursor, skip } = this.#mark();
    // A bad option is fixed by the caller, not resumed from; the cursor is still in the error.
    const resume =
      code === 'invalid_limit' || code === 'invalid_option'
        ? ''
        : ` Resume from ${where(cursor)}${skip > 0 ? `, skipping ${countOf(skip, 'element')} of that page` : ''}.`;
    const error = new PaginationError(code, `${message}${resume}`, {
      ...extra,
      lastGoodCursor: cursor,
      skip,
    });
    if (sticky) this.#failure = error;
    return error;
  }

  /** Runs operations one at a time, in call order, so concurrent calls never race. */
  #enqueue<R>(op: () => Promise<R> | R): Promise<R> {
    const run = this.#tail.then(op);
    this.#tail = run.then(noop, noop);
    return run;
  }

  /** Fetches and checks the next page and makes it current; false when the list has ended. */
  async #load(): Promise<boolean> {
    if (this.#ended) return false;
    const cursor = this.#nextCursor;
    const number = this.#pagesLoaded + 1;
    const signal = this.#signal;
    const request = `page ${number} (${requestOf(cursor)})`;
    if (number > this.#maxPages) {
      throw this.#fail(
        'too_many_pages',
        `Stopped before ${request}: the list has more than maxPages (${this.#maxPages}) pages; raise maxPages to read a longer list.`,
      );
    }
    if (signal?.aborted) {
      throw this.#fail('aborted', `Stopped before ${request}: the signal was aborted.`, {
        cause: signal.reason,
      });
    }
    const params: ListParams = {
      ...(this.#limit === undefined ? {} : { limit: this.#limit }),
      ...(cursor === undefined ? {} : { starting_after: cursor }),
    };
    let raw: unknown;
    try {
      raw = await raceAbort(this.#fetchPage(params, signal), signal);
    } catch (cause) {
      if (signal?.aborted) throw this.#fail('aborted', `The signal aborted ${request}.`, { cause });
      throw this.#fail('fetch_failed', `Fetching ${request} failed: ${describeThrown(cause)}.`, { cause });
    }
    if (signal?.aborted) {
      throw this.#fail('aborted', `The signal aborted ${request}; its response was not used.`, {
        cause: signal.reason,
      });
    }
    let page: Page<T>;
    try {
      page = this.#checkPage(raw, cursor, number, request);
    } catch (error) {
      if (error instanceof PaginationError) throw error;
      const issues = [unreadableIssue(error, ['data'])];
      throw this.#fail('malformed_page', `The elements of ${request} could not be read.`, { issues });
    }
    const emptyRun = page.data.length === 0 && page.nextCursor !== undefined ? this.#emptyRun + 1 : 0;
    if (emptyRun > this.#maxEmptyPages) {
      throw this.#fail(
        'empty_pages',
        `The response to ${request} makes ${emptyRun} pages in a row with no element but a cursor, more than maxEmptyPages (${this.#maxEmptyPages}); the source is not making progress.`,
      );
    }
    this.#emptyRun = emptyRun;
    this.#pagesLoaded = number;
    if (page.nextCursor !== undefined) this.#seen.add(page.nextCursor);
    this.#nextCursor = page.nextCursor;
    this.#ended = page.nextCursor === undefined;
    this.#current = { page, index: 0, yielded: false };
    if (number === 1) this.#first = page;
    return true;
  }

  #checkPage(raw: unknown, cursor: string | undefined, number: number, request: string): Page<T> {
    const checked = checkListPage(raw);
    if (!checked.ok) {
      throw this.#fail(
        'malformed_page',
        `The response to ${request} is not a list envelope: ${messagesOf(checked.issues)}`,
        {
          issues: checked.issues,
        },
      );
    }
    const { next, count } = checked.value;
    // One read of the elements: the count and the guard see the very values that are yielded.
    const items = checked.value.data.slice();
    if (count !== undefined && count !== items.length) {
      throw this.#fail(
        'count_mismatch',
        `The response to ${request} has pagination.count ${count} but ${countOf(items.length, 'element')} in data.`,
      );
    }
    const most = this.#limit ?? LIST_LIMIT.max;
    if (items.length > most) {
      throw this.#fail(
        'oversized_page',
        `The response to ${request} has ${countOf(items.length, 'element')}, more than ${
          this.#limit === undefined
            ? `the maximum page size ${most} (service rules: list pagination)`
            : `the limit ${most} it was requested with`
        }.`,
      );
    }
    if (next !== undefined && this.#seen.has(next)) {
      const which =
        next === cursor ? 'the cursor of that same request' : 'a cursor seen earlier in this list';
      throw this.#fail(
        'repeated_cursor',
        `The response to ${request} returned pagination.starting_after ${previewString(next)}, ${which}; following it would loop.`,
      );
    }
    const guard = this.#guard;
    if (guard !== undefined) {
      const issues: Issue[] = [];
      for (let i = 0; i < items.length && issues.length < MAX_ITEM_ISSUES; i++) {
        let accepted: boolean;
        try {
          accepted = guard(items[i]);
        } catch (cause) {
          const issue = makeIssue({
            code: 'invalid_item',
            path: ['data', i],
            received: describeValue(items[i]),
          });
          throw this.#fail(
            'malformed_page',
            `The item guard threw on data[${i}] of ${request}: ${describeThrown(cause)}.`,
            {
              issues: [issue],
              cause,
            },
          );
        }
        if (!accepted) {
          issues.push(
            makeIssue({ code: 'invalid_item', path: ['data', i], received: describeValue(items[i]) }),
          );
        }
      }
      if (issues.length > 0) {
        throw this.#fail(
          'malformed_page',
          `The item guard rejected elements of ${request}: ${messagesOf(issues)}`,
          {
            issues,
          },
        );
      }
    }
    return { data: items as T[], startingAfter: cursor, nextCursor: next, count, number, offset: 0 };
  }

  next(): Promise<IteratorResult<T, undefined>> {
    return this.#enqueue(async () => {
      if (this.#failure !== undefined) throw this.#failure;
      if (this.#closed) return DONE;
      for (;;) {
        const cur = this.#current;
        if (cur !== undefined && cur.index < cur.page.data.length) {
          const value = cur.page.data[cur.index] as T;
          cur.index += 1;
          return { done: false, value };
        }
        if (!(await this.#load())) return DONE;
      }
    });
  }

  return(): Promise<IteratorResult<T, undefined>> {
    return this.#enqueue(() => {
      this.#closed = true;
      return DONE;
    });
  }

  #nextPage(): Promise<IteratorResult<Page<T>, undefined>> {
    return this.#enqueue(async () => {
      if (this.#failure !== undefined) throw this.#failure;
      if (this.#closed) return DONE;
      let cur = this.#current;
      const unseen =
        cur !== undefined && !cur.yielded && (cur.index === 0 || cur.index < cur.page.data.length);
      if (!unseen) {
        if (!(await this.#load())) return DONE;
        cur = this.#current as Current<T>;
      }
      const c = cur as Current<T>;
      const page = c.index === 0 ? c.page : { ...c.page, data: c.page.data.slice(c.index), offset: c.index };
      c.index = c.page.data.length;
      c.yielded = true;
      return { done: false, value: page };
    });
  }

  pages(): AsyncIterableIterator<Page<T>> {
    const view: AsyncIterableIterator<Page<T>> = {
      next: () => this.#nextPage(),
      return: async () => {
        await this.return();
        return DONE;
      },
      [Symbol.asyncIterator]: () => view,
    };
    return view;
  }

  toArray(options: ToArrayOptions): Promise<T[]> {
    return this.#enqueue(async () => {
      let max: unknown;
      try {
        max = options.max;
      } catch {
        max = undefined;
      }
      if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 0) {
        throw this.#fail(
          'invalid_option',
          `toArray needs { max }, an integer >= 0, received ${describeValue(max)}.`,
          {},
          false,
        );
      }
      if (this.#failure !== undefined) throw this.#failure;
      if (this.#closed) return [];
      this.#collecting = this.#mark();
      try {
        const out: T[] = [];
        for (;;) {
          const cur = this.#current;
          if (cur !== undefined && cur.index < cur.page.data.length) {
            if (out.length >= max) {
              throw this.#fail(
                'too_many_items',
                `The list has more than ${countOf(max, 'element')}, the max of toArray; iterate it instead, or raise max.`,
              );
            }
            out.push(cur.page.data[cur.index] as T);
            cur.index += 1;
            continue;
          }
          if (!(await this.#load())) return out;
        }
      } finally {
        this.#collecting = undefined;
      }
    });
  }

  firstPage(): Promise<Page<T>> {
    return this.#enqueue(async () => {
      if (this.#first !== undefined) return this.#first;
      if (this.#failure !== undefined) throw this.#failure;
      await this.#load();
      return this.#first as unknown as Page<T>;
    });
  }

  // biome-ignore lint/suspicious/noThenProperty: awaitable by design, like a list in stripe-node.
  then<A = Page<T>, B = never>(
    onfulfilled?: ((value: Page<T>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onfulfilled, onrejected);
  }

  [Symbol.asyncIterator](): PageIterator<T> {
    return this;
  }
}

/**
 * Reads a cursor-paginated list (docs/service.md#pagination) through `fetchPage`, lazily: no request is made until
 * the list is iterated or awaited. See {@link PageIterator} for how to read it and
 * {@link PaginationError} for how it fails (an invalid `limit` or option fails before any
 * request). Every traversal ends, whatever the source returns:
 * - a cursor that repeats the starting cursor or one of the last 1,000 cursors returned
 *   (`CursorWindow`: the memory for seen cursors is bounded) is a `repeated_cursor` error;
 * - more than `maxPages` pages (default 10,000) is a `too_many_pages` error;
 * - more than `maxEmptyPages` pages in a row (default 10) with no element but a cursor is an
 *   `empty_pages` error;
 * - a page with more elements than `limit` (or than 100 without a limit) is an `oversized_page`
 *   error, never accepted silently.
 *
 * Without `itemGuard`, elements are not checked: `T` is then the caller's assertion.
 *
 * An abort takes effect at page boundaries: it cancels the request in flight (even if
 * `fetchPage` ignores the signal) and stops any further request, while the elements of a page
 * already received are still yielded, so that a page is never split. To stop at once, break out
 * of the loop.
 *
 * @example
 * const list = paginate((params, signal) => api.get('/pipelines', { query: params, signal }), {
 *   limit: 100,
 * });
 * for await (const pipeline of list) console.log(pipeline);
 * // or: const all = await list.toArray({ max: 10_000 });
 * // resume after a failure: paginate(fetchPage, { limit: 100, startingAfter: error.lastGoodCursor })
 */
export function paginate<T = unknown, S extends AbortSignalLike = AbortSignalLike>(
  fetchPage: FetchPage<S>,
  options: PaginateOptions<T, S> = {},
): PageIterator<T> {
  return new Traversal<T, S>(fetchPage, options);
}
