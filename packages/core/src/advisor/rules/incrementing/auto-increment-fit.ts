/**
 * `incrementing.auto_increment_fit`: an auto-incrementing column is a typical fit. Advice.
 *
 * @module
 */
import { isAutoIncrement } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import { makeIdentity } from '../../sql/statements.js';
import { type ColumnCheck, remedyIn } from '../check.js';

/** The incrementing column of `incrementing` is auto-increment. */
export const incrementingAutoIncrementFit: ColumnCheck = {
  id: 'incrementing.auto_increment_fit',
  rule: 'incrementing.auto_increment_fit',
  scope: 'column',
  strength: 'advice',
  source: { kind: 'spec', quote: 'An auto-incrementing column is a typical fit.' },
  holds: 'The incrementing column is auto-increment, identity or serial.',
  reads: ['columns[].auto_increment', 'columns[].type'],
  appliesTo: (field) => field.name === 'incrementing_column_name',
  selects: false,
  verdict: (column) => isAutoIncrement(column),
  message: ({ column, field }, verdict) => {
    if (verdict === 'unknown')
      return `Whether column \`${column.name}\` is auto-increment is not known; an auto-incrementing column is a typical fit for \`${field.name}\`.`;
    const why =
      column.autoIncrement === 'unknown' && column.type !== undefined
        ? `is of type \`${column.type}\`, which cannot be auto-incremented (inference)`
        : 'is not auto-increment';
    return `Column \`${column.name}\` ${why}; an auto-incrementing column is a typical fit for \`${field.name}\`: values that do not grow with each insert can be missed.`;
  },
  remedy: ({ facts, column }) =>
    remedyIn(facts, `Give \`${column.name}\` a new, higher value on every insert`, (d) =>
      makeIdentity(d, facts, column.name, column.type),
    ),
  ask: ({ facts, column }) => [askColumn('auto_increment', column, facts)],
};
