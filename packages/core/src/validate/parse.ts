/**
 * The throwing variant of validation: the same issues, wrapped in one error class.
 *
 * @module
 */
import type { QueryModeBody } from '../catalogue/body-types.js';
import type { Issue } from '../issues/types.js';
import { validateQueryModeBody } from './validate.js';

/** The error thrown by the `parse*` functions. It carries the same issues the `validate*` functions return. */
export class QueryModeValidationError extends Error {
  override readonly name = 'QueryModeValidationError';
  /** The issues, as `validateQueryModeBody` returns them. */
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    const head = issues
      .slice(0, 5)
      .map((i) => `- ${i.message}`)
      .join('\n');
    const more = issues.length > 5 ? `\n- …and ${issues.length - 5} more` : '';
    super(
      `Invalid query-mode body (${issues.length} issue${issues.length === 1 ? '' : 's'}):\n${head}${more}`,
    );
    this.issues = issues;
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
