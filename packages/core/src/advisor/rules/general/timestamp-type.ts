/**
 * `column.timestamp_type`: a field that names the timestamp column names a column of a
 * date-and-time type. The spec only says "Name of the timestamp column": the type is an
 * inference. It chooses the column (a column known not to hold dates and times is never chosen);
 * for a body the caller wrote, it is a warning.
 *
 * @module
 */

import { holdsDateTimes } from '../../facts/column-facts.js';
import { dateTimeNote } from '../../facts/column-types.js';
import { askColumn } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { updateTimeRemedy } from '../shared/remedies.js';

/** The timestamp column holds dates and times. */
export const timestampColumnType: ColumnCheck = {
  id: 'column.timestamp_type',
  rule: 'column.timestamp_type',
  scope: 'column',
  strength: 'advice',
  source: {
    kind: 'inference',
    statement:
      'The spec names the field "Name of the timestamp column" and compares its values with the latest timestamp seen; a column of another type cannot be read so.',
  },
  holds: 'The timestamp column has a date-and-time type.',
  reads: ['columns[].type', 'source'],
  appliesTo: (field) => field.column?.role === 'timestamp',
  selects: true,
  verdict: (column, facts) => holdsDateTimes(column, facts.source),
  message: ({ facts, column, field }, verdict) => {
    const note = dateTimeNote(column.typeClass, facts.source);
    const type = column.type === undefined ? 'of unknown type' : `of type \`${column.type}\``;
    return verdict === 'no'
      ? `Column \`${column.name}\` is ${type}, not a date and time${note ? ` (${note})` : ''}; \`${field.name}\` names the timestamp column.`
      : `Whether column \`${column.name}\` (${type}) holds dates and times is not known${note ? `: ${note}` : ''}; \`${field.name}\` names the timestamp column.`;
  },
  remedy: ({ facts, column, field }) => updateTimeRemedy(facts, column, field.name),
  ask: ({ facts, column }) => [askColumn('type', column, facts)],
};
