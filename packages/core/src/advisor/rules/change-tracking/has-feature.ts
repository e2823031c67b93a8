/**
 * The source must have a change-tracking feature: the mode "Uses the change-tracking feature of a
 * relational database server", and "the feature must be enabled on the tracked objects". Which
 * sources have one is not in the service's documentation (see `facts/sources.ts`).
 *
 * @module
 */
import { DOCUMENTED } from '../../facts/documented.js';
import { askTable } from '../../sql/questions.js';
import { sourceWords } from '../../text/source-words.js';
import { inWords, type TableCheck, tableWord } from '../check.js';

/** Whether `change_tracking` can be used on this kind of source at all. */
export const hasChangeTrackingFeature: TableCheck = {
  id: 'change_tracking.source_has_feature',
  rule: 'change_tracking.enabled_before',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'inference',
    statement: `The mode uses the change-tracking feature of a relational database server, which must be enabled before the mode is selected, so the source must have one. SQL Server has one (documented at ${DOCUMENTED.sqlServerChangeTracking}); PostgreSQL and MySQL/MariaDB have none (their change feeds are logical replication and the binary log); for other sources it is not known.`,
  },
  holds: 'The source has a change-tracking feature (SQL Server).',
  reads: ['source'],
  rulesOutMode: true,
  verdict: ({ facts }) => facts.profile.changeTracking,
  message: ({ facts, mode }, verdict) =>
    verdict === 'no'
      ? `${facts.profile.changeTrackingBasis}, so \`${mode.id}\` cannot be used for ${tableWord(facts)}.`
      : `\`${mode.id}\` needs the change-tracking feature of the source database; ${facts.profile.changeTrackingBasis}.`,
  remedy: ({ facts }) =>
    inWords(`${facts.profile.label} has no such feature to enable: ${sourceWords(facts).noTrackingFeature}.`),
  ask: ({ facts }) => [askTable('source', facts)],
};
