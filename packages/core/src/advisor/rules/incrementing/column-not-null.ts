/**
 * `incrementing.column_unique_not_null`, its NULL half: the incrementing column holds no NULLs.
 *
 * @module
 */
import { notNullCheck } from '../shared/not-null.js';

/** The incrementing column of `incrementing` holds no NULLs. */
export const incrementingColumnNotNull = notNullCheck(
  'incrementing.column_not_null',
  'incrementing.column_unique_not_null',
  'incrementing_column_name',
  'Column with a unique value for every new record. It must not be NULL.',
);
