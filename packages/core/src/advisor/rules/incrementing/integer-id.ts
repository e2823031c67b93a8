/**
 * `incrementing.column_unique_not_null`, its type: the incrementing column holds whole numbers.
 *
 * @module
 */
import { integerIdCheck } from '../shared/integer-id.js';

/** The incrementing column of `incrementing` holds whole numbers. */
export const incrementingIntegerId = integerIdCheck(
  'incrementing.integer_id',
  'incrementing.column_unique_not_null',
  'incrementing_column_name',
);
