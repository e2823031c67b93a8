/**
 * `unique_incrementing.column_unique`: each record has an ID of its own, by a primary key or
 * unique constraint on that column alone. It chooses the column, and it is the condition of the
 * documentation's "captures inserts: yes (append only)" for this table.
 *
 * @module
 */
import { uniqueIdCheck } from '../shared/unique-id.js';

/** The column `unique_incrementing` tracks has unique values. */
export const uniqueIncrementingUniqueValues = uniqueIdCheck({
  id: 'unique_incrementing.unique_values',
  rule: 'unique_incrementing.column_unique',
  field: 'unique_column_name',
  source: {
    kind: 'inference',
    statement:
      'The mode tracks "the last ingested ID" ("Values such as UUIDs are suitable"); its "captures inserts: yes" holds for a table only when every record has an ID of its own, which only a primary key or unique constraint on that column alone guarantees (AUTO_INCREMENT or a sequence accepts explicit values that repeat).',
  },
});
