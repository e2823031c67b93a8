/**
 * Cursor pagination (docs/service.md#pagination): `limit` validation, the hand-written page checker and
 * `paginate`. The zod schemas of the envelope are in `@querymode/core/schemas`.
 *
 * @module
 */
export * from './check-page.js';
export * from './cursor-window.js';
export * from './error.js';
export * from './limit.js';
export * from './paginate.js';
export * from './types.js';
