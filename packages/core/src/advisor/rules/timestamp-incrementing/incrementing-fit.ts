/**
 * `timestamp+incrementing.incrementing_fit`: the incrementing column of `timestamp+incrementing`
 * grows with every insert (an auto-increment column). Advice.
 *
 * @module
 */
import { isAutoIncrement } from '../../facts/column-facts.js';
import { askColumn } from '../../sql/questions.js';
import { makeIdentity } from '../../sql/statements.js';
import { type ColumnCheck, remedyIn } from '../check.js';

/**
 * The incrementing column of `timestamp+incrementing` is auto-increment. The spec names it an
 * "Incrementing ID column"; that rows sharing one timestamp are told apart by it, so that a
 * value lower than the last one read can be missed, is inference (how such readers order a
 * timestamp's ties). A UUID is unique but not incrementing: the spec calls UUIDs suitable for
 * `unique_incrementing`, which then ranks ahead on an append-only table.
 */
export const timestampIncrementingIncrementingFit: ColumnCheck = {
  id: 'timestamp+incrementing.incrementing_fit',
  rule: 'timestamp+incrementing.set_on_insert',
  scope: 'column',
  strength: 'advice',
  source: { kind: 'spec', quote: 'Incrementing ID column.' },
  holds: 'The incrementing column is auto-increment, identity or serial, so that it grows with every insert.',
  reads: ['columns[].auto_increment', 'columns[].type'],
  appliesTo: (field) => field.name === 'incrementing_column_name',
  selects: false,
  verdict: (column) => isAutoIncrement(column),
  message: ({ column, field }, verdict) => {
    if (verdict === 'unknown')
      return `Whether column \`${column.name}\` is auto-increment is not known; \`${field.name}\` names an incrementing ID column.`;
    const why =
      column.autoIncrement === 'unknown' && column.type !== undefined
        ? `is of type \`${column.type}\`, which cannot be auto-incremented (inference)`
        : 'is not auto-increment';
    return `Column \`${column.name}\` ${why}, but \`${field.name}\` names an incrementing ID column: of rows that share one timestamp, those with a lower value than the last one read can be missed (inference).`;
  },
  remedy: ({ facts, column }) =>
    remedyIn(facts, `Give \`${column.name}\` a new, higher value on every insert`, (d) =>
      makeIdentity(d, facts, column.name, column.type),
    ),
  ask: ({ facts, column }) => [askColumn('auto_increment', column, facts)],
};
