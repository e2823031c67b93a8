/**
 * What is wrong with a plan's recommend record by core's schema of those records, the one
 * definition of the record (`isPlannedRecord` in `planned-record.ts` is its first pass). With
 * zod: `verify` loads it through the heavy chunk only to word a record that pass refused.
 *
 * @module
 */

import { ndjsonRecordSchema } from '@querymode/core/schemas';

/** The schema of the keys a plan rests on; every other key is let through unread. */
export const PLANNED = (ndjsonRecordSchema.options[0] as (typeof ndjsonRecordSchema.options)[0])
  .pick({ line: true, ok: true, status: true, table: true, mode: true, body: true, traits: true })
  .loose();

/** The first issue of `record` by {@link PLANNED} (its path and message), or undefined when it is valid. */
export function plannedRecordProblem(record: Record<string, unknown>): string | undefined {
  const checked = PLANNED.safeParse(record);
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  return `${issue?.path.join('.') || 'the record'}: ${issue?.message ?? 'invalid'}`;
}
