/**
 * `timestamp.auto_update`: the database sets the timestamp column on every update.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { askColumn } from '../../sql/questions.js';
import { capitalized } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
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
  message: ({ facts, column }, verdict) => {
    const w = sourceWords(facts);
    const named = `${w.nouns.column} ${shownName(column.name)}`;
    return verdict === 'no'
      ? `${capitalized(w.setter)} does not set ${named} on every update, so updated ${w.nouns.rows} are not seen: ${w.timestampRule}.`
      : `Whether ${w.setter} sets ${named} on every update is not known; the timestamp must be updated automatically on every record update.`;
  },
  remedy: ({ facts, column, field }) => updateTimeRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [askColumn('set_on_update', column, facts)],
};
