/**
 * The zod schema of table traits (the advisor's input), built from the traits model
 * (`advisor/traits/model.ts`), and its JSON Schema. The fast validator `validateTableTraits` states the
 * same rules; a differential property test holds the two equal.
 *
 * @module
 */

import { z } from 'zod';
import {
  CHANGE_ANSWERS,
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  PIPELINE_MODES,
  SOURCE_KINDS,
  TABLE_TRAIT_FIELDS,
  type TableTraits,
  type TraitField,
  type TraitValueKind,
} from '../advisor/traits/model.js';
import { COLUMN_NAME_PATTERN } from '../catalogue/patterns.js';
import { shownName } from '../text/visible.js';
import { type JsonSchema, jsonSchemaOf } from './json-schema.js';
import { queryModeRegistry } from './registry.js';

const LEAF: { readonly [K in TraitValueKind]: () => z.ZodType } = {
  string: () => z.string(),
  column_name: () => z.string().regex(new RegExp(COLUMN_NAME_PATTERN)),
  boolean: () => z.boolean(),
  source: () => z.enum(SOURCE_KINDS),
  pipeline_mode: () => z.enum(PIPELINE_MODES),
  change_answer: () => z.enum(CHANGE_ANSWERS),
  count: () => z.int().min(0),
  rate: () => z.number().min(0),
  positive: () => z.number().positive(),
  columns: () =>
    z.array(columnTraitsSchema).superRefine((columns, ctx) => {
      const seen = new Map<string, number>();
      columns.forEach((column, i) => {
        const name = column.name as string;
        if (!seen.has(name)) seen.set(name, i);
        else
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `duplicate column ${shownName(name)}` });
      });
    }),
  changes: () =>
    shape(CHANGE_TRAIT_FIELDS).register(queryModeRegistry, {
      id: 'ChangeTraits',
      title: 'Change traits',
      description: 'How the table changes. Every field is optional; absent means unknown.',
    }),
  notes: () => z.array(z.string()),
  change_tracking: () =>
    shape(CHANGE_TRACKING_TRAIT_FIELDS).register(queryModeRegistry, {
      id: 'ChangeTrackingTraits',
      title: 'Change-tracking traits',
      description: "The database change-tracking feature's state for the table. Absent means unknown.",
    }),
};

function shape(fields: readonly TraitField[]): z.ZodObject {
  const out: Record<string, z.ZodType> = {};
  for (const f of fields) {
    const leaf = LEAF[f.kind]();
    // The nested objects are named components with their own description.
    if (f.kind !== 'changes' && f.kind !== 'change_tracking') {
      leaf.register(queryModeRegistry, { description: f.description });
    }
    out[f.name] = f.required ? leaf : leaf.optional();
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
