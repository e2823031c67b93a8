/**
 * `timestamp+incrementing.change_data_capture`: the timestamp column changes on every update,
 * the condition of the mode's "captures updates: yes" for this table. The mode's own text does
 * not say so (it allows NULLs in the column); it follows from "Combines the two modes above".
 *
 * @module
 */

import type { SourceWords } from '../../../dialects/words.js';
import { shownName } from '../../../text/visible.js';
import { askColumn } from '../../sql/questions.js';
import { capitalized } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
import type { ColumnCheck } from '../check.js';
import { updateTimeRemedy } from '../shared/remedies.js';
import { wordsBySource } from '../shared/words-by-source.js';

/** The message of a `no`, in the words `w`, of the column shown as `column`. */
const notSet = (w: SourceWords, column: string): string =>
  `${capitalized(w.setter)} does not set ${w.nouns.column} ${column} on every update, so updated ${w.nouns.rows} are not seen.`;

/** The message of an `unknown`. */
const notKnown = (w: SourceWords, column: string): string =>
  `Whether ${w.setter} sets ${w.nouns.column} ${column} on every update is not known; updates are captured only if it does.`;

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
  message: ({ facts, column }, verdict) =>
    (verdict === 'no' ? notSet : notKnown)(sourceWords(facts), shownName(column.name)),
  words: wordsBySource((w) => ({ no: notSet(w, '{column}'), unknown: notKnown(w, '{column}') })),
  remedy: ({ facts, column, field }) => updateTimeRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [askColumn('set_on_update', column, facts)],
};
