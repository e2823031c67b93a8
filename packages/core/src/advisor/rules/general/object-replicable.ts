/**
 * `table.replicable`: the source lets the object be queried and replicated. Salesforce's describe
 * says so per object (`queryable`; `replicateable`: "the object can be replicated" with getUpdated
 * and getDeleted, DOCUMENTED_ADDRESSES.salesforceDescribeObject). An object that is neither gets no
 * mode, as a table the pipeline's user may not read. A source without such flags (a database
 * table) gives no sign against it.
 *
 * @module
 */
import { DOCUMENTED } from '../../facts/documented.js';
import { inWords, type TableCheck, tableWord } from '../check.js';

/** The object may be queried and replicated. */
export const objectReplicable: TableCheck = {
  id: 'table.replicable',
  rule: 'table.replicable',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'documented',
    address: DOCUMENTED.salesforceDescribeObject,
    statement:
      "Salesforce's describe says whether an object can be queried (`queryable`) and replicated (`replicateable`); a pipeline cannot copy an object the platform does not let it query or replicate.",
  },
  holds:
    'The source lets the object be queried and replicated (`queryable` and `replicateable` are not false; a database table has no such flags).',
  reads: ['queryable', 'replicateable'],
  verdict: ({ facts }) => (facts.queryable === 'no' || facts.replicateable === 'no' ? 'no' : 'yes'),
  message: ({ facts }) => {
    const not = [facts.queryable === 'no' ? 'queried' : '', facts.replicateable === 'no' ? 'replicated' : '']
      .filter(Boolean)
      .join(' or ');
    return `${facts.profile.label} does not let ${tableWord(facts)} be ${not} (its describe: ${facts.queryable === 'no' ? '`queryable` false' : '`replicateable` false'}, ${DOCUMENTED.salesforceDescribeObject}): no query mode can copy it.`;
  },
  remedy: ({ facts }) =>
    inWords(
      `Leave ${tableWord(facts)} out of the pipeline: the platform decides which objects can be replicated, not a setting of the object`,
    ),
  ask: () => [],
};
