/**
 * `table.readable`: the pipeline's database user may read the table. The catalog says only
 * whether the user that read it (`reader`) may; when that user may not, whether the pipeline's
 * user may is a fact to establish, with the grant that settles it for `reader`.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import type { TableFacts } from '../../facts/table-facts.js';
import { askTable } from '../../sql/questions.js';
import { type Remedy, remedyIn, type TableCheck, tableWord } from '../check.js';

/** Grants the user that read the catalog SELECT on the table, in the table's dialect (words where none can be written). */
export function readableGrant(facts: TableFacts): Remedy {
  const reader = facts.reader;
  if (reader === undefined)
    return remedyIn(
      facts,
      "Grant SELECT on the table to the pipeline's database user",
      () => null,
      'the user that read the catalog is not known',
    );
  return remedyIn(facts, `Grant ${shownName(reader)} SELECT on the table`, (sql, t) =>
    sql.grantSelect(t, reader),
  );
}

/** No sign that the pipeline's user may not read the table. */
export const tableReadable: TableCheck = {
  id: 'table.readable',
  rule: 'table.readable',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'inference',
    statement:
      'A pipeline reads the source table with SELECT as its database user, which the database refuses without the privilege: every run fails.',
  },
  holds:
    "The user that read the catalog may read the table (SELECT), or nothing says otherwise; when it may not, no mode is recommended until the pipeline's user is known to read it.",
  reads: ['readable', 'reader'],
  // What the reader may do says nothing of the pipeline's own user, except where the reader may
  // not: then that user may be the pipeline's.
  verdict: ({ facts }) => (facts.readable === 'no' ? 'unknown' : 'yes'),
  message: ({ facts }) =>
    `${facts.reader === undefined ? 'The user that read the catalog' : `The user ${shownName(facts.reader)} that read the catalog`} may not read ${tableWord(facts)} (no SELECT on it, or no USAGE on its schema): a pipeline reading it as that user would fail on every run. Whether the pipeline's own user may read it is not known.`,
  remedyWhenUnknown: true,
  remedy: ({ facts }) => readableGrant(facts),
  ask: ({ facts }) => [askTable('readable', facts)],
};
