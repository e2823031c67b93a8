/**
 * `unique_incrementing.column_unique`: each record has an ID of its own. It chooses the column,
 * and it is the condition of the spec's "captures inserts: yes (append only)" for this table.
 *
 * @module
 */
import { getsNewValueOnInsert } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { identityRemedy } from '../shared/remedies.js';

/** The column `unique_incrementing` tracks gives every record an ID of its own. */
export const uniqueIncrementingUniqueValues: ColumnCheck = {
  id: 'unique_incrementing.unique_values',
  rule: 'unique_incrementing.column_unique',
  scope: 'column',
  strength: 'advice',
  captures: 'inserts',
  source: {
    kind: 'inference',
    statement:
      'The mode tracks "the last ingested ID" ("Values such as UUIDs are suitable"); its "captures inserts: yes" holds for a table only when every new record gets an ID of its own (unique values, or auto-increment).',
  },
  holds: 'The ID column has unique values or is auto-increment.',
  reads: ['columns[].unique', 'columns[].primary_key', 'columns[].auto_increment', 'columns[].type'],
  appliesTo: (field) => field.name === 'unique_column_name',
  selects: true,
  verdict: (column, facts) => getsNewValueOnInsert(column, facts.primaryKeyColumns),
  message: ({ column, field }, verdict) =>
    verdict === 'no'
      ? `Column \`${column.name}\` is not unique, so records can share an ID in \`${field.name}\`, and inserts can be missed.`
      : `Whether column \`${column.name}\` gives every record an ID of its own (unique or auto-increment) is not known; \`${field.name}\` needs one for inserts to be captured.`,
  remedy: ({ facts, column, field }) => identityRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [askColumn('unique', column, facts)],
};
