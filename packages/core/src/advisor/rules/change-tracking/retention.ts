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
    if (verdict === 'no')
      return `The change-tracking retention (${formatMinutes(r ?? 0)}) is not longer than the replication frequency (${formatMinutes(f ?? 0)}); it must be, ${WHY}.`;
    if (r === undefined)
      return `The change-tracking retention is not known; it must be longer than the replication frequency (${f === undefined ? 'also not known' : formatMinutes(f)}), ${WHY}.`;
    return `The pipeline's replication frequency is not known; the change-tracking retention (${formatMinutes(r)}) must be longer than it, ${WHY}.`;
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
