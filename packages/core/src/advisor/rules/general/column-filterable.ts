/**
 * `column.filterable`: the source can filter and sort on the column a mode's field names. A mode
 * that reads changes asks for the records past the last value read, in order of that column;
 * Salesforce's describe says per field whether it can be filtered (`filterable`) and sorted
 * (`sortable`) (DOCUMENTED_ADDRESSES.salesforceFieldAccess; some event objects cannot be filtered
 * or sorted on their date fields). A field that is not both is never chosen. A database column has
 * no such flags: no sign against it.
 *
 * @module
 */
import { shownName } from '../../../text/visible.js';
import { DOCUMENTED } from '../../facts/documented.js';
import { type ColumnCheck, inWords } from '../check.js';

/** The column can be filtered and sorted on. */
export const columnFilterable: ColumnCheck = {
  id: 'column.filterable',
  rule: 'column.filterable',
  scope: 'column',
  strength: 'hard',
  source: {
    kind: 'documented',
    address: DOCUMENTED.salesforceFieldAccess,
    statement:
      "Salesforce's describe says per field whether a query can filter (`filterable`) and sort (`sortable`) on it; reading the records past the last value seen needs both (inference).",
  },
  holds: 'The source can filter and sort on the column (`filterable` and `sortable` are not false).',
  reads: ['columns[].filterable', 'columns[].sortable'],
  appliesTo: (field) => field.column !== undefined,
  selects: true,
  verdict: (column) => (column.filterSort === 'no' ? 'no' : 'yes'),
  message: ({ facts, column, field }) =>
    `${facts.profile.label} cannot filter or sort on ${shownName(column.name)} (its describe: \`filterable\` or \`sortable\` false, ${DOCUMENTED.salesforceFieldAccess}), so \`${field.name}\` cannot name it.`,
  remedy: ({ column, field }) =>
    inWords(
      `Name a field that can be filtered and sorted on in \`${field.name}\`, not ${shownName(column.name)}`,
    ),
  ask: () => [],
};
