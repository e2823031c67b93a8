/**
 * The zod schema of each field in a profile, built from the check the profile applies to its kind
 * (`catalogue/field-kinds.ts`, `catalogue/profiles.ts`). Rules are regular expressions, never
 * refinements, so that they survive conversion to JSON Schema.
 *
 * @module
 */
import { z } from 'zod';
import { FIELD_KINDS, type KindCheck } from '../catalogue/field-kinds.js';
import type { ProfileSpec } from '../catalogue/profiles.js';
import type { FieldSpec } from '../catalogue/types.js';
import { queryModeRegistry } from './registry.js';

function valueSchema(jsonType: 'string' | 'boolean', check: KindCheck): z.ZodType {
  if (jsonType === 'boolean') return z.boolean();
  return check.pattern === undefined ? z.string() : z.string().regex(new RegExp(check.pattern));
}

/**
 * The zod schema of one config field in a profile, described with its meaning in the service's
 * API documentation and what the profile expects of its value.
 */
export function fieldSchema(field: FieldSpec, profile: ProfileSpec): z.ZodType {
  const kind = FIELD_KINDS[field.kind];
  const check = profile.checkOf(kind);
  const note = check.note === undefined ? '' : ` (${check.note})`;
  return valueSchema(kind.jsonType, check).register(queryModeRegistry, {
    description: `${field.meaning} Expected: ${check.expected}${note}.`,
  });
}
