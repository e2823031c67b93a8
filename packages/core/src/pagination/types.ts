/**
 * Types of cursor pagination: the page fetcher, the options, a page, and the iterator.
 *
 * @module
 */

/**
 * The part of an `AbortSignal` that pagination uses, structural so that core needs no DOM or Node
 * types. A real `AbortSignal` is one.
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * The query parameters of one list request (docs/service.md#pagination), named as the service names them, so that
 * `fetchPage` can send them as the query string as they are. A key is absent rather than
 * undefined. `paginate`'s options name the same values in camelCase:
 *
 * | `paginate` option | `fetchPage` receives |
 * |---|---|
 * | `limit` | `limit`, on every request |
 * | `startingAfter` (resume after this cursor) | `starting_after` on the first request, then each page's `pagination.starting_after` |
 */
export interface ListParams {
  /** The page size (`paginate`'s option `limit`), sent again unchanged on every request when given. */
  readonly limit?: number;
  /**
   * The cursor to read on from: on the first request `paginate`'s option `startingAfter` (absent
   * without it), then the `pagination.starting_after` of the previous page.
   */
  readonly starting_after?: string;
}

/** Requests one page: sends the query with these parameters and resolves to the parsed JSON body. */
export type FetchPage<S extends AbortSignalLike = AbortSignalLike> = (
  params: ListParams,
  signal?: S,
) => Promise<unknown>;

/** Options of `paginate`. */
export interface PaginateOptions<T, S extends AbortSignalLike = AbortSignalLike> {
  /** The page size, an integer from 1 to 100, sent on every request; absent: the service's default. */
  readonly limit?: number;
  /**
   * Resume after this cursor (a `lastGoodCursor` or a saved `pagination.starting_after`); the
   * first request's `fetchPage` receives it as `starting_after`, the query parameter's name.
   */
  readonly startingAfter?: string;
  /** Checks each element; a page with a rejected element is a `malformed_page`. */
  readonly itemGuard?: (item: unknown) => item is T;
  /** Passed to `fetchPage`; once aborted, no further request is made. */
  readonly signal?: S;
  /**
   * The most pages this traversal reads, a positive integer; default {@link DEFAULT_MAX_PAGES}
   * (10,000 pages: 1,000,000 elements at `limit` 100). A list that goes on past it is a
   * `too_many_pages` error whose `lastGoodCursor` reads on from there. It makes every traversal
   * end, whatever the source returns.
   */
  readonly maxPages?: number;
  /**
   * How many pages in a row may have no element yet a cursor, a positive integer; default
   * {@link DEFAULT_MAX_EMPTY_PAGES} (10). One more is an `empty_pages` error.
   */
  readonly maxEmptyPages?: number;
}

/** The default `maxPages` of `paginate`: 10,000 pages (1,000,000 elements at `limit` 100). */
export const DEFAULT_MAX_PAGES = 10_000;

/** The default `maxEmptyPages` of `paginate`: 10 empty pages in a row, each with a cursor. */
export const DEFAULT_MAX_EMPTY_PAGES = 10;

/** One page, as `pages()` and `firstPage()` give it. */
export interface Page<T> {
  /**
   * The elements of the page (a copy). For the remainder of a page whose first elements `next()`
   * already yielded, only the elements not yet yielded (see `offset`).
   */
  readonly data: readonly T[];
  /** The cursor this page was requested with; undefined for the first page of a list read from its start. */
  readonly startingAfter: string | undefined;
  /** `pagination.starting_after`: the cursor of the next page; undefined on the last page. */
  readonly nextCursor: string | undefined;
  /** `pagination.count` when `pagination` is present (it then equals the page's length). */
  readonly count: number | undefined;
  /** The position of this page in this traversal, from 1. */
  readonly number: number;
  /** The index, in the page as received, of `data[0]`: 0 except for a remainder (see `data`). */
  readonly offset: number;
}

/** Options of `PageIterator.toArray`. */
export interface ToArrayOptions {
  /** The most elements to collect, an integer >= 0. A longer list is an error, never truncated. */
  readonly max: number;
}

/**
 * A paginated list: one lazy, single traversal of the list, read page by page as needed.
 *
 * - `for await (const item of list)` / `next()`: the elements, in order, each once. Concurrent
 *   `next()` calls are queued: they share one request in flight and resolve to successive
 *   elements, never the same one twice.
 * - `pages()`: the same traversal, a page at a time.
 * - `toArray({ max })`: the remaining elements; rejects with `too_many_items` when there are more
 *   than `max` (an extra request confirms it when a full last page carries a cursor).
 * - awaitable: `await list` (and `firstPage()`) gives the first page without consuming it, as a
 *   list in stripe-node does. Because it is a thenable, do not return a `PageIterator` from an
 *   async function or resolve a promise with it: that awaits the first page instead.
 *
 * Breaking out of a loop (or `return()`) closes the traversal. Once it fails, every later call
 * rejects with the same `PaginationError`: nothing is skipped silently.
 */
export interface PageIterator<T> extends AsyncIterableIterator<T>, PromiseLike<Page<T>> {
  /** The next element, or `done` after the last page. */
  next(): Promise<IteratorResult<T, undefined>>;
  /** Closes the traversal; later `next()` calls give `done`. */
  return(): Promise<IteratorResult<T, undefined>>;
  /** The remaining pages of the same traversal. */
  pages(): AsyncIterableIterator<Page<T>>;
  /** The remaining elements, at most `max`; see the interface comment. */
  toArray(options: ToArrayOptions): Promise<T[]>;
  /** The first page, fetched once and kept; it is not consumed. */
  firstPage(): Promise<Page<T>>;
  [Symbol.asyncIterator](): PageIterator<T>;
}
