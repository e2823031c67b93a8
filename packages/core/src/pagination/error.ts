/**
 * The error of pagination: a stable `code` and the cursor from which a caller resumes.
 *
 * @module
 */
import type { Issue } from '../issues/types.js';

/** Every code of {@link PaginationError}, for loops in tests and docs. */
export const PAGINATION_ERROR_CODES = [
  'invalid_limit',
  'invalid_option',
  'malformed_page',
  'count_mismatch',
  'repeated_cursor',
  'fetch_failed',
  'aborted',
  'too_many_items',
  'too_many_pages',
  'empty_pages',
  'oversized_page',
] as const;

/**
 * Why pagination stopped:
 * - `invalid_limit`: `limit` is not an integer from 1 to 100 (no request was made);
 * - `invalid_option`: another option is invalid (`startingAfter`, `itemGuard`, `fetchPage`, or the
 *   `max` of `toArray`);
 * - `malformed_page`: a response is not a list envelope, or the item guard rejected an element;
 * - `count_mismatch`: `pagination.count` differs from `data.length`;
 * - `repeated_cursor`: a returned cursor equals the starting cursor or one returned before, so
 *   following it would loop;
 * - `fetch_failed`: `fetchPage` threw or rejected (the reason is the error's `cause`);
 * - `aborted`: the signal was aborted (checked before and after each request);
 * - `too_many_items`: `toArray` found more elements than its `max`;
 * - `too_many_pages`: the traversal reached `maxPages` pages and the list goes on (no request
 *   beyond the cap is made; resume from `lastGoodCursor` to read on);
 * - `empty_pages`: `maxEmptyPages` pages in a row had no element yet a cursor to a next page
 *   (docs/service.md#pagination: `pagination` is present only when more elements exist), so the source is stuck;
 * - `oversized_page`: a page has more elements than the `limit` it was requested with (or than
 *   the maximum page size, 100, when no limit was sent).
 */
export type PaginationErrorCode = (typeof PAGINATION_ERROR_CODES)[number];

/** The details of a {@link PaginationError}. */
export interface PaginationErrorDetails {
  /** See {@link PaginationError.lastGoodCursor}. */
  readonly lastGoodCursor: string | undefined;
  /** See {@link PaginationError.skip}. */
  readonly skip: number;
  /** The issues of an invalid option or a malformed page; empty otherwise. */
  readonly issues?: readonly Issue[];
  /** What `fetchPage` or the signal gave as the reason. */
  readonly cause?: unknown;
}

/**
 * Pagination stopped. `code` is stable; `message` says which page and why.
 *
 * To resume without losing or repeating an element, start a new `paginate` with
 * `startingAfter: error.lastGoodCursor` and drop its first `error.skip` elements. A page is
 * checked whole before any of its elements is yielded, so a failure never splits a page and
 * `skip` is 0, with one exception: a failing `toArray` delivers none of what it collected, so
 * its error resumes where it began, which is inside a page (`skip` > 0) when `next()` had already
 * taken part of that page. `lastGoodCursor` undefined means "from the start of the list".
 */
export class PaginationError extends Error {
  override readonly name = 'PaginationError';
  /** Why pagination stopped. */
  readonly code: PaginationErrorCode;
  /**
   * The cursor to resume from: the `starting_after` of the first page whose elements the caller
   * has not all received (undefined: the start of the list).
   */
  readonly lastGoodCursor: string | undefined;
  /** How many elements of the page fetched with `lastGoodCursor` the caller already received. */
  readonly skip: number;
  /** The issues of an invalid option or a malformed page; empty otherwise. */
  readonly issues: readonly Issue[];

  constructor(code: PaginationErrorCode, message: string, details: PaginationErrorDetails) {
    const d = readDetails(details);
    super(
      typeof message === 'string' ? message : 'Pagination stopped.',
      d.hasCause ? { cause: d.cause } : undefined,
    );
    this.code = code;
    this.lastGoodCursor = d.lastGoodCursor;
    this.skip = d.skip;
    this.issues = d.issues;
  }
}

/** The details of an error, read once; details that cannot be read count as none. */
function readDetails(details: PaginationErrorDetails): {
  hasCause: boolean;
  cause: unknown;
  lastGoodCursor: string | undefined;
  skip: number;
  issues: readonly Issue[];
} {
  try {
    const hasCause = typeof details === 'object' && details !== null && 'cause' in details;
    const cursor = details?.lastGoodCursor;
    const issues = details?.issues;
    return {
      hasCause,
      cause: hasCause ? details.cause : undefined,
      lastGoodCursor: typeof cursor === 'string' ? cursor : undefined,
      skip: typeof details?.skip === 'number' ? details.skip : 0,
      issues: Array.isArray(issues) ? issues : [],
    };
  } catch {
    return { hasCause: false, cause: undefined, lastGoodCursor: undefined, skip: 0, issues: [] };
  }
}
