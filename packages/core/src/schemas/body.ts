/**
 * zod 4 schemas of the query-mode request body, built from the catalogue for each profile
 * (`catalogue/profiles.ts`): one object per mode (two for a mode with a conditional field, as a
 * union on the condition so that it survives conversion to JSON Schema) and a discriminated union
 * on `mode`. In the strict profile other keys are rejected; in the documented one they are kept.
 *
 * @module
 */
import { z } from 'zod';
import type { DocumentedQueryModeBody, QueryModeBody } from '../catalogue/body-types.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { componentName, MODES } from '../catalogue/modes.js';
import { BODY_PROFILES, type BodyProfile, type ProfileSpec } from '../catalogue/profiles.js';
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
  profile: ProfileSpec,
  fields: readonly FieldSpec[],
  fixed: Record<string, z.ZodType> = {},
): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    mode: z.literal(mode.id).register(queryModeRegistry, { description: `The query mode: \`${mode.id}\`.` }),
  };
  for (const field of fields) {
    const p = profile.presenceOf(field);
    if (fixed[field.name] !== undefined) shape[field.name] = fixed[field.name] as z.ZodType;
    else
      shape[field.name] =
        p.type === 'required' ? fieldSchema(field, profile) : fieldSchema(field, profile).optional();
  }
  return objectOf(profile, shape);
}

/** An object of the profile: other keys rejected (strict) or kept as they are (documented). */
function objectOf(profile: ProfileSpec, shape: Record<string, z.ZodType>): z.ZodObject {
  return profile.rejectsOtherKeys ? z.strictObject(shape) : z.looseObject(shape);
}

function modeSchema(mode: ModeSpec, profile: ProfileSpec): z.ZodType {
  const conditional = mode.fields.find((f) => profile.presenceOf(f).type === 'required_when');
  const presence = conditional === undefined ? undefined : profile.presenceOf(conditional);
  let schema: z.ZodType;
  if (conditional === undefined || presence?.type !== 'required_when') {
    schema = branch(mode, profile, mode.fields);
  } else {
    const { field: on, equals } = presence;
    const onField = mode.fields.find((f) => f.name === on) as FieldSpec;
    const otherwiseOn = z.literal(!equals).register(queryModeRegistry, { description: onField.meaning });
    const when = branch(mode, profile, mode.fields, {
      [on]: z.literal(equals).register(queryModeRegistry, { description: onField.meaning }),
      [conditional.name]: fieldSchema(conditional, profile),
    });
    const otherwise = branch(mode, profile, mode.fields, {
      [on]: profile.presenceOf(onField).type === 'required' ? otherwiseOn : otherwiseOn.optional(),
      [conditional.name]: fieldSchema(conditional, profile).optional(),
    });
    // Where the condition may be absent, JSON Schema gets `anyOf` (`json-schema.ts`).
    schema = z.discriminatedUnion(on, [when as never, otherwise as never]);
  }
  return schema.register(queryModeRegistry, {
    id: componentName(mode.id),
    title: mode.title,
    description: describeMode(mode),
  });
}

/** The config schema of each mode in a profile, by mode id. */
function modeConfigSchemasOf(profile: ProfileSpec): Readonly<Record<string, z.ZodType>> {
  return Object.fromEntries(MODES.map((m) => [m.id, modeSchema(m, profile)]));
}

function bodySchemaOf(configs: Readonly<Record<string, z.ZodType>>, profile: ProfileSpec): z.ZodType {
  const config = z.discriminatedUnion('mode', Object.values(configs) as never);
  return objectOf(profile, { config }).register(queryModeRegistry, {
    id: 'QueryModeBody',
    title: 'Query mode configuration',
    description: `The request body of PUT .../objects/{object_name}/query-mode: one required key, config (service rules: the request body). ${profileWords(profile)}`,
  });
}

/** What a profile's schema checks, in its description. */
function profileWords(profile: ProfileSpec): string {
  return `Profile: ${profile.title} (${profile.summary.replace(/\.$/, '')}).`;
}

/** The config schema of each mode, by mode id, in querymode's strict profile. */
export const modeConfigSchemas: Readonly<Record<string, z.ZodType>> = modeConfigSchemasOf(
  BODY_PROFILES.strict,
);

/**
 * The schema of the request body `{ config }` in querymode's strict profile, the schema of record
 * of `validateQueryModeBody`.
 */
export const queryModeBodySchema = bodySchemaOf(
  modeConfigSchemas,
  BODY_PROFILES.strict,
) as unknown as z.ZodType<QueryModeBody>;

/**
 * The schema of the request body as the service's documentation describes it (the documented
 * profile): the OpenAPI document's, and the schema of record of
 * `validateQueryModeBody(body, { profile: 'documented' })`. Keys it does not name are kept.
 */
export const documentedQueryModeBodySchema = bodySchemaOf(
  modeConfigSchemasOf(BODY_PROFILES.documented),
  BODY_PROFILES.documented,
) as unknown as z.ZodType<DocumentedQueryModeBody>;

/** The body schema of each profile. */
export const queryModeBodySchemas: { readonly [P in BodyProfile]: z.ZodType } = {
  strict: queryModeBodySchema,
  documented: documentedQueryModeBodySchema,
};
