/**
 * `incrementing.column_unique_not_null`, its other half: every new record has a value of its own
 * in the incrementing column, by a primary key or unique constraint on that column alone. It
 * chooses the column, and it is the condition of the documentation's "captures inserts: yes" for this
 * table.
 *
 * @module
 */
import { uniqueIdCheck } from '../shared/unique-id.js';

/** The incrementing column of `incrementing` has unique values. */
export const incrementingNewValuePerInsert = uniqueIdCheck({
  id: 'incrementing.new_value_per_insert',
  rule: 'incrementing.column_unique_not_null',
  field: 'incrementing_column_name',
  source: {
    kind: 'inference',
    statement:
      'The service\'s documentation defines the column as "Column with a unique value for every new record"; its "captures inserts: yes" holds for a table only when the column has unique values, which only a primary key or unique constraint on that column alone guarantees (AUTO_INCREMENT or a sequence accepts explicit values that repeat).',
  },
});
