/**
 * `incrementing.column_unique_not_null`, its other half: every new record gets a value of its
 * own in the incrementing column. It chooses the column, and it is the condition of the spec's
 * "captures inserts: yes" for this table.
 *
 * @module
 */
import { getsNewValueOnInsert } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { identityRemedy } from '../shared/remedies.js';

/** Every new record gets a value of its own in the incrementing column (unique, or auto-increment). */
export const incrementingNewValuePerInsert: ColumnCheck = {
  id: 'incrementing.new_value_per_insert',
  rule: 'incrementing.column_unique_not_null',
  scope: 'column',
  strength: 'advice',
  captures: 'inserts',
  source: {
    kind: 'inference',
    statement:
      'The spec defines the column as "Column with a unique value for every new record"; its "captures inserts: yes" holds for a table only when the named column gets such a value on every insert (unique values, or auto-increment).',
  },
  holds: 'The incrementing column has unique values or is auto-increment.',
  reads: ['columns[].unique', 'columns[].primary_key', 'columns[].auto_increment', 'columns[].type'],
  appliesTo: (field) => field.name === 'incrementing_column_name',
  selects: true,
  verdict: (column, facts) => getsNewValueOnInsert(column, facts.primaryKeyColumns),
  message: ({ column, field }, verdict) =>
    verdict === 'no'
      ? `Column \`${column.name}\` is neither unique nor auto-increment, so nothing gives every new record a value of its own in \`${field.name}\`, and inserts can be missed.`
      : `Whether every new record gets a value of its own in column \`${column.name}\` (unique or auto-increment) is not known; \`${field.name}\` needs one for inserts to be captured.`,
  remedy: ({ facts, column, field }) => identityRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [
    askColumn('unique', column, facts),
    askColumn('auto_increment', column, facts),
  ],
};
