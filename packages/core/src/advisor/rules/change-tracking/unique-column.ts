/**
 * `change_tracking.unique_for_historical`: the column `unique_column_name` names has unique
 * values (the field is needed when historical loading is enabled). The service describes the
 * column ("Column with unique values"); that the description is a hard rule is querymode's
 * reading, and the source says so.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { hasUniqueValues } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { identityRemedy } from '../shared/remedies.js';

/** The unique column of `change_tracking` has unique values. */
export const changeTrackingUniqueColumn: ColumnCheck = {
  id: 'change_tracking.unique_column',
  rule: 'change_tracking.unique_for_historical',
  scope: 'column',
  strength: 'hard',
  source: {
    kind: 'inference',
    statement:
      'The service\'s documentation describes `unique_column_name` as "Column with unique values. Needed when historical loading is enabled."; querymode reads that description as a rule the column must meet and checks it as a hard rule (querymode\'s reading: the documentation does not state it as a rule in those words).',
  },
  holds: 'The unique column has a unique constraint (or is the whole primary key).',
  reads: ['columns[].unique', 'columns[].primary_key'],
  applies: (facts) => facts.profile.changeTracking !== 'no',
  appliesTo: (field) => field.name === 'unique_column_name',
  selects: true,
  verdict: (column, facts) => hasUniqueValues(column, facts),
  message: ({ column, field }, verdict) =>
    verdict === 'no'
      ? `Column ${shownName(column.name)} is not unique, but \`${field.name}\` must name a column with unique values.`
      : `Whether column ${shownName(column.name)} has unique values is not known; \`${field.name}\` must name a column with unique values.`,
  remedy: ({ facts, column, field }) => identityRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [askColumn('unique', column, facts)],
};
