/**
 * Where the rules about a field's column come from: the service's documentation describes each
 * column-name field as the name of a column of the table; that a name matching no column of the
 * table fails is querymode's reading of that description.
 *
 * @module
 */
import type { RuleSource } from '../check.js';

/** The service's words for each column-name field, and querymode's reading of them as a rule. */
export const COLUMN_FIELDS_SOURCE: RuleSource = {
  kind: 'inference',
  statement:
    'The service\'s documentation describes each field as a column (timestamp_column_name: "Name of the timestamp column."; incrementing_column_name: "Column with a unique value for every new record."; unique_column_name: "Column used to track the last ingested ID."); that the column must exist in the table, spelt as the database spells it, is querymode\'s reading: a name that matches no column cannot be read.',
};
