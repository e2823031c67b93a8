/**
 * The documents `querymode schema` prints: the inputs (a body, table traits) and the outputs of
 * the CLI's `--json` and `--ndjson` modes (core's list, which needs no zod).
 *
 * @module
 */
import { OUTPUT_KINDS } from '@querymode/core';

/** Every kind `querymode schema` accepts, the default first. */
export const SCHEMA_KINDS = ['body', 'traits', ...OUTPUT_KINDS] as const;

/** A kind `querymode schema` accepts. */
export type SchemaKind = (typeof SCHEMA_KINDS)[number];
