/**
 * `timestamp.auto_update`: the database sets the timestamp column on every update.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { updateTimeRemedy } from '../shared/remedies.js';

/** The database sets the timestamp column of `timestamp` on every update. */
export const timestampAutoUpdate: ColumnCheck = {
  id: 'timestamp.auto_update',
  rule: 'timestamp.auto_update',
  scope: 'column',
  strength: 'hard',
  source: {
    kind: 'spec',
    quote: 'The database must update the timestamp automatically on every record update.',
  },
  holds: 'The database sets the timestamp column on every update (ON UPDATE, or a trigger).',
  reads: ['columns[].set_on_update'],
  appliesTo: (field) => field.name === 'timestamp_column_name',
  selects: false,
  verdict: (column) => column.setOnUpdate,
  message: ({ column }, verdict) =>
    verdict === 'no'
      ? `The database does not set column ${shownName(column.name)} on every update, so updated rows are not seen: the database must update the timestamp automatically on every record update.`
      : `Whether the database sets column ${shownName(column.name)} on every update is not known; the timestamp must be updated automatically on every record update.`,
  remedy: ({ facts, column, field }) => updateTimeRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [askColumn('set_on_update', column, facts)],
};
