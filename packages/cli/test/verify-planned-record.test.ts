/**
 * The plain-reads check of a plan record (`isPlannedRecord`) says yes exactly where core's schema
 * of recommend records does, on the records `recommend --ndjson` writes (compact, `--reasons`,
 * `--detail`) and on hostile ones made from them: keys removed, values replaced by other JSON.
 */
import { readFileSync } from 'node:fs';
import { recommendRecord } from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlannedRecord } from '../src/verify/planned-record.js';
import { PLANNED, plannedRecordProblem } from '../src/verify/planned-record-schema.js';

const TRAITS = readFileSync(new URL('../../../examples/tables.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as unknown);

/** Every record recommend writes for the example tables, as a plan file holds it (JSON). */
const RECORDS: Record<string, unknown>[] = (['compact', 'reasons', 'detail'] as const).flatMap((detail) =>
  TRAITS.map(
    (t, i) =>
      JSON.parse(JSON.stringify(recommendRecord({ line: i + 1, value: t, options: {}, detail }))) as Record<
        string,
        unknown
      >,
  ),
);

const HOSTILE: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  Number.MAX_VALUE,
  '',
  ' ',
  'full_load',
  'recommended',
  'error',
  '__proto__',
  'a"b\\c$$\n\u001b[31m\u202e',
  [],
  [null],
  {},
  { config: null },
  { config: { mode: 'full_load' } },
  { config: { mode: 'full_load', extra: 1 } },
  { config: { mode: 'timestamp', timestamp_column_name: ' padded ' } },
  { config: { mode: 'incrementing', incrementing_column_name: 'id' } },
  { table: 's.t' },
  {
    table: 's.t',
    columns: [
      { name: 'id', type: 'int' },
      { name: 'id', type: 'int' },
    ],
  },
  { table: 's.t', rows: -1 },
  { table: 's.t', unknown_key: 1 },
];

const agree = (record: Record<string, unknown>): void => {
  const schema = PLANNED.safeParse(record).success;
  expect(isPlannedRecord(record), JSON.stringify(record)).toBe(schema);
  expect(plannedRecordProblem(record) === undefined).toBe(schema);
};

describe('isPlannedRecord', () => {
  it('accepts every record recommend writes', () => {
    expect(RECORDS.length).toBeGreaterThan(8);
    for (const record of RECORDS) {
      expect(isPlannedRecord(record)).toBe(true);
      agree(record);
    }
  });

  it('agrees with the schema when a key is removed or holds another value', () => {
    for (const record of RECORDS) {
      for (const key of ['line', 'ok', 'status', 'table', 'mode', 'body', 'traits', 'candidates']) {
        const { [key]: _, ...without } = record;
        agree(without);
        for (const value of HOSTILE) agree({ ...record, [key]: value });
      }
      agree(JSON.parse(JSON.stringify(record).replace('{', '{"__proto__":{"line":0},')));
    }
  });

  it('agrees with the schema on random JSON in any key', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RECORDS),
        fc.constantFrom('line', 'ok', 'status', 'table', 'mode', 'body', 'traits', 'misses'),
        fc.jsonValue(),
        (record, key, value) => agree({ ...record, [key]: value }),
      ),
      { numRuns: 500 },
    );
  });
});
