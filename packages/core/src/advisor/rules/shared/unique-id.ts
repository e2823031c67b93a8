/**
 * The one definition of the rule that an ID column has a value of its own in every record: a
 * primary key or unique constraint on that column alone. AUTO_INCREMENT, identity or a sequence
 * does not make a column unique (an explicit value may repeat one), and a MyISAM or Aria
 * AUTO_INCREMENT numbered per group (the column not first in its key) repeats values by itself;
 * either way, without such a constraint the rule is not known to hold. Each mode's check of it
 * gives the rule, the field and why the mode needs it.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { hasUniqueValues } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck, RuleSource } from '../check.js';
import { uniqueIdRemedy } from './remedies.js';

/** What differs between the modes whose ID column must be unique. */
export interface UniqueId {
  readonly id: string;
  readonly rule: string;
  /** The field that names the column. */
  readonly field: string;
  readonly source: RuleSource;
}

/**
 * A capture condition of inserts that chooses the column: the column a field names has unique
 * values by a constraint on it alone.
 */
export function uniqueIdCheck(u: UniqueId): ColumnCheck {
  return {
    id: u.id,
    rule: u.rule,
    scope: 'column',
    strength: 'advice',
    captures: 'inserts',
    source: u.source,
    holds: 'The column has unique values: a primary key or unique constraint on that column alone.',
    reads: ['columns[].unique', 'columns[].primary_key'],
    appliesTo: (field) => field.name === u.field,
    selects: true,
    verdict: (column, facts) => hasUniqueValues(column, facts),
    message: ({ column, field }, verdict) => {
      if (verdict === 'no')
        return `Column ${shownName(column.name)} has no primary key or unique constraint of its own${column.autoIncrement === 'yes' ? ' (AUTO_INCREMENT or a sequence does not make it unique: an explicit value may repeat one, and a MyISAM or Aria AUTO_INCREMENT that is not first in its key numbers each group from 1)' : ''}, so records can share a value in \`${field.name}\`, and inserts can be missed.`;
      return `Whether column ${shownName(column.name)} has unique values (a primary key or unique constraint on that column alone) is not known${column.autoIncrement === 'yes' ? '; being auto-increment does not make it unique (an explicit value may repeat one)' : ''}; \`${field.name}\` needs a value of its own in every record for inserts to be captured.`;
    },
    remedy: ({ facts, column, field }) => uniqueIdRemedy(facts, column, field.name),
    ask: ({ facts, column }) => [askColumn('unique', column, facts)],
  };
}
