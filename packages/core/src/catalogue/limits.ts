/**
 * The limits of the service's API documentation, as constants. Nothing here is invented: every
 * value is in that documentation's table of limits, and on docs/service.md.
 *
 * @module
 */

/** The `limit` query parameter of list endpoints: an integer from 1 to 100 (docs/service.md#pagination). */
export const LIST_LIMIT = { min: 1, max: 100 } as const;

/** `full_load` is usable only when the table has fewer than this many rows (docs/service.md#full-load-row-limit). */
export const FULL_LOAD_MAX_ROWS_EXCLUSIVE = 5_000_000;

/** After a whole table is loaded, `full_load` waits this long before ingesting it again (docs/service.md#full-load-reload-wait). */
export const FULL_LOAD_RELOAD_WAIT_HOURS = 6;

/** The mode every new pipeline object starts in (docs/service.md#default-mode). */
export const DEFAULT_MODE = 'full_load' as const;

/** The path prefix of every endpoint (docs/service.md#endpoint). */
export const API_PREFIX = '/api/public/v2.0' as const;

/** The API version carried in the path (docs/service.md#endpoint). */
export const API_VERSION = '2.0' as const;
