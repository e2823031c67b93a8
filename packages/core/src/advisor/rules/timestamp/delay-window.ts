/**
 * `timestamp.delayed_replication`: the delay interval, for tables with long-running
 * transactions. Advice: whether the table has them is not in the traits, so an unset delay is an
 * open question, never a failure.
 *
 * @module
 */

import { DATABASE_WORDS } from '../../../dialects/words.js';
import { profileWords, SOURCE_PROFILES } from '../../facts/sources.js';
import { sourceWords } from '../../text/source-words.js';
import { inWords, type TableCheck, tableWord } from '../check.js';

const FIELD = 'timestamp_delay_interval_ms';

/** Its message in the words of each kind of source (by kind, and `database` for a source not known): `{table}` is the table. */
const WORDS: Readonly<Record<string, string>> = Object.fromEntries([
  ...Object.entries(SOURCE_PROFILES).map(([kind, profile]) => [
    kind,
    profileWords(profile).lateWrites.message('{table}', FIELD),
  ]),
  ['database', DATABASE_WORDS.lateWrites.message('{table}', FIELD)],
]);

/** The delay interval is set, or the question of long-running transactions stays open. */
export const timestampDelayWindow: TableCheck = {
  id: 'timestamp.delay_window',
  rule: 'timestamp.delayed_replication',
  scope: 'table',
  strength: 'advice',
  source: {
    kind: 'spec',
    quote: 'Useful for delayed replication, for example with long-running transactions.',
  },
  holds: '`timestamp_delay_interval_ms` is set.',
  reads: [],
  verdict: ({ config }) => (config[FIELD] !== undefined ? 'yes' : 'unknown'),
  message: ({ facts }) => sourceWords(facts).lateWrites.message(tableWord(facts), FIELD),
  words: WORDS,
  remedy: ({ facts }) => inWords(sourceWords(facts).lateWrites.remedy(FIELD)),
  ask: ({ facts }) => [
    {
      path: ['options', 'fieldValues', FIELD],
      question: sourceWords(facts).lateWrites.question,
      query: null,
      noQuery: sourceWords(facts).lateWrites.noQuery,
    },
  ],
};
