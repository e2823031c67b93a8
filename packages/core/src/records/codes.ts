/**
 * The lists a record of `recommend --ndjson` draws from: its statuses, and the codes of a line
 * that failed. The schemas, the types, the CLI and the report take them from here.
 *
 * @module
 */
import { RECOMMENDATION_STATUSES } from '../advisor/recommend/advise.js';

/** The statuses of a record: the recommendation's, then `error` for a line that failed. */
export const NDJSON_STATUSES = [...RECOMMENDATION_STATUSES, 'error'] as const;

/** The codes of a line that failed. */
export const NDJSON_ERROR_CODES = [
  'invalid_utf8',
  'invalid_json',
  'duplicate_key',
  'invalid_traits',
  'estimate_overflow',
  'empty_line',
  'line_too_long',
  'too_deep',
] as const;
