/**
 * `@querymode/core`: the catalogue of query modes, validation of the query-mode request body,
 * and (from the advisor modules) checks against a table, recommendation, events estimates,
 * mode-change plans and cursor pagination. Pure and isomorphic: no I/O, no globals.
 *
 * The zod schemas are in the `@querymode/core/schemas` entry point.
 *
 * @module
 */

export * from './advisor/index.js';
export * from './catalogue/index.js';
export * from './dialects/type-families/index.js';
export * from './issues/index.js';
export * from './pagination/index.js';
export * from './records/index.js';
export * from './validate/index.js';
