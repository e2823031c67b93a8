/**
 * `timestamp.column_not_null`: the timestamp column holds no NULLs.
 *
 * @module
 */
import { notNullCheck } from '../shared/not-null.js';

/** The timestamp column of `timestamp` holds no NULLs. */
export const timestampColumnNotNull = notNullCheck(
  'timestamp.column_not_null',
  'timestamp.column_not_null',
  'timestamp_column_name',
  'Name of the timestamp column. It must not contain NULL values.',
);
