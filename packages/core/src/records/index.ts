/**
 * The output records of the CLI, in one home. `verify.ts`: the record of `querymode verify`.
 *
 * @module
 */
export * from './verify.js';
