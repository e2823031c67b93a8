/**
 * The throwing variant of validation: the same issues, wrapped in one error class.
 *
 * @module
 */
import type { QueryModeBody } from '../catalogue/body-types.js';
import { isArraySafe } from '../issues/describe.js';
import type { Issue } from '../issues/types.js';
import { countOf } from '../text/count.js';
import { validateQueryModeBody } from './validate.js';

/** The error thrown by the `parse*` functions. It carries the same issues the `validate*` functions return. */
export class QueryModeValidationError extends Error {
  override readonly name = 'QueryModeValidationError';
  /** The issues, as `validateQueryModeBody` returns them. */
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    super(messageOf(issues));
    this.issues = isArraySafe(issues) ? issues : [];
  }
}

/** The message of the error: up to five issues' messages. Never throws. */
function messageOf(issues: readonly Issue[]): string {
  try {
    const list = isArraySafe(issues) ? issues : [];
    const head = list
      .slice(0, 5)
      .map((i) => `- ${String(i.message)}`)
      .join('\n');
    const more = list.length > 5 ? `\n- …and ${list.length - 5} more` : '';
    return `Invalid query-mode body (${countOf(list.length, 'issue')}):\n${head}${more}`;
  } catch {
    return 'Invalid query-mode body (its issues could not be read).';
  }
}

/**
 * Validates a body and returns it, or throws a {@link QueryModeValidationError} with the issues.
 */
export function parseQueryModeBody(input: unknown): QueryModeBody {
  const result = validateQueryModeBody(input);
  if (!result.ok) throw new QueryModeValidationError(result.issues);
  return result.value;
}
