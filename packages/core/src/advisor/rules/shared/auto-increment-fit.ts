/**
 * The one definition of the advice that a mode's incrementing column is auto-increment: its
 * verdict, its words, its remedy and its question. Each mode's check of it gives the rule, the
 * spec's sentence, what the column is called in that mode, and what a column that does not grow
 * with each insert risks there.
 *
 * @module
 */
import { isAutoIncrement } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { identityRemedy } from './remedies.js';

/** What differs between the modes that advise an auto-increment column. */
export interface AutoIncrementFit {
  readonly id: string;
  readonly rule: string;
  /** The spec's sentence. */
  readonly quote: string;
  /** What the field names, in the mode's words: `an auto-incrementing column is a typical fit for`. */
  readonly fitFor: string;
  /** What a column that does not grow with each insert risks in this mode. */
  readonly risk: string;
}

/** An advice check, from the spec, that the column `incrementing_column_name` names is auto-increment. */
export function autoIncrementFitCheck(fit: AutoIncrementFit): ColumnCheck {
  return {
    id: fit.id,
    rule: fit.rule,
    scope: 'column',
    strength: 'advice',
    source: { kind: 'spec', quote: fit.quote },
    holds:
      'The incrementing column is auto-increment, identity or serial, so that it grows with every insert.',
    reads: ['columns[].auto_increment', 'columns[].type'],
    appliesTo: (field) => field.name === 'incrementing_column_name',
    selects: false,
    verdict: (column) => isAutoIncrement(column),
    message: ({ column, field }, verdict) => {
      if (verdict === 'unknown')
        return `Whether column \`${column.name}\` is auto-increment is not known; ${fit.fitFor} \`${field.name}\`.`;
      const why =
        column.autoIncrement === 'unknown' && column.type !== undefined
          ? `is of type \`${column.type}\`, which cannot be auto-incremented (inference)`
          : 'is not auto-increment';
      return `Column \`${column.name}\` ${why}; ${fit.fitFor} \`${field.name}\`: ${fit.risk}.`;
    },
    remedy: ({ facts, column, field }) => identityRemedy(facts, column, field.name),
    ask: ({ facts, column }) => [askColumn('auto_increment', column, facts)],
  };
}
