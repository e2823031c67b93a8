/**
 * OpenAPI schemas from core's zod schemas, through core's `jsonSchemaOf` (zod 4's `z.toJSONSchema`
 * with core's registry): named components move from `$defs` to `components.schemas`, and every
 * `$ref` follows them. No schema is written here by hand.
 *
 * @module
 */
import { type JsonSchema, jsonSchemaOf } from '@querymode/core/schemas';
import type { z } from 'zod';

/** Where named schemas live in an OpenAPI document. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

const DEFS_PREFIX = '#/$defs/';

/** A zod schema as OpenAPI: the schema itself (often a `$ref`) and the named components it uses. */
export interface OpenApiSchema {
  /** The schema, with references into `components.schemas`. */
  readonly schema: JsonSchema;
  /** The named components, by id: each zod schema registered with an `id` in core's registry. */
  readonly components: Readonly<Record<string, JsonSchema>>;
}

/** A reference to a named schema component. */
export function schemaRef(id: string): { $ref: string } {
  return { $ref: `${SCHEMA_REF_PREFIX}${id}` };
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string') {
      if (!inner.startsWith(DEFS_PREFIX)) throw new Error(`unexpected $ref ${inner} in a converted schema`);
      out[key] = `${SCHEMA_REF_PREFIX}${inner.slice(DEFS_PREFIX.length)}`;
    } else {
      out[key] = rewriteRefs(inner);
    }
  }
  return out;
}

/**
 * The OpenAPI form of one of core's zod schemas. `io: 'input'` describes what the service accepts
 * (request bodies, parameters), `'output'` what it returns. `otherKeys: 'unstated'` leaves out
 * `additionalProperties` where the service's documentation says nothing of other keys.
 */
export function toOpenApiSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  otherKeys: 'allowed' | 'unstated' = 'allowed',
): OpenApiSchema {
  const { $schema: _dialect, $id: _id, $defs, ...root } = jsonSchemaOf(schema, { io, otherKeys });
  const components: Record<string, JsonSchema> = {};
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    const { $schema: _s, $id: _i, ...rest } = def;
    components[id] = rewriteRefs(rest) as JsonSchema;
  }
  return { schema: rewriteRefs(root) as JsonSchema, components };
}

/**
 * Adds components to a set of components. A component id names one schema: the same id with a
 * different schema is a bug of the registry, and throws.
 */
export function mergeComponents(
  into: Record<string, JsonSchema>,
  from: Readonly<Record<string, JsonSchema>>,
): void {
  for (const [id, schema] of Object.entries(from)) {
    const existing = into[id];
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema)) {
      throw new Error(`two different schemas share the component id ${id}`);
    }
    into[id] = schema;
  }
}
