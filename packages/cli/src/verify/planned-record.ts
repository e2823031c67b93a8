/**
 * Whether a `recommend --ndjson` record (`ok: true`) holds what a plan rests on, by core's schema
 * of those records: the keys `line`, `ok`, `status`, `table`, `mode`, `body` and `traits` checked,
 * the others (`candidates`, `reasons`, ...) not read. The zod schema (`planned-record-schema.ts`)
 * is the one definition of the record; {@link isPlannedRecord} is a pass by plain reads that says
 * yes exactly where the schema does (a test holds the two equal on valid and hostile records), and
 * the schema words what it refuses. Reading the 10,000 plain records of `pnpm bench verify`'s plan
 * took 115 ms of verify's 1.1 s of CPU with the schema's parse of each (50 ms), 30-50 ms with this
 * pass (CPU profiles, load 6-8).
 *
 * @module
 */

import {
  QUERY_MODES,
  type QueryModeBody,
  RECOMMENDATION_STATUSES,
  type TableTraits,
  validateQueryModeBody,
  validateTableTraits,
} from '@querymode/core';

const isOneOf = (list: readonly unknown[], value: unknown): boolean => list.includes(value);

/** What a valid record plans, as core's validators give it: its body (null for none) and its traits, if any. */
export interface PlannedParts {
  readonly body: QueryModeBody | null;
  readonly traits: TableTraits | undefined;
}

/**
 * The body and traits of `record` (a parsed JSON line) when it is valid by the schema, by plain
 * reads, else undefined: `line` a safe integer of at least 1, `ok` true, `status` a
 * recommendation status, `table` a string or null, `mode` a mode or null, `body` null or a valid
 * body (core's validator, whose schema of record is the one in the record's schema), and
 * `traits` absent or valid (likewise). The plan keeps what the validators give, so that each is
 * run once a record (the bench plan's 1,000 bodies were validated twice: `pnpm bench verify`).
 */
export function plannedParts(record: Record<string, unknown>): PlannedParts | undefined {
  const { line, table, mode, body, traits } = record;
  if (
    !Number.isSafeInteger(line) ||
    (line as number) < 1 ||
    record.ok !== true ||
    !isOneOf(RECOMMENDATION_STATUSES, record.status) ||
    (table !== null && typeof table !== 'string') ||
    (mode !== null && !isOneOf(QUERY_MODES, mode)) ||
    !Object.hasOwn(record, 'body')
  )
    return undefined;
  const checkedBody = body === null ? null : validateQueryModeBody(body);
  if (checkedBody !== null && !checkedBody.ok) return undefined;
  const checkedTraits = Object.hasOwn(record, 'traits') ? validateTableTraits(traits) : undefined;
  if (checkedTraits !== undefined && !checkedTraits.ok) return undefined;
  return { body: checkedBody === null ? null : checkedBody.value, traits: checkedTraits?.value };
}

/** Whether `record` (a parsed JSON line) is valid by the schema ({@link plannedParts}). */
export function isPlannedRecord(record: Record<string, unknown>): boolean {
  return plannedParts(record) !== undefined;
}

/** A plan's line whose record {@link isPlannedRecord} refused; the schema words why when it is shown. */
export class RefusedRecord {
  constructor(
    readonly line: number,
    /** The record, or undefined when its problem is not shown (only counted). */
    readonly record: Record<string, unknown> | undefined,
  ) {}
}
