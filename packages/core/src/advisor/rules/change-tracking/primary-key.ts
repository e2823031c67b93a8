/**
 * `change_tracking.primary_key`: SQL Server tracks changes only on a table with a primary key
 * (the service's public documentation; docs/service.md).
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { hasUniqueValues, holdsNoNulls } from '../../facts/column-facts.js';
import { DOCUMENTED } from '../../facts/documented.js';
import { askTable } from '../../sql/questions.js';
import { inWords, remedyIn, type TableCheck, tableWord } from '../check.js';

/** The table has a primary key. */
export const changeTrackingPrimaryKey: TableCheck = {
  id: 'change_tracking.primary_key',
  rule: 'change_tracking.primary_key',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'documented',
    address: DOCUMENTED.sqlServerEnableChangeTracking,
    statement: 'The table must have a primary key to enable change tracking on it.',
  },
  holds: 'The table has a primary key.',
  reads: ['columns[].primary_key'],
  applies: (facts) => facts.profile.changeTracking !== 'no',
  verdict: ({ facts }) => facts.primaryKey,
  message: ({ facts }, verdict) =>
    verdict === 'no'
      ? `${tableWord(facts)} has no primary key; change tracking needs one on every tracked table (service rules: change tracking needs a primary key).`
      : `Whether ${tableWord(facts)} has a primary key is not known; change tracking needs one on every tracked table (service rules: change tracking needs a primary key).`,
  remedy: ({ facts }) => {
    // A column that could be the key: unique and without NULLs, if the traits name one.
    const candidate = facts.columns?.find(
      (c) => hasUniqueValues(c, facts) === 'yes' && holdsNoNulls(c) === 'yes',
    );
    if (candidate === undefined)
      return inWords(
        'Add a primary key on columns that are unique and never NULL (no such column is known, so querymode writes no statement)',
      );
    return remedyIn(facts, `Make ${shownName(candidate.name)} the primary key`, (sql, t) =>
      sql.addPrimaryKey(t, candidate.name),
    );
  },
  ask: ({ facts }) => [askTable(facts.columns === undefined ? 'columns' : 'primary_key', facts)],
};
