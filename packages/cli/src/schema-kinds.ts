/**
 * The documents `querymode schema` prints: the inputs (a body, table traits) and the outputs of
 * the CLI's `--json` and `--ndjson` modes.
 *
 * @module
 */

/** Every kind `querymode schema` accepts, the default first. */
export const SCHEMA_KINDS = [
  'body',
  'traits',
  'recommendation',
  'ndjson-record',
  'estimate',
  'plan',
  'verify-record',
] as const;

/** A kind `querymode schema` accepts. */
export type SchemaKind = (typeof SCHEMA_KINDS)[number];
