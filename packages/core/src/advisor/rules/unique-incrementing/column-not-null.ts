/**
 * `unique_incrementing.column_not_null`: the ID column holds no NULLs.
 *
 * @module
 */
import { notNullCheck } from '../shared/not-null.js';

/** The column `unique_incrementing` tracks holds no NULLs. */
export const uniqueIncrementingColumnNotNull = notNullCheck(
  'unique_incrementing.column_not_null',
  'unique_incrementing.column_not_null',
  'unique_column_name',
  'Column used to track the last ingested ID. It must not contain NULL values.',
);
