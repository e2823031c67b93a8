/**
 * `column.exists`: every column a body names is a column of the table, spelt exactly (case
 * included). For a body the caller wrote; a filled body names only columns of the table.
 *
 * @module
 */

import { closest } from '../../../issues/suggest.js';
import { shownName, shownString } from '../../../text/visible.js';
import { findColumnIgnoringCase } from '../../facts/table-facts.js';
import { askTable } from '../../sql/questions.js';
import { sourceWords } from '../../text/source-words.js';
import { type FieldCheck, inWords, tableWord } from '../check.js';
import { COLUMN_FIELDS_SOURCE } from './column-fields-source.js';

/** The column a field names is a column of the table. */
export const columnExists: FieldCheck = {
  id: 'column.exists',
  rule: 'column.exists',
  scope: 'field',
  strength: 'hard',
  source: COLUMN_FIELDS_SOURCE,
  holds: 'The column the field names is a column of the table, spelt exactly.',
  reads: ['columns[].name'],
  verdict: (named, column, facts) => {
    if (named === undefined || column !== undefined) return 'yes';
    return facts.columns === undefined ? 'unknown' : 'no';
  },
  message: ({ facts, field, named }, verdict) => {
    const t = tableWord(facts);
    const column = sourceWords(facts).nouns.column;
    if (verdict === 'unknown')
      return `The ${column}s of ${t} are not known, so whether \`${field.name}\` names one of them (${shownName(named ?? '')}) cannot be checked.`;
    const other = findColumnIgnoringCase(facts, named ?? '');
    if (other !== undefined)
      return `${t} has no ${column} ${shownName(named ?? '')}; it has ${shownName(other)}, which differs only in case. A column named in the wrong case is a common cause of failed or empty reads in query-based connectors (service rules: named columns exist).`;
    const guess = closest(
      named ?? '',
      (facts.columns ?? []).map((c) => c.name),
    );
    return `${t} has no ${column} ${shownName(named ?? '')}${guess === undefined ? '.' : `; did you mean ${shownName(guess)}?`}`;
  },
  // Only the columns that fit the field by its own column checks are offered.
  remedy: ({ facts, field, named, fitting }) => {
    const other = findColumnIgnoringCase(facts, named ?? '');
    if (other !== undefined) return inWords(`Set \`${field.name}\` to ${shownString(other)}.`);
    const names = fitting().map((c) => c.name);
    if (names.length === 0)
      return inWords(
        `Set \`${field.name}\` to a column that fits it; none of the table's columns does now (querymode recommend gives the modes that fit the table, and the remedies that make a column fit).`,
      );
    const listed = names
      .slice(0, 10)
      .map((n) => shownName(n))
      .join(', ');
    return inWords(
      `Set \`${field.name}\` to a column of the table that fits it: ${listed}${names.length > 10 ? ', …' : ''}.`,
    );
  },
  ask: ({ facts }) => [askTable('columns', facts)],
};
