/**
 * `capture.calculated_fields`: a mode that reads changes misses the changes of the fields the
 * source computes. The service reads Salesforce by SystemModStamp, and says that a change of a
 * formula ("derived") field does not change SystemModStamp, so it is not picked up until another
 * field of the record changes (DOCUMENTED_ADDRESSES.serviceSalesforce). Advice: a warning on every
 * mode that reads changes; `full_load` reads the whole object and is not touched.
 *
 * @module
 */

import { DOCUMENTED } from '../../facts/documented.js';
import { listCode } from '../../text/format.js';
import { inWords, type TableCheck, tableWord } from '../check.js';

/** The names of the computed columns. */
const calculated = (columns: readonly { name: string; calculated: string }[] | undefined): string[] =>
  (columns ?? []).filter((c) => c.calculated === 'yes').map((c) => c.name);

/** No computed field whose changes the mode would miss. */
export const calculatedFields: TableCheck = {
  id: 'capture.calculated_fields',
  rule: 'capture.calculated_fields',
  scope: 'table',
  strength: 'advice',
  source: {
    kind: 'documented',
    address: DOCUMENTED.serviceSalesforce,
    statement:
      'The service reads Salesforce incrementally by SystemModStamp; a change of a formula (derived) field does not change SystemModStamp, so it is not picked up until another field of the record changes.',
  },
  holds:
    'A mode that reads changes: the object has no formula or roll-up (`calculated`) field, whose changes it would miss.',
  reads: ['columns[].calculated'],
  // Counted once by the reader: the verdict runs on every evaluation (a scan each was ~1% of chooseMode's own cost, valgrind), the list only for words.
  verdict: ({ facts, mode }) =>
    mode.reads === 'whole_table' || facts.calculatedColumns === 0 ? 'yes' : 'no',
  message: ({ facts }) => {
    const names = calculated(facts.columns);
    return `${listCode(names)} of ${tableWord(facts)} ${names.length === 1 ? 'is a formula or roll-up field' : 'are formula or roll-up fields'}: the service says a change of such a field does not change SystemModStamp, so this mode misses it until another field of the record changes (${DOCUMENTED.serviceSalesforce}).`;
  },
  remedy: ({ facts }) =>
    inWords(
      `Reload ${tableWord(facts)} in full from time to time (full_load, below 5,000,000 records), or compute ${listCode(calculated(facts.columns))} at the destination from the fields ${calculated(facts.columns).length === 1 ? 'it reads' : 'they read'}`,
    ),
  ask: () => [],
};
