/**
 * The one definition of the advice that a mode's incrementing column is auto-increment: its
 * verdict, its words, its remedy and its question. Each mode's check of it gives the rule, the
 * documentation's sentence, what the column is called in that mode, and what a column that does not grow
 * with each insert risks there.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { growsWithInserts } from '../../facts/column-facts.js';
import { askColumn, askGrowth } from '../../sql/questions.js';
import { capitalized } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
import type { ColumnCheck } from '../check.js';
import { identityRemedy } from './remedies.js';

/** What differs between the modes that advise an auto-increment column. */
export interface AutoIncrementFit {
  readonly id: string;
  readonly rule: string;
  /** The documentation's sentence. */
  readonly quote: string;
  /** What the field names, in the mode's words: `an auto-incrementing column is a typical fit for`. */
  readonly fitFor: string;
  /** What a column that does not grow with each insert risks in this mode. */
  readonly risk: string;
}

/** An advice check, from the service's API documentation, that the column `incrementing_column_name` names is auto-increment. */
export function autoIncrementFitCheck(fit: AutoIncrementFit): ColumnCheck {
  return {
    id: fit.id,
    rule: fit.rule,
    scope: 'column',
    strength: 'advice',
    // A capture condition: a column whose new values are not higher than the last one read loses
    // those inserts, so growth is not taken on trust (inference).
    captures: 'inserts',
    source: { kind: 'spec', quote: fit.quote },
    holds:
      'Each new record gets a higher value in the incrementing column than every earlier one: it is an identity, a sequence or a whole-table AUTO_INCREMENT column of whole numbers.',
    reads: ['columns[].auto_increment', 'columns[].type', 'source'],
    appliesTo: (field) => field.name === 'incrementing_column_name',
    // A column whose type does not increment is never chosen for the field.
    selects: true,
    verdict: (column, facts) => growsWithInserts(column, facts.profile),
    message: ({ facts, column, field }, verdict) => {
      const words = sourceWords(facts);
      const named = `${words.nouns.column} ${shownName(column.name)}`;
      if (verdict === 'no' && column.wholeNumbers !== 'no')
        return `Each new record does not get a higher value in ${named} than every earlier one (its \`auto_increment\` is false: the answer that it does not grow); ${fit.fitFor} \`${field.name}\`: ${fit.risk}.`;
      if (verdict === 'unknown')
        return `Whether each new record gets a higher value in ${named} than every earlier one is not known: ${column.autoIncrement === 'no' ? 'it is not' : 'it is not known to be'} ${words.growingColumn}${column.type === undefined ? ', and its type is not known' : ''}; ${fit.fitFor} \`${field.name}\`: ${fit.risk}.`;
      return `${capitalized(words.nouns.column)} ${shownName(column.name)} is of type ${shownName(column.type ?? '')}, whose values are not whole numbers that increment (inference); ${fit.fitFor} \`${field.name}\`: ${fit.risk}.`;
    },
    remedy: ({ facts, column, field }) => identityRemedy(facts, column, field.name),
    // A column the catalog says is not auto-increment grows only as the application numbers it,
    // which no query of the catalog tells: what the catalog answered is not asked again.
    ask: ({ facts, column }) => [
      column.autoIncrement === 'no' ? askGrowth(column) : askColumn('auto_increment', column, facts),
    ],
  };
}
