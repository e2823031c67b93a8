/**
 * `timestamp.delayed_replication`: the delay interval, for tables with long-running
 * transactions. Advice: whether the table has them is not in the traits, so an unset delay is an
 * open question, never a failure.
 *
 * @module
 */
import { inWords, type TableCheck, tableWord } from '../check.js';

const FIELD = 'timestamp_delay_interval_ms';

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
  message: ({ facts }) =>
    `Whether ${tableWord(facts)} has long-running transactions is not known. If it has, rows they commit late are missed unless \`${FIELD}\` is set: each run then reads only rows older than the database's current time minus the delay (a trailing window: service rules: the delay window).`,
  remedy: () =>
    inWords(`Set \`${FIELD}\` to the longest transaction's duration in milliseconds, such as "60000".`),
  ask: () => [
    {
      path: ['options', 'fieldValues', FIELD],
      question: 'How long do the longest transactions that write to the table run?',
      query: null,
      noQuery: 'no query: it depends on the applications that write to the table',
    },
  ],
};
