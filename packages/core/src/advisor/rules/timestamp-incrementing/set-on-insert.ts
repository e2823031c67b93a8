/**
 * `timestamp+incrementing.set_on_insert`: the incrementing column gets a value on every insert.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { setByDatabaseOnInsert } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { identityRemedy } from '../shared/remedies.js';

/** The message of a `no`, of the column shown as `column` named in the field `field`. */
const notSet = (column: string, field: string): string =>
  `The database does not set column ${column} on insert (it is not auto-increment and has no default or trigger); \`${field}\`'s value must be updated on every inserted row.`;

/** The message of an `unknown`. */
const notKnown = (column: string, field: string): string =>
  `Whether every inserted row gets a new value in column ${column} is not known; \`${field}\`'s value must be updated on every inserted row.`;

/** The database sets the incrementing column of `timestamp+incrementing` on every insert. */
export const timestampIncrementingSetOnInsert: ColumnCheck = {
  id: 'timestamp+incrementing.set_on_insert',
  rule: 'timestamp+incrementing.set_on_insert',
  scope: 'column',
  strength: 'hard',
  source: { kind: 'spec', quote: 'Incrementing ID column. Its value must be updated on every inserted row.' },
  holds:
    'The database sets the incrementing column on every insert (auto-increment, a default or a trigger).',
  reads: ['columns[].auto_increment', 'columns[].set_on_insert'],
  appliesTo: (field) => field.name === 'incrementing_column_name',
  selects: false,
  verdict: (column) => setByDatabaseOnInsert(column),
  message: ({ column, field }, verdict) =>
    (verdict === 'no' ? notSet : notKnown)(shownName(column.name), field.name),
  words: { no: notSet('{column}', '{field}'), unknown: notKnown('{column}', '{field}') },
  remedy: ({ facts, column, field }) => identityRemedy(facts, column, field.name),
  // What the catalog already said (not auto-increment) is not asked again.
  ask: ({ facts, column }) => [
    ...(column.autoIncrement === 'unknown' ? [askColumn('auto_increment', column, facts)] : []),
    askColumn('set_on_insert', column, facts),
  ],
};
