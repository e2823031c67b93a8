/**
 * `column.available`: a mode whose config names a column needs a column of the table to name.
 * For a body filled from the table: no column fitted the field (or none is known).
 *
 * @module
 */
import type { SourceWords } from '../../../dialects/words.js';
import { growsWithInserts, hasUniqueValues, holdsDateTimes } from '../../facts/column-facts.js';
import type { TableFacts } from '../../facts/table-facts.js';
import { askTable } from '../../sql/questions.js';
import { listCode } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
import { type FieldCheck, tableWord } from '../check.js';
import { identityRemedy, updateTimeRemedy } from '../shared/remedies.js';
import { wordsBySource } from '../shared/words-by-source.js';
import { COLUMN_FIELDS_SOURCE } from './column-fields-source.js';

/** Why the columns that might seem to fit do not, in words: types that are no time, IDs that are not unique. */
function whyNone(facts: TableFacts, timestamp: boolean): string {
  const columns = facts.columns ?? [];
  if (timestamp) {
    const other = columns.filter((c) => holdsDateTimes(c) === 'no' && c.type !== undefined);
    return other.length === 0
      ? ''
      : `; ${listCode(other.map((c) => c.name))} ${other.length === 1 ? 'is' : 'are'} not of a date-and-time type`;
  }
  const ids = columns.filter((c) => c.autoIncrement === 'yes' && hasUniqueValues(c, facts) === 'no');
  // The columns the answers say do not grow, where `auto_increment` is that answer (a Salesforce field).
  const still = columns.filter((c) => c.wholeNumbers !== 'no' && growsWithInserts(c, facts.profile) === 'no');
  const answered =
    still.length === 0
      ? ''
      : `; ${listCode(still.map((c) => c.name))} ${still.length === 1 ? 'does' : 'do'} not grow with each new record (\`auto_increment\` false: the answer that ${still.length === 1 ? 'it does' : 'they do'} not)`;
  return ids.length === 0
    ? answered
    : `; ${listCode(ids.map((c) => c.name))} ${ids.length === 1 ? 'is' : 'are'} auto-increment but without a primary key or unique constraint of ${ids.length === 1 ? 'its' : 'their'} own, so values may repeat (an explicit value, or a MyISAM or Aria AUTO_INCREMENT numbered per group of a key in which it is not first)${answered}`;
}

/** The message when the columns are not known, in the words `w`. */
const notKnown = (w: SourceWords, table: string, field: string): string =>
  `The ${w.nouns.column}s of ${table} are not known, so no ${w.nouns.column} can be chosen for \`${field}\`.`;

/** The message when no column fits the field (`meaning` its meaning), `why` what keeps the others out. */
const noneFits = (w: SourceWords, table: string, field: string, meaning: string, why: string): string =>
  `No ${w.nouns.column} of ${table} fits \`${field}\` (${meaning}), and a body names each ${w.nouns.column} once${why}.`;

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
      ? notKnown(sourceWords(facts), tableWord(facts), field.name)
      : noneFits(
          sourceWords(facts),
          tableWord(facts),
          field.name,
          field.meaning,
          whyNone(facts, field.column?.role === 'timestamp'),
        ),
  words: wordsBySource((w) => ({
    unknown: notKnown(w, '{table}', '{field}'),
    no: noneFits(w, '{table}', '{field}', '{meaning}', '{why}'),
  })),
  remedy: ({ facts, field }) =>
    field.column?.role === 'timestamp'
      ? updateTimeRemedy(facts, undefined, field.name)
      : identityRemedy(facts, undefined, field.name),
  ask: ({ facts }) => [askTable('columns', facts)],
};
