/**
 * A failed result of core (`{ ok: false, issues }`) as a CLI error: one line saying what could not
 * be done, then each issue on its own line; exit 1.
 *
 * @module
 */
import { inputError } from './errors.js';

/** The issues of a failed result as one error (exit 1). */
export function resultError(what: string, issues: readonly { code: string; message: string }[]): Error {
  return inputError(`${what}:\n${issues.map((i) => `  ${i.code}  ${i.message}`).join('\n')}`);
}
