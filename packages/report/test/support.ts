/**
 * Records for the tests, made by core's builders, as `recommend --ndjson` makes them: the
 * detailed record of traits (`--detail`), its compact form, and an error record.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  errorRecord as buildErrorRecord,
  type NdjsonErrorRecord,
  type NdjsonResultRecord,
  recommendRecord,
  type TableTraits,
} from '@querymode/core';

/** The traits of examples/report/tables.ndjson. */
export const EXAMPLE_TRAITS: TableTraits[] = readFileSync(
  join(import.meta.dirname, '..', '..', '..', 'examples', 'report', 'tables.ndjson'),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

function resultRecord(traits: TableTraits, line: number, detail: 'detail' | 'compact'): NdjsonResultRecord {
  const record = recommendRecord({ line, value: traits, options: {}, detail });
  if (!record.ok) throw new Error(JSON.stringify(record.error));
  return record;
}

/** The record of `recommend --ndjson --detail` for `traits` on line `line`. */
export const detailRecord = (traits: TableTraits, line: number): NdjsonResultRecord =>
  resultRecord(traits, line, 'detail');

/** The compact record of `recommend --ndjson` for `traits` on line `line`. */
export const compactRecord = (traits: TableTraits, line: number): NdjsonResultRecord =>
  resultRecord(traits, line, 'compact');

/** An error record, as `recommend --ndjson` writes one for a bad line. */
export const errorRecord = (line: number): NdjsonErrorRecord =>
  buildErrorRecord(line, {
    code: 'invalid_json',
    message: `line ${line}: not valid JSON at column 9: unexpected end`,
  });
