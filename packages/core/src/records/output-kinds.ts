/**
 * The kinds of output `querymode schema <kind>` describes, as data without zod: the CLI lists
 * them as its choices (it starts without loading zod), and `OUTPUT_SCHEMAS` has one schema per
 * kind, in this order.
 *
 * @module
 */

/** Every kind of output record with a schema, in the order the docs show them. */
export const OUTPUT_KINDS = [
  'recommendation',
  'ndjson-record',
  'ndjson-legend',
  'estimate',
  'plan',
  'inspect',
  'verify-record',
  'apply-record',
] as const;

/** A kind of output record with a schema. */
export type OutputKind = (typeof OUTPUT_KINDS)[number];
