/**
 * `timestamp+incrementing.change_data_capture`: the timestamp column changes on every update,
 * the condition of the mode's "captures updates: yes" for this table. The mode's own text does
 * not say so (it allows NULLs in the column); it follows from "Combines the two modes above".
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { updateTimeRemedy } from '../shared/remedies.js';

/** The database sets the timestamp column of `timestamp+incrementing` on every update. */
export const timestampIncrementingTimestampOnUpdate: ColumnCheck = {
  id: 'timestamp+incrementing.timestamp_on_update',
  rule: 'timestamp+incrementing.change_data_capture',
  scope: 'column',
  strength: 'advice',
  captures: 'updates',
  source: {
    kind: 'inference',
    statement:
      'The mode "Combines the two modes above"; its "captures updates: yes" holds for a table only when the timestamp column changes on every update, as the timestamp mode requires.',
  },
  holds: 'The database sets the timestamp column on every update.',
  reads: ['columns[].set_on_update'],
  appliesTo: (field) => field.name === 'timestamp_column_name',
  selects: false,
  verdict: (column) => column.setOnUpdate,
  message: ({ column }, verdict) =>
    verdict === 'no'
      ? `The database does not set column ${shownName(column.name)} on every update, so updated rows are not seen.`
      : `Whether the database sets column ${shownName(column.name)} on every update is not known; updates are captured only if it does.`,
  remedy: ({ facts, column, field }) => updateTimeRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [askColumn('set_on_update', column, facts)],
};
