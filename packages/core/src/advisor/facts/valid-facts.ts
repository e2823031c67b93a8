/**
 * The facts of traits that must be valid, else the validator's issues: checked as they are read,
 * in one pass (`readFactsIfValid`), and validated in detail only when that pass is not sure.
 *
 * @module
 */
import type { Result } from '../../issues/types.js';
import { validateTableTraits } from '../traits/validate.js';
import { readFacts, readFactsIfValid, type TableFacts } from './table-facts.js';

/**
 * The facts of valid traits, or `validateTableTraits`'s issues. `frequencyMinutes`, when given,
 * overrides the traits' replication frequency. Never throws: a hostile input (a throwing getter
 * or proxy) gives the validator's `unreadable_input` issue.
 */
export function readValidFacts(input: unknown, frequencyMinutes?: number): Result<TableFacts> {
  try {
    const facts = readFactsIfValid(input, frequencyMinutes);
    if (facts !== undefined) return { ok: true, value: facts };
  } catch {
    // A getter that throws, or a revoked proxy: the validator reads it again and says so.
  }
  const valid = validateTableTraits(input);
  if (!valid.ok) return valid;
  return { ok: true, value: readFacts(valid.value, frequencyMinutes) };
}
