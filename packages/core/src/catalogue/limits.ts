/**
 * The limits of the spec, section 8, as constants. Nothing here is invented: every value is in
 * the spec's limits table.
 *
 * @module
 */

/** The `limit` query parameter of list endpoints: an integer from 1 to 100 (spec 4.2 and 8). */
export const LIST_LIMIT = { min: 1, max: 100 } as const;

/** `full_load` is usable only when the table has fewer than this many rows (spec 2.3 and 8). */
export const FULL_LOAD_MAX_ROWS_EXCLUSIVE = 5_000_000;

/** After a whole table is loaded, `full_load` waits this long before ingesting it again (spec 2.3 and 8). */
export const FULL_LOAD_RELOAD_WAIT_HOURS = 6;

/** {@link FULL_LOAD_RELOAD_WAIT_HOURS} in milliseconds. */
export const FULL_LOAD_RELOAD_WAIT_MS = FULL_LOAD_RELOAD_WAIT_HOURS * 60 * 60 * 1000;

/** The mode every new pipeline object starts in (spec 3 and 8). */
export const DEFAULT_MODE = 'full_load' as const;

/** The path prefix of every endpoint (spec 4 and 9). */
export const API_PREFIX = '/api/public/v2.0' as const;

/** The API version carried in the path (spec 9). */
export const API_VERSION = '2.0' as const;
