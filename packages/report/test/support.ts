/**
 * Records for the tests, made by the advisor itself: the detailed record of traits (as
 * `recommend --ndjson --detail` writes it), its compact form, and an error record.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseMode, recommend, type TableTraits } from '@querymode/core';
import type { ErrorRecord, ResultRecord } from '../src/records.js';

/** The traits of examples/report/tables.ndjson. */
export const EXAMPLE_TRAITS: TableTraits[] = readFileSync(
  join(import.meta.dirname, '..', '..', '..', 'examples', 'report', 'tables.ndjson'),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

/** The record of `recommend --ndjson --detail` for `traits` on line `line`. */
export function detailRecord(traits: TableTraits, line: number): ResultRecord {
  const r = recommend(traits);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const v = r.value;
  return {
    line,
    ok: true,
    status: v.status,
    table: traits.table ?? null,
    mode: v.chosen,
    best: v.best,
    body: v.body,
    events: v.chosen === null ? null : (v.candidates[0]?.events.billed ?? null),
    reasons: v.reasons,
    traits,
    candidates: v.candidates,
  };
}

/** The compact record of `recommend --ndjson` for `traits` on line `line`. */
export function compactRecord(traits: TableTraits, line: number): ResultRecord {
  const r = chooseMode(traits);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const c = r.value;
  return {
    line,
    ok: true,
    status: c.status,
    table: traits.table ?? null,
    mode: c.chosen,
    best: c.best,
    body: c.body,
    events: c.events,
    misses: c.misses,
    warnings: c.warnings,
  };
}

/** An error record, as `recommend --ndjson` writes one for a bad line. */
export const errorRecord = (line: number): ErrorRecord => ({
  line,
  ok: false,
  status: 'error',
  error: { code: 'invalid_json', message: `line ${line}: not valid JSON at column 9: unexpected end` },
});
