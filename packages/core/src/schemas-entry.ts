/**
 * `@querymode/core/schemas`: every zod schema of core, in an entry point of its own so that code
 * that only validates (the CLI's hot path, a browser bundle) does not build them: the request and
 * traits schemas (`schemas/`) and the output records' schemas (`records/schemas.ts`).
 *
 * @module
 */
export * from './records/schemas.js';
export * from './schemas/index.js';
