/**
 * zod 4 schemas of the query-mode request body, built from the catalogue: one strict object per
 * mode (two for a mode with a conditional field, as a union on the condition so that it
 * survives conversion to JSON Schema) and a discriminated union on `mode`.
 *
 * @module
 */
import { z } from 'zod';
import type { QueryModeBody, QueryModeConfig } from '../catalogue/body-types.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { componentName, MODES } from '../catalogue/modes.js';
import { citeSource } from '../catalogue/service-rules.js';
import type { FieldSpec, ModeSpec } from '../catalogue/types.js';
import { fieldSchema } from './field-schemas.js';
import { queryModeRegistry } from './registry.js';

function describeMode(mode: ModeSpec): string {
  const captures = CHANGE_KINDS.map((k) => `${k}: ${mode.captures[k].text}`).join('; ');
  const rules = mode.rules.map((r) => `- ${r.text} (${citeSource(r.id, undefined)})`);
  return [`${mode.summary}`, '', `Captures ${captures}.`, '', 'Rules:', ...rules].join('\n');
}

function branch(
  mode: ModeSpec,
  fields: readonly FieldSpec[],
  fixed: Record<string, z.ZodType> = {},
): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    mode: z.literal(mode.id).register(queryModeRegistry, { description: `The query mode: \`${mode.id}\`.` }),
  };
  for (const field of fields) {
    const p = field.presence;
    if (fixed[field.name] !== undefined) shape[field.name] = fixed[field.name] as z.ZodType;
    else shape[field.name] = p.type === 'required' ? fieldSchema(field) : fieldSchema(field).optional();
  }
  return z.strictObject(shape);
}

function modeSchema(mode: ModeSpec): z.ZodType {
  const conditional = mode.fields.find((f) => f.presence.type === 'required_when');
  let schema: z.ZodType;
  if (conditional === undefined || conditional.presence.type !== 'required_when') {
    schema = branch(mode, mode.fields);
  } else {
    const { field: on, equals } = conditional.presence;
    const onField = mode.fields.find((f) => f.name === on) as FieldSpec;
    const when = branch(mode, mode.fields, {
      [on]: z.literal(equals).register(queryModeRegistry, { description: onField.meaning }),
      [conditional.name]: fieldSchema(conditional),
    });
    const otherwise = branch(mode, mode.fields, {
      [on]: z.literal(!equals).register(queryModeRegistry, { description: onField.meaning }),
      [conditional.name]: fieldSchema(conditional).optional(),
    });
    schema = z.discriminatedUnion(on, [when as never, otherwise as never]);
  }
  return schema.register(queryModeRegistry, {
    id: componentName(mode.id),
    title: mode.title,
    description: describeMode(mode),
  });
}

/** The config schema of each mode, by mode id. */
export const modeConfigSchemas: Readonly<Record<string, z.ZodType>> = Object.fromEntries(
  MODES.map((m) => [m.id, modeSchema(m)]),
);

/** The schema of `config`: a union discriminated on `mode`. */
export const queryModeConfigSchema = z.discriminatedUnion(
  'mode',
  Object.values(modeConfigSchemas) as never,
) as unknown as z.ZodType<QueryModeConfig>;

/** The schema of the request body `{ config }` (spec 2.3), the schema of record. */
export const queryModeBodySchema = z
  .strictObject({ config: queryModeConfigSchema })
  .register(queryModeRegistry, {
    id: 'QueryModeBody',
    title: 'Query mode configuration',
    description:
      'The request body of PUT .../objects/{object_name}/query-mode: one required key, config (service rules: the request body).',
  }) as unknown as z.ZodType<QueryModeBody>;
