/**
 * Whether a `recommend --ndjson` record (`ok: true`) holds what a plan rests on, by core's schema
 * of those records: the keys `line`, `ok`, `status`, `table`, `mode`, `body` and `traits` checked,
 * the others (`candidates`, `reasons`, ...) not read. The zod schema is the one definition of the
 * record; {@link plannedRecordProblem} asks it. {@link isPlannedRecord} is a first pass by plain
 * reads that says yes only where the schema does (a test holds the two equal on valid and hostile
 * records); the schema runs only when it says no, for its message. Reading the 10,000 plain
 * records of `pnpm bench verify`'s plan took 115 ms of verify's 1.1 s of CPU with the schema's
 * parse of each (50 ms), 30-50 ms with this first pass (CPU profiles, load 6-8).
 *
 * @module
 */

import {
  QUERY_MODES,
  RECOMMENDATION_STATUSES,
  validateQueryModeBody,
  validateTableTraits,
} from '@querymode/core';
import { ndjsonRecordSchema } from '@querymode/core/schemas';

/** The schema of the keys a plan rests on; every other key is let through unread. */
export const PLANNED = (ndjsonRecordSchema.options[0] as (typeof ndjsonRecordSchema.options)[0])
  .pick({ line: true, ok: true, status: true, table: true, mode: true, body: true, traits: true })
  .loose();

const isOneOf = (list: readonly unknown[], value: unknown): boolean => list.includes(value);

/**
 * Whether `record` (a parsed JSON line) is valid by {@link PLANNED}, by plain reads: `line` a safe
 * integer of at least 1, `ok` true, `status` a recommendation status, `table` a string or null,
 * `mode` a mode or null, `body` null or a valid body (core's validator, whose schema of record is
 * the one in the record's schema), and `traits` absent or valid (likewise).
 */
export function isPlannedRecord(record: Record<string, unknown>): boolean {
  const { line, table, mode, body, traits } = record;
  return (
    Number.isSafeInteger(line) &&
    (line as number) >= 1 &&
    record.ok === true &&
    isOneOf(RECOMMENDATION_STATUSES, record.status) &&
    (table === null || typeof table === 'string') &&
    (mode === null || isOneOf(QUERY_MODES, mode)) &&
    Object.hasOwn(record, 'body') &&
    (body === null || validateQueryModeBody(body).ok) &&
    (!Object.hasOwn(record, 'traits') || validateTableTraits(traits).ok)
  );
}

/**
 * What is wrong with `record` by {@link PLANNED} (the first issue: its path and message), or
 * undefined when it is valid.
 */
export function plannedRecordProblem(record: Record<string, unknown>): string | undefined {
  if (isPlannedRecord(record)) return undefined;
  const checked = PLANNED.safeParse(record);
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  return `${issue?.path.join('.') || 'the record'}: ${issue?.message ?? 'invalid'}`;
}
