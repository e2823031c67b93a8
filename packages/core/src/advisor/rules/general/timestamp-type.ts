/**
 * `column.timestamp_type`: a field that names the timestamp column names a column of a
 * date-and-time type (its dialect's temporal family). The service's documentation only says "Name of the timestamp
 * column": the type is an inference, but a column of another type cannot be compared with the
 * latest timestamp seen, so the rule binds: a column known not to hold dates and times is never
 * chosen, and one whose type is not known keeps the mode waiting for the type.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { holdsDateTimes } from '../../facts/column-facts.js';
import { dateTimeNote } from '../../facts/column-types.js';
import { askColumn, askTable } from '../../sql/questions.js';
import type { ColumnCheck } from '../check.js';
import { updateTimeRemedy } from '../shared/remedies.js';

/** The timestamp column holds dates and times. */
export const timestampColumnType: ColumnCheck = {
  id: 'column.timestamp_type',
  rule: 'column.timestamp_type',
  scope: 'column',
  strength: 'hard',
  source: {
    kind: 'inference',
    statement:
      'The service\'s documentation names the field "Name of the timestamp column" and compares its values with the latest timestamp seen; a column of another type cannot be read so.',
  },
  holds: 'The timestamp column has a date-and-time type.',
  reads: ['columns[].type', 'source'],
  appliesTo: (field) => field.column?.role === 'timestamp',
  selects: true,
  verdict: (column) => holdsDateTimes(column),
  message: ({ facts, column, field }, verdict) => {
    const note = dateTimeNote(column.family, column.type, facts.source);
    const type = column.type === undefined ? 'of unknown type' : `of type ${shownName(column.type)}`;
    return verdict === 'no'
      ? `Column ${shownName(column.name)} is ${type}, not a date and time${note ? ` (${note})` : ''}; \`${field.name}\` names the timestamp column.`
      : `Whether column ${shownName(column.name)} (${type}) holds dates and times is not known${note ? `: ${note}` : ''}; \`${field.name}\` names the timestamp column.`;
  },
  remedy: ({ facts, column, field }) => updateTimeRemedy(facts, column, field.name),
  // The type the traits hold is never asked again: what is missing then is the kind of source.
  ask: ({ facts, column }) => [
    column.type === undefined ? askColumn('type', column, facts) : askTable('source', facts),
  ],
};
