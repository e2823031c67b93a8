/**
 * `timestamp.auto_update`: the database sets the timestamp column on every update.
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
  `${capitalized(w.setter)} does not set ${w.nouns.column} ${column} on every update, so updated ${w.nouns.rows} are not seen: ${w.timestampRule}.`;

/** The message of an `unknown`. */
const notKnown = (w: SourceWords, column: string): string =>
  `Whether ${w.setter} sets ${w.nouns.column} ${column} on every update is not known; the timestamp must be updated automatically on every record update.`;

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
  message: ({ facts, column }, verdict) =>
    (verdict === 'no' ? notSet : notKnown)(sourceWords(facts), shownName(column.name)),
  words: wordsBySource((w) => ({ no: notSet(w, '{column}'), unknown: notKnown(w, '{column}') })),
  remedy: ({ facts, column, field }) => updateTimeRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [askColumn('set_on_update', column, facts)],
};
