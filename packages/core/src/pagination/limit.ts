/**
 * Validation of the `limit` query parameter of list endpoints (docs/service.md#pagination).
 *
 * @module
 */

import { LIST_LIMIT } from '../catalogue/limits.js';
import { describeValue } from '../issues/describe.js';
import { invalidTypeIssue } from '../issues/invalid-type.js';
import { makeIssue } from '../issues/make-issue.js';
import type { Result } from '../issues/types.js';

/**
 * Validates a page size: an integer from {@link LIST_LIMIT}.min (1) to .max (100), as a number.
 * Strings are not coerced (`'10'` is an `invalid_type` issue): parse query strings first.
 * Never throws.
 *
 * @example
 * validateListLimit(50);  // { ok: true, value: 50 }
 * validateListLimit(0);   // { ok: false, issues: [{ code: 'invalid_number', min: 1, max: 100, ... }] }
 */
export function validateListLimit(value: unknown): Result<number> {
  const path = ['limit'];
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return {
      ok: false,
      issues: [invalidTypeIssue(path, 'integer', value)],
    };
  }
  if (value < LIST_LIMIT.min || value > LIST_LIMIT.max) {
    return {
      ok: false,
      issues: [
        makeIssue({
          code: 'invalid_number',
          expected: `an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}`,
          path,
          min: LIST_LIMIT.min,
          max: LIST_LIMIT.max,
          received: describeValue(value),
        }),
      ],
    };
  }
  return { ok: true, value };
}
