/**
 * `change_tracking.database_enabled`: SQL Server enables change tracking on the database before
 * any of its tables (the service's public documentation; docs/service.md).
 *
 * @module
 */
import { DOCUMENTED } from '../../facts/documented.js';
import { askTable } from '../../sql/questions.js';
import { suggestedRetentionMinutes } from '../../sql/retention.js';
import { remedyIn, type TableCheck, tableWord } from '../check.js';

/** The message when change tracking is off on the database of `table`. */
const notEnabled = (table: string): string =>
  `Change tracking is not enabled on the database of ${table}; it is enabled on the database before any table (service rules: change tracking on the database first).`;

/** The message when whether it is on is not known. */
const notKnown = (table: string): string =>
  `Whether change tracking is enabled on the database of ${table} is not known; it is enabled on the database before any table (service rules: change tracking on the database first).`;

/** Change tracking is enabled on the table's database. */
export const changeTrackingEnabledOnDatabase: TableCheck = {
  id: 'change_tracking.enabled_on_database',
  rule: 'change_tracking.database_enabled',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'documented',
    address: DOCUMENTED.sqlServerEnableChangeTracking,
    statement: 'Before you can use change tracking, you must enable change tracking at the database level.',
  },
  holds: 'Change tracking is enabled on the database (known when it is enabled on the table).',
  reads: ['change_tracking.database_enabled', 'change_tracking.table_enabled'],
  applies: (facts) => facts.profile.changeTracking !== 'no',
  verdict: ({ facts }) => (facts.changeTracking.table === 'yes' ? 'yes' : facts.changeTracking.database),
  message: ({ facts }, verdict) => (verdict === 'no' ? notEnabled : notKnown)(tableWord(facts)),
  words: { no: notEnabled('{table}'), unknown: notKnown('{table}') },
  remedy: ({ facts }) =>
    remedyIn(facts, 'Enable change tracking on the database', (sql) =>
      sql.enableTrackingOnDatabase(suggestedRetentionMinutes(facts)),
    ),
  ask: ({ facts }) => [askTable('change_tracking.database_enabled', facts)],
};
