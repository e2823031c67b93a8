/**
 * The one definition of a rule that a mode's column "must not contain NULL values": its verdict,
 * its words, its remedy and its question. Each mode's check of it (`<mode>/column-not-null.ts`)
 * gives the rule, the field and the documentation's sentence.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { holdsNoNulls } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { notNullRemedy } from './remedies.js';

/** A hard check, from the service's API documentation, that the column a field names holds no NULLs. */
export function notNullCheck(id: string, rule: string, field: string, quote: string): ColumnCheck {
  return {
    id,
    rule,
    scope: 'column',
    strength: 'hard',
    source: { kind: 'spec', quote },
    holds: 'The column is declared NOT NULL (or is part of the primary key).',
    reads: ['columns[].nullable', 'columns[].primary_key'],
    appliesTo: (f) => f.name === field,
    selects: false,
    verdict: (column) => holdsNoNulls(column),
    message: ({ column }, verdict) =>
      verdict === 'no'
        ? `Column ${shownName(column.name)} is nullable, but \`${field}\` must name a column without NULL values.`
        : `Whether column ${shownName(column.name)} can hold NULLs is not known; \`${field}\` must name a column without NULL values.`,
    remedy: ({ facts, column, field }) => notNullRemedy(facts, column, field.column?.role === 'timestamp'),
    ask: ({ facts, column }) => [askColumn('nullable', column, facts)],
  };
}
