/**
 * Where the rules about a field's column come from: the spec defines each column-name field as a
 * column of the table.
 *
 * @module
 */
import type { RuleSource } from '../check.js';

/** The spec's words that make each column-name field the name of a column of the table. */
export const COLUMN_FIELDS_SOURCE: RuleSource = {
  kind: 'spec',
  quote:
    'timestamp_column_name: "Name of the timestamp column."; incrementing_column_name: "Column with a unique value for every new record."; unique_column_name: "Column used to track the last ingested ID."',
};
