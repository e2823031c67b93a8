/**
 * `change_tracking.retention`: the retention of changes is longer than the replication
 * frequency, otherwise data can be lost.
 *
 * @module
 */

import { askTable } from '../../sql/questions.js';
import { RETENTION_SUGGESTION, suggestedRetentionMinutes } from '../../sql/retention.js';
import { formatMinutes } from '../../text/format.js';
import { remedyIn, type TableCheck } from '../check.js';

const WHY = 'otherwise changes are cleaned up before they are read, and data can be lost';

/** The message when the `retention` is not longer than the `frequency` (both in words). */
const tooShort = (retention: string, frequency: string): string =>
  `The change-tracking retention (${retention}) is not longer than the replication frequency (${frequency}); it must be, ${WHY}.`;

/** The message when the retention is not known. */
const retentionUnknown = (frequency: string): string =>
  `The change-tracking retention is not known; it must be longer than the replication frequency (${frequency}), ${WHY}.`;

/** The message when the frequency is not known. */
const frequencyUnknown = (retention: string): string =>
  `The pipeline's replication frequency is not known; the change-tracking retention (${retention}) must be longer than it, ${WHY}.`;

/** The change-tracking retention is strictly longer than the replication frequency. */
export const changeTrackingRetention: TableCheck = {
  id: 'change_tracking.retention',
  rule: 'change_tracking.retention',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'spec',
    quote:
      'The retention period of changes must be longer than the replication frequency of the pipeline, otherwise data can be lost.',
  },
  holds: 'The retention is longer than the replication frequency.',
  reads: ['change_tracking.retention_minutes', 'replication_frequency_minutes'],
  applies: (facts) => facts.profile.changeTracking !== 'no',
  verdict: ({ facts }) => {
    const r = facts.changeTracking.retentionMinutes;
    const f = facts.frequencyMinutes;
    if (r === undefined || f === undefined) return 'unknown';
    return r > f ? 'yes' : 'no';
  },
  message: ({ facts }, verdict) => {
    const r = facts.changeTracking.retentionMinutes;
    const f = facts.frequencyMinutes;
    if (verdict === 'no') return tooShort(formatMinutes(r ?? 0), formatMinutes(f ?? 0));
    if (r === undefined) return retentionUnknown(f === undefined ? 'also not known' : formatMinutes(f));
    return frequencyUnknown(formatMinutes(r));
  },
  words: {
    no: tooShort('{retention}', '{frequency}'),
    retention: retentionUnknown('{frequency}'),
    frequency: frequencyUnknown('{retention}'),
  },
  remedy: ({ facts }) =>
    remedyIn(
      facts,
      `Set a retention longer than the longest gap between two runs (the advisor suggests ${RETENTION_SUGGESTION.factor} × the frequency, at least ${formatMinutes(RETENTION_SUGGESTION.minimumMinutes)}: its own margin)`,
      (sql) => sql.setTrackingRetention(suggestedRetentionMinutes(facts)),
    ),
  ask: ({ facts }) => [
    ...(facts.changeTracking.retentionMinutes === undefined
      ? [askTable('change_tracking.retention_minutes', facts)]
      : []),
    ...(facts.frequencyMinutes === undefined ? [askTable('replication_frequency_minutes', facts)] : []),
  ],
};
