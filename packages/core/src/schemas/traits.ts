/**
 * The zod schema of table traits (the advisor's input), built from the traits model
 * (`advisor/traits/model.ts`), and its JSON Schema. The fast validator `validateTableTraits` states the
 * same rules; a differential property test holds the two equal.
 *
 * @module
 */

import { z } from 'zod';
import {
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  TABLE_TRAIT_FIELDS,
  type TableTraits,
  TRAIT_KINDS,
  type TraitField,
  type TraitKindSpec,
  type TraitValueKind,
} from '../advisor/traits/model.js';
import { FIELD_KINDS } from '../catalogue/field-kinds.js';
import { shownName } from '../text/visible.js';
import { type JsonSchema, jsonSchemaOf } from './json-schema.js';
import { queryModeRegistry } from './registry.js';

/** The nested objects of the model: their fields and their named component. */
const NESTED: { readonly [K in TraitValueKind]?: () => z.ZodType } = {
  changes: () =>
    shape(CHANGE_TRAIT_FIELDS).register(queryModeRegistry, {
      id: 'ChangeTraits',
      title: 'Change traits',
      description: 'How the table changes. Every field is optional; absent means unknown.',
    }),
  change_tracking: () =>
    shape(CHANGE_TRACKING_TRAIT_FIELDS).register(queryModeRegistry, {
      id: 'ChangeTrackingTraits',
      title: 'Change-tracking traits',
      description: "The database change-tracking feature's state for the table. Absent means unknown.",
    }),
};

/** The schema of a number kind: an integer or a finite number, within its range. */
function numberSchema(spec: Extract<TraitKindSpec, { base: 'number' }>): z.ZodType {
  let n = spec.integer ? z.int() : z.number();
  n = spec.exclusive ? n.gt(spec.min) : n.min(spec.min);
  return spec.max === undefined ? n : n.max(spec.max);
}

/** The schema of a value of a kind, from its spec (`TRAIT_KINDS`). */
function leaf(kind: TraitValueKind): z.ZodType {
  const spec: TraitKindSpec = TRAIT_KINDS[kind];
  switch (spec.base) {
    case 'string':
      if (spec.options !== undefined) return z.enum(spec.options as [string, ...string[]]);
      if (spec.fieldKind !== undefined)
        return z.string().regex(new RegExp(FIELD_KINDS[spec.fieldKind].pattern as string));
      return z.string();
    case 'boolean':
      return z.boolean();
    case 'number':
      return numberSchema(spec);
    case 'list':
      return z.array(z.string());
    case 'columns':
      return z.array(columnTraitsSchema).superRefine((columns, ctx) => {
        const seen = new Map<string, number>();
        columns.forEach((column, i) => {
          const name = column.name as string;
          if (!seen.has(name)) seen.set(name, i);
          else
            ctx.addIssue({
              code: 'custom',
              path: [i, 'name'],
              message: `duplicate column ${shownName(name)}`,
            });
        });
      });
    case 'object':
      return (NESTED[kind] as () => z.ZodType)();
  }
}

function shape(fields: readonly TraitField[]): z.ZodObject {
  const out: Record<string, z.ZodType> = {};
  for (const f of fields) {
    const value = leaf(f.kind);
    // The nested objects are named components with their own description.
    if (TRAIT_KINDS[f.kind].base !== 'object')
      value.register(queryModeRegistry, { description: f.description });
    out[f.name] = f.required ? value : value.optional();
  }
  return z.strictObject(out);
}

const columnTraitsSchema = shape(COLUMN_TRAIT_FIELDS).register(queryModeRegistry, {
  id: 'ColumnTraits',
  title: 'Column traits',
  description: 'What is known about one column of the table. Only `name` is required; absent means unknown.',
});

/**
 * The schema of table traits, the input of the advisor (`checkAgainstTable`, `recommend`,
 * `estimateEvents`, `planModeChange`). Registered in `queryModeRegistry` as `TableTraits`.
 * Duplicate column names are rejected by a refinement, which JSON Schema cannot express.
 */
export const tableTraitsSchema = shape(TABLE_TRAIT_FIELDS).register(queryModeRegistry, {
  id: 'TableTraits',
  title: 'Table traits',
  description:
    'What the caller knows about one source table. Every field is optional: an absent field is unknown, and the advisor says so instead of guessing.',
}) as unknown as z.ZodType<TableTraits>;

/**
 * The JSON Schema (draft 2020-12) of table traits: `$ref` to `#/$defs/TableTraits`, with the
 * column, change and change-tracking objects as further `$defs`. The one rule it cannot state is
 * that column names are unique.
 */
export function tableTraitsJsonSchema(): JsonSchema {
  return jsonSchemaOf(tableTraitsSchema);
}
