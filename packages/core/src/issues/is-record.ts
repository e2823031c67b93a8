/**
 * The one test of "a JSON object" that every reader of input uses: a non-null object that is not
 * an array (asked safely, so that a revoked proxy is no array rather than a throw).
 *
 * @module
 */
import { isArraySafe } from './describe.js';

/** Whether a value is a non-null object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !isArraySafe(value);
}
