/**
 * `timestamp+incrementing.set_on_insert`, its type: the incrementing ID column holds whole numbers.
 *
 * @module
 */
import { integerIdCheck } from '../shared/integer-id.js';

/** The incrementing column of `timestamp+incrementing` holds whole numbers. */
export const timestampIncrementingIntegerId = integerIdCheck(
  'timestamp+incrementing.integer_id',
  'timestamp+incrementing.set_on_insert',
  'incrementing_column_name',
);
