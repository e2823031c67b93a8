/**
 * JSON Schema (draft 2020-12) of core's zod schemas, through zod 4's `z.toJSONSchema` with core's
 * registry: named components land in `$defs`, without the `$id`/`$schema` the converter adds to them.
 *
 * @module
 */
import { z } from 'zod';
import { queryModeBodySchema } from './body.js';
import { queryModeRegistry } from './registry.js';

/** A JSON Schema document, as plain JSON data. */
export type JsonSchema = { [key: string]: unknown };

/** Removes `$id` and `$schema` from every `$defs` entry, in place. */
export function stripComponentIds(schema: JsonSchema): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (defs) {
    for (const def of Object.values(defs)) {
      delete def.$id;
      delete def.$schema;
    }
  }
  return schema;
}

/** The JSON Schema of any of core's zod schemas, with core's metadata. */
export function jsonSchemaOf(schema: z.ZodType, options: { io?: 'input' | 'output' } = {}): JsonSchema {
  return stripComponentIds(
    z.toJSONSchema(schema, {
      metadata: queryModeRegistry,
      target: 'draft-2020-12',
      io: options.io ?? 'input',
      unrepresentable: 'throw',
    }) as JsonSchema,
  );
}

/** The JSON Schema of the query-mode request body (spec 2.3), for editors and other validators. */
export function queryModeBodyJsonSchema(): JsonSchema {
  return jsonSchemaOf(queryModeBodySchema);
}
