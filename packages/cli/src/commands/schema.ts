/**
 * `querymode schema [kind]`: the JSON Schema of an input (a query-mode body, table traits) or of
 * an output of the CLI (core's `OUTPUT_KINDS`: `recommendation`, `ndjson-record`, `estimate`,
 * `plan`, `inspect`, `verify-record`, `apply-record`).
 *
 * @module
 */
import { type BodyProfile, DEFAULT_BODY_PROFILE } from '@querymode/core';
import {
  OUTPUT_SCHEMAS,
  outputJsonSchema,
  queryModeBodyJsonSchema,
  tableTraitsJsonSchema,
} from '@querymode/core/schemas';
import { usageError } from '../errors.js';
import { printJson } from '../render/json.js';
import type { SchemaKind } from '../schema-kinds.js';

/** The JSON Schema of a kind; the body's in a profile (querymode's strict profile unless told). */
export function schemaOf(kind: SchemaKind, profile: BodyProfile = DEFAULT_BODY_PROFILE): unknown {
  if (kind === 'body') return queryModeBodyJsonSchema(profile);
  if (kind === 'traits') return tableTraitsJsonSchema();
  return outputJsonSchema(OUTPUT_SCHEMAS[kind]);
}

/** Runs `schema`. */
export function runSchema(kind: SchemaKind, profile: BodyProfile = DEFAULT_BODY_PROFILE): number {
  if (kind !== 'body' && profile !== DEFAULT_BODY_PROFILE)
    throw usageError(`--profile applies to the body only, not to ${kind}`);
  printJson(schemaOf(kind, profile));
  return 0;
}
