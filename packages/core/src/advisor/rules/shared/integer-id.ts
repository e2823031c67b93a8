/**
 * The one definition of the rule that an incrementing ID column holds whole numbers (its
 * dialect's integer family): only such columns increment (identity, sequence, AUTO_INCREMENT). A
 * type the catalogue does not know for a known source is no ID; with no type, or no source to
 * read the type by, the type is asked. General database knowledge (inference): the service's documentation names the
 * column "Incrementing ID column" and a column "with a unique value for every new record" that
 * increments. Each mode's check of it gives the rule and the field.
 *
 * @module
 */

import {
  MAYBE_INTEGER_FAMILIES,
  UNDOCUMENTED_ORDER_FAMILIES,
} from '../../../dialects/type-families/families.js';
import { shownName } from '../../../text/visible.js';
import type { ColumnFacts } from '../../facts/column-facts.js';
import { askColumn, askTable } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { identityRemedy } from './remedies.js';

// Lists of a family or two, read with `includes`: a `Set` lookup per column was ~2% of chooseMode (pnpm bench advisor).
/** Whether the column is a record identifier whose order is not documented. */
const orderUndocumented = (column: ColumnFacts): boolean =>
  UNDOCUMENTED_ORDER_FAMILIES.includes(column.family);
/** Whether the column's type may hold whole numbers, as its scale decides. */
const maybeInteger = (column: ColumnFacts): boolean => MAYBE_INTEGER_FAMILIES.includes(column.family);

/** A hard check that chooses the column: the incrementing column a field names holds whole numbers. */
export function integerIdCheck(id: string, rule: string, field: string): ColumnCheck {
  return {
    id,
    rule,
    scope: 'column',
    strength: 'hard',
    source: {
      kind: 'inference',
      statement:
        'The service\'s documentation names an incrementing column ("Incrementing ID column", "Column with a unique value for every new record"); only a column of whole numbers increments (an identity, a sequence, AUTO_INCREMENT).',
    },
    holds: 'The incrementing column holds whole numbers (its type is in the integer family of its dialect).',
    reads: ['columns[].type', 'columns[].scale', 'columns[].auto_increment', 'source'],
    appliesTo: (f) => f.name === field,
    selects: true,
    // A type that may hold whole numbers (a decimal, whole with scale 0) increments when the
    // caller says the column does (`auto_increment: true`: an identity holds whole numbers); a
    // record identifier whose order is not documented increments as the caller says, yes or no.
    verdict: (column) => {
      if (orderUndocumented(column)) return column.autoIncrement;
      return column.autoIncrement === 'yes' && maybeInteger(column) ? 'yes' : column.wholeNumbers;
    },
    message: ({ column, field: f }, verdict) =>
      verdict === 'no' && orderUndocumented(column)
        ? `${shownName(column.name)} (type ${shownName(column.type ?? '')}, a record identifier) does not grow with each new record (its \`auto_increment\` is false: the answer that it does not); \`${f.name}\` names an incrementing ID column.`
        : verdict === 'no'
          ? `Column ${shownName(column.name)} is of type ${shownName(column.type ?? '')}, not whole numbers, so it does not increment; \`${f.name}\` names an incrementing ID column.`
          : orderUndocumented(column)
            ? `Whether column ${shownName(column.name)} (type ${shownName(column.type ?? '')}, a record identifier) grows with each new record is not documented; \`${f.name}\` names an incrementing ID column.`
            : `Whether column ${shownName(column.name)} holds whole numbers is not known (${column.type === undefined ? 'its type is not known' : `type ${shownName(column.type)}${column.family === 'decimal' ? ' is whole only with scale 0' : ', and the kind of source is not known'}`}); \`${f.name}\` names an incrementing ID column.`,
    remedy: ({ facts, column, field: f }) => identityRemedy(facts, column, f.name),
    ask: ({ facts, column }) => [
      orderUndocumented(column)
        ? askColumn('auto_increment', column, facts)
        : column.type === undefined
          ? askColumn('type', column, facts)
          : maybeInteger(column)
            ? askColumn('scale', column, facts)
            : askTable('source', facts),
    ],
  };
}
