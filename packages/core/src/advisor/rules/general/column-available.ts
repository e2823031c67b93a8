/**
 * `column.available`: a mode whose config names a column needs a column of the table to name.
 * For a body filled from the table: no column fitted the field (or none is known).
 *
 * @module
 */
import { askTable } from '../../sql/questions.js';
import { type FieldCheck, tableWord } from '../check.js';
import { identityRemedy, updateTimeRemedy } from '../shared/remedies.js';
import { COLUMN_FIELDS_SOURCE } from './column-fields-source.js';

/** A column of the table could be chosen for the field. */
export const columnAvailable: FieldCheck = {
  id: 'column.available',
  rule: 'column.available',
  scope: 'field',
  strength: 'hard',
  source: COLUMN_FIELDS_SOURCE,
  holds: 'A column of the table fits the field.',
  reads: ['columns'],
  verdict: (named, _column, facts) => {
    if (named !== undefined) return 'yes';
    return facts.columns === undefined ? 'unknown' : 'no';
  },
  message: ({ facts, field }, verdict) =>
    verdict === 'unknown'
      ? `The columns of ${tableWord(facts)} are not known, so no column can be chosen for \`${field.name}\`.`
      : `No column of ${tableWord(facts)} fits \`${field.name}\` (${field.meaning}), and a body names each column once.`,
  remedy: ({ facts, field }) =>
    field.column?.role === 'timestamp'
      ? updateTimeRemedy(facts, undefined, field.name)
      : identityRemedy(facts, undefined, field.name),
  ask: ({ facts }) => [askTable('columns', facts)],
};
