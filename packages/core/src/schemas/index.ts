/**
 * The zod schemas of the request body, the table traits and the list envelope; with the output
 * records' schemas (`records/schemas.ts`) they make the `@querymode/core/schemas` entry
 * (`schemas-entry.ts`), so that code that only validates (the CLI's hot path, a browser bundle)
 * does not build them.
 *
 * @module
 */

export * from './body.js';
export * from './field-schemas.js';
export * from './json-schema.js';
export * from './list-envelope.js';
export * from './registry.js';
export * from './traits.js';
