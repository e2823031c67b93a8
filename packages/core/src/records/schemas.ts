/**
 * The zod schemas of what the CLI prints as JSON: `recommend --json`, each record of
 * `recommend --ndjson` (a result or an error), `estimate --json`, `plan --json`, `inspect --json`,
 * each record of `verify` and of `apply`, and the shapes they share. They reach users through
 * `@querymode/core/schemas` (with zod, which the main entry never loads); the records' types and
 * builders are in `index.ts`, in the main entry.
 *
 * @module
 */
export * from './advice-schemas.js';
export * from './apply-schema.js';
export * from './estimate-schema.js';
export * from './inspect-schema.js';
export * from './output-schemas.js';
export * from './plan-schema.js';
export * from './recommend-schemas.js';
export * from './verify.js';
