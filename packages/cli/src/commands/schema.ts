/**
 * `querymode schema [kind]`: the JSON Schema of an input (a query-mode body, table traits) or of
 * an output of the CLI (core's `OUTPUT_KINDS`: `recommendation`, `ndjson-record`, `estimate`,
 * `plan`, `inspect`, `verify-record`, `apply-record`).
 *
 * @module
 */
import {
  OUTPUT_SCHEMAS,
  outputJsonSchema,
  queryModeBodyJsonSchema,
  tableTraitsJsonSchema,
} from '@querymode/core/schemas';
import { printJson } from '../render/json.js';
import type { SchemaKind } from '../schema-kinds.js';

/** The JSON Schema of a kind. */
export function schemaOf(kind: SchemaKind): unknown {
  if (kind === 'body') return queryModeBodyJsonSchema();
  if (kind === 'traits') return tableTraitsJsonSchema();
  return outputJsonSchema(OUTPUT_SCHEMAS[kind]);
}

/** Runs `schema`. */
export function runSchema(kind: SchemaKind): number {
  printJson(schemaOf(kind));
  return 0;
}
