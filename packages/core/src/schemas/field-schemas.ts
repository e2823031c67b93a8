/**
 * The zod schema of each field kind. Rules are regular expressions, never refinements, so that
 * they survive conversion to JSON Schema.
 *
 * @module
 */
import { z } from 'zod';
import { FIELD_KINDS } from '../catalogue/field-kinds.js';
import { COLUMN_NAME_PATTERN, MILLISECONDS_PATTERN } from '../catalogue/patterns.js';
import type { FieldKind, FieldSpec } from '../catalogue/types.js';
import { queryModeRegistry } from './registry.js';

const KIND_SCHEMAS: { readonly [K in FieldKind]: () => z.ZodType } = {
  column_name: () => z.string().regex(new RegExp(COLUMN_NAME_PATTERN)),
  boolean: () => z.boolean(),
  milliseconds_string: () => z.string().regex(new RegExp(MILLISECONDS_PATTERN)),
};

/** The zod schema of one config field, described with its meaning in the service's API documentation. */
export function fieldSchema(field: FieldSpec): z.ZodType {
  return KIND_SCHEMAS[field.kind]().register(queryModeRegistry, {
    description: `${field.meaning} Expected: ${FIELD_KINDS[field.kind].expected}.`,
  });
}
