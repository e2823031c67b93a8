/**
 * A table whose only mode (no column to read changes by) waits for its insert rate: the plan's
 * question with a figure of each table's own ("Fewer than N rows inserted a day ... keeps it under
 * the row limit"), for the tests of the growth question and of the tally.
 *
 * @module
 */
import type { TableTraits } from '@querymode/core';

/** The traits of such a table of `rows` rows, named `table`. */
export const growingTable = (table: string, rows: number): TableTraits => ({
  table,
  source: 'postgresql',
  pipeline_mode: 'table',
  rows,
  rows_estimate: false,
  columns: [{ name: 'code', type: 'text', nullable: true }],
  changes: { inserts: 'yes', updates: 'yes', deletes: 'no' },
});
