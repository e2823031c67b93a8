/**
 * The codes of an NDJSON line that failed, shared by the stream and the output schemas.
 *
 * @module
 */

/** The codes of a line that failed. */
export const NDJSON_ERROR_CODES = [
  'invalid_utf8',
  'invalid_json',
  'duplicate_key',
  'invalid_traits',
  'estimate_overflow',
  'empty_line',
  'line_too_long',
] as const;
