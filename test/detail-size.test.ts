/**
 * The size of a `recommend --ndjson --detail` record over the benchmark's generated tables: each
 * finding, question and text of the table written once per record, the texts the same for every
 * table once per stream (its legend), and nothing of `recommend --json` lost: every cited text
 * resolves to the one `--json` writes. Bytes, not time: no timing here.
 */
import {
  DETAIL_LEGEND,
  expandCandidates,
  type NdjsonDetailRecord,
  recommend,
  recommendRecord,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { traitsLines } from '../bench/lib/traits-gen.js';

/** Tables measured: the first 300 of the benchmark's seed 42. */
const TABLES = 300;
/**
 * The bound on bytes per table, the legend's share included: 15.3 KB measured (26.2 KB before,
 * with every text in every record). The aim of 6 KB is not reached yet: the messages, remedies,
 * questions, reasons and traits of a table take about 6.5 KB alone.
 */
const MAX_BYTES_PER_TABLE = 16 * 1024;

const records = (): { traits: unknown; record: NdjsonDetailRecord }[] =>
  [...traitsLines(TABLES, 42)].map((text, i) => {
    const traits = JSON.parse(text);
    const record = recommendRecord({ line: i + 1, value: traits, options: {}, detail: 'detail' });
    if (!record.ok) throw new Error(record.error.message);
    return { traits, record: record as NdjsonDetailRecord };
  });

describe('recommend --ndjson --detail: bytes per table', () => {
  it(`writes at most ${MAX_BYTES_PER_TABLE} bytes a table over the benchmark's tables`, () => {
    let bytes = Buffer.byteLength(`${JSON.stringify(DETAIL_LEGEND)}\n`);
    for (const { record } of records()) bytes += Buffer.byteLength(`${JSON.stringify(record)}\n`);
    expect(bytes / TABLES).toBeLessThanOrEqual(MAX_BYTES_PER_TABLE);
  });

  it("keeps every text and fact of recommend --json: its candidates expand to --json's", () => {
    for (const { traits, record } of records().slice(0, 100)) {
      const full = recommend(traits as never, {});
      if (!full.ok) throw new Error('recommend refused a benchmark table');
      expect(expandCandidates(DETAIL_LEGEND, record)).toEqual(full.value.candidates);
    }
  });
});
