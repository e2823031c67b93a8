/**
 * `querymode schema [body|traits]`: the JSON Schema of the query-mode body or of table traits.
 *
 * @module
 */
import { queryModeBodyJsonSchema, tableTraitsJsonSchema } from '@querymode/core/schemas';
import { printJson } from '../render/json.js';

/** Runs `schema`. */
export function runSchema(kind: 'body' | 'traits'): number {
  printJson(kind === 'traits' ? tableTraitsJsonSchema() : queryModeBodyJsonSchema());
  return 0;
}
