/**
 * The zod schemas of `@querymode/core`, in their own entry point so that code that only
 * validates (the CLI's hot path, a browser bundle) does not build them.
 *
 * @module
 */

export * from '../records/index.js';
export * from './body.js';
export * from './field-schemas.js';
export * from './json-schema.js';
export * from './list-envelope.js';
export * from './registry.js';
export * from './traits.js';
