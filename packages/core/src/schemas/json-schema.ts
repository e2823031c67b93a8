/**
 * JSON Schema (draft 2020-12) of core's zod schemas, through zod 4's `z.toJSONSchema` with core's
 * registry: named components land in `$defs`, without the `$id`/`$schema` the converter adds to them.
 *
 * @module
 */
import { z } from 'zod';
import { type BodyProfile, DEFAULT_BODY_PROFILE } from '../catalogue/profiles.js';
import { queryModeBodySchemas } from './body.js';
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

/**
 * Drops `additionalProperties: {}` (any other key allowed), which zod writes for an object that
 * keeps other keys: in JSON Schema it means what no `additionalProperties` means, but generators
 * read it as an index signature, a statement the service's documentation does not make.
 */
function dropEmptyAdditionalProperties(context: { jsonSchema: JsonSchema }): void {
  const extra = context.jsonSchema.additionalProperties;
  if (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0) {
    delete context.jsonSchema.additionalProperties;
  }
}

/**
 * A discriminated union one of whose inline branches does not require the discriminator (the
 * documented profile's `historical_enabled`) becomes `anyOf`: its branches still exclude each other,
 * so `anyOf` accepts what `oneOf` does, but tools that check `oneOf` (Redocly) read an optional
 * property as overlapping branches.
 */
function anyOfWhereDiscriminatorMayBeAbsent(context: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const discriminator = (context.zodSchema as { _zod?: { def?: { discriminator?: unknown } } })._zod?.def
    ?.discriminator;
  const branches = context.jsonSchema.oneOf;
  if (typeof discriminator !== 'string' || !Array.isArray(branches)) return;
  const mayLack = (branch: unknown): boolean =>
    typeof branch === 'object' &&
    branch !== null &&
    !('$ref' in branch) &&
    !(((branch as JsonSchema).required as unknown[] | undefined) ?? []).includes(discriminator);
  if (!branches.some(mayLack)) return;
  context.jsonSchema.anyOf = branches;
  delete context.jsonSchema.oneOf;
}

/** Options of {@link jsonSchemaOf}. */
export interface JsonSchemaOptions {
  /** What the schema describes: what is accepted (`input`, the default) or what is returned. */
  readonly io?: 'input' | 'output';
  /**
   * `unstated`: an object that keeps other keys gets no `additionalProperties` at all, for a
   * document that says nothing of other keys (the documented profile's body); by default it gets
   * `additionalProperties: {}`, any key allowed.
   */
  readonly otherKeys?: 'allowed' | 'unstated';
}

/** The JSON Schema of any of core's zod schemas, with core's metadata. */
export function jsonSchemaOf(schema: z.ZodType, options: JsonSchemaOptions = {}): JsonSchema {
  return stripComponentIds(
    z.toJSONSchema(schema, {
      metadata: queryModeRegistry,
      target: 'draft-2020-12',
      io: options.io ?? 'input',
      unrepresentable: 'throw',
      override: (context) => {
        anyOfWhereDiscriminatorMayBeAbsent(context);
        if (options.otherKeys === 'unstated') dropEmptyAdditionalProperties(context);
      },
    }) as JsonSchema,
  );
}

/**
 * The JSON Schema of the query-mode request body, for editors and other validators, in a profile
 * (querymode's strict profile unless told).
 */
export function queryModeBodyJsonSchema(profile: BodyProfile = DEFAULT_BODY_PROFILE): JsonSchema {
  return jsonSchemaOf(queryModeBodySchemas[profile] ?? queryModeBodySchemas[DEFAULT_BODY_PROFILE], {
    otherKeys: 'unstated',
  });
}
