/**
 * `change_tracking.enabled_before`: change tracking is enabled on the table before the mode is
 * selected.
 *
 * @module
 */
import { askTable } from '../../sql/questions.js';
import { suggestedRetentionMinutes } from '../../sql/retention.js';
import { remedyIn, type TableCheck, tableWord } from '../check.js';

/** The message when change tracking is off on `table`, which `mode` needs. */
const notEnabled = (table: string, mode: string): string =>
  `Change tracking is not enabled on ${table}; it must be enabled, using a SQL client, before \`${mode}\` is selected.`;

/** The message when whether it is on is not known. */
const notKnown = (table: string, mode: string): string =>
  `Whether change tracking is enabled on ${table} is not known; it must be enabled, using a SQL client, before \`${mode}\` is selected.`;

/** Change tracking is enabled on the table. */
export const changeTrackingEnabledOnTable: TableCheck = {
  id: 'change_tracking.enabled_on_table',
  rule: 'change_tracking.enabled_before',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'spec',
    quote:
      'The feature must be enabled on the tracked objects, using a SQL client, before the mode is selected.',
  },
  holds: 'Change tracking is enabled on the table.',
  reads: ['change_tracking.table_enabled'],
  applies: (facts) => facts.profile.changeTracking !== 'no',
  verdict: ({ facts }) => facts.changeTracking.table,
  message: ({ facts, mode }, verdict) =>
    (verdict === 'no' ? notEnabled : notKnown)(tableWord(facts), mode.id),
  words: { no: notEnabled('{table}', '{mode}'), unknown: notKnown('{table}', '{mode}') },
  remedy: ({ facts }) =>
    remedyIn(facts, 'Enable change tracking on the table (and first on its database)', (sql, t) => {
      const table = sql.enableTrackingOnTable(t);
      if (table === null || facts.changeTracking.database === 'yes') return table;
      const database = sql.enableTrackingOnDatabase(suggestedRetentionMinutes(facts));
      return database === null ? null : `${database}\n${table}`;
    }),
  ask: ({ facts }) => [askTable('change_tracking.table_enabled', facts)],
};
