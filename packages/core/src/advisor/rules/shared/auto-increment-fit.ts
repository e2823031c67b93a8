/**
 * The one definition of the advice that a mode's incrementing column is auto-increment: its
 * verdict, its words, its remedy and its question. Each mode's check of it gives the rule, the
 * documentation's sentence, what the column is called in that mode, and what a column that does not grow
 * with each insert risks there.
 *
 * @module
 */

import type { SourceWords } from '../../../dialects/words.js';
import { shownName } from '../../../text/visible.js';
import { growsWithInserts } from '../../facts/column-facts.js';
import { askColumn, askGrowth } from '../../sql/questions.js';
import { capitalized } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
import type { ColumnCheck } from '../check.js';
import { identityRemedy } from './remedies.js';
import { wordsBySource } from './words-by-source.js';

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

/** The messages of the check: a `no`, a type that does not increment, an `unknown` (not / not known to be auto-increment, type known or not). */
const MESSAGE_KEYS = [
  'no',
  'type',
  'unknown.not',
  'unknown.maybe',
  'unknown.not.untyped',
  'unknown.maybe.untyped',
] as const;
type MessageKey = (typeof MESSAGE_KEYS)[number];

/** The message `key` of `fit` in the words `w`, of the column, its type and the field shown as given. */
function messageOf(
  fit: AutoIncrementFit,
  w: SourceWords,
  key: MessageKey,
  shown: { readonly column: string; readonly type: string; readonly field: string },
): string {
  const named = `${w.nouns.column} ${shown.column}`;
  const tail = `${fit.fitFor} \`${shown.field}\`: ${fit.risk}.`;
  if (key === 'no')
    return `Each new record does not get a higher value in ${named} than every earlier one (its \`auto_increment\` is false: the answer that it does not grow); ${tail}`;
  if (key === 'type')
    return `${capitalized(w.nouns.column)} ${shown.column} is of type ${shown.type}, whose values are not whole numbers that increment (inference); ${tail}`;
  const not = key.startsWith('unknown.not') ? 'it is not' : 'it is not known to be';
  const untyped = key.endsWith('.untyped') ? ', and its type is not known' : '';
  return `Whether each new record gets a higher value in ${named} than every earlier one is not known: ${not} ${w.growingColumn}${untyped}; ${tail}`;
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
      const key =
        verdict === 'no'
          ? column.wholeNumbers !== 'no'
            ? 'no'
            : 'type'
          : `unknown.${column.autoIncrement === 'no' ? 'not' : 'maybe'}${column.type === undefined ? '.untyped' : ''}`;
      return messageOf(fit, sourceWords(facts), key as MessageKey, {
        column: shownName(column.name),
        type: shownName(column.type ?? ''),
        field: field.name,
      });
    },
    words: wordsBySource((w) =>
      Object.fromEntries(
        MESSAGE_KEYS.map((key) => [
          key,
          messageOf(fit, w, key, { column: '{column}', type: '{type}', field: '{field}' }),
        ]),
      ),
    ),
    remedy: ({ facts, column, field }) => identityRemedy(facts, column, field.name),
    // A column the catalog says is not auto-increment grows only as the application numbers it,
    // which no query of the catalog tells: what the catalog answered is not asked again.
    ask: ({ facts, column }) => [
      column.autoIncrement === 'no' ? askGrowth(column) : askColumn('auto_increment', column, facts),
    ],
  };
}
