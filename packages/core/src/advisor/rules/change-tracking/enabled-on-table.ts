/**
 * `change_tracking.enabled_before`: change tracking is enabled on the table before the mode is
 * selected.
 *
 * @module
 */
import { askTable } from '../../sql/questions.js';
import { suggestedRetentionMinutes } from '../../sql/retention.js';
import { remedyIn, type TableCheck, tableWord } from '../check.js';

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
    verdict === 'no'
      ? `Change tracking is not enabled on ${tableWord(facts)}; it must be enabled, using a SQL client, before \`${mode.id}\` is selected.`
      : `Whether change tracking is enabled on ${tableWord(facts)} is not known; it must be enabled, using a SQL client, before \`${mode.id}\` is selected.`,
  remedy: ({ facts }) =>
    remedyIn(facts, 'Enable change tracking on the table (and first on its database)', (sql, t) => {
      const table = sql.enableTrackingOnTable(t);
      if (table === null || facts.changeTracking.database === 'yes') return table;
      const database = sql.enableTrackingOnDatabase(suggestedRetentionMinutes(facts));
      return database === null ? null : `${database}\n${table}`;
    }),
  ask: ({ facts }) => [askTable('change_tracking.table_enabled', facts)],
};
