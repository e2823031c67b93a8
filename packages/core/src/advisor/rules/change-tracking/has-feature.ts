/**
 * The source must have a change-tracking feature: the mode "Uses the change-tracking feature of a
 * relational database server", and "the feature must be enabled on the tracked objects". Which
 * sources have one is not in the service's documentation (see `facts/sources.ts`).
 *
 * @module
 */
import { DOCUMENTED } from '../../facts/documented.js';
import { profileWords, SOURCE_PROFILES, type SourceProfile, UNKNOWN_SOURCE } from '../../facts/sources.js';
import { askTable } from '../../sql/questions.js';
import { inWords, type TableCheck, tableWord } from '../check.js';

/** The message when the source has no such feature: `basis` says why. */
const noFeature = (basis: string, mode: string, table: string): string =>
  `${basis}, so \`${mode}\` cannot be used for ${table}.`;

/** The message when whether it has one is not known. */
const featureUnknown = (basis: string, mode: string): string =>
  `\`${mode}\` needs the change-tracking feature of the source database; ${basis}.`;

/** The remedy: another mode, in the words of the source. */
const noFeatureRemedy = (profile: SourceProfile): string =>
  `${profile.label} has no such feature to enable: ${profileWords(profile).noTrackingFeature}.`;

/** Its messages and remedy of each kind of source (by kind, and `unknown`), `{mode}` the mode and `{table}` the table. */
const WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  [...Object.entries(SOURCE_PROFILES), ['unknown', UNKNOWN_SOURCE] as const].flatMap(([kind, profile]) => [
    [`no.${kind}`, noFeature(profile.changeTrackingBasis, '{mode}', '{table}')],
    [`unknown.${kind}`, featureUnknown(profile.changeTrackingBasis, '{mode}')],
    [`fix.${kind}`, noFeatureRemedy(profile)],
  ]),
);

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
      ? noFeature(facts.profile.changeTrackingBasis, mode.id, tableWord(facts))
      : featureUnknown(facts.profile.changeTrackingBasis, mode.id),
  words: WORDS,
  remedy: ({ facts }) => inWords(noFeatureRemedy(facts.profile)),
  ask: ({ facts }) => [askTable('source', facts)],
};
