/**
 * The facts of traits that must be valid, else the validator's issues: checked as they are read,
 * in one pass (`readFactsIfValid`), and validated in detail only when that pass is not sure.
 *
 * @module
 */
import type { Result } from '../../issues/types.js';
import type { TableTraits } from '../traits/model.js';
import { INVALID } from '../traits/read-support.js';
import { validateTableTraits } from '../traits/validate.js';
import { readTableFactsLenient, readTableFactsStrict } from './generated/read-facts.js';
import type { TableFacts } from './table-facts.js';

/**
 * Reads the facts of a table from its traits (already valid, or a caller's partial record: each
 * trait of the wrong kind reads as unknown). `frequencyMinutes`, when given, overrides the
 * traits' replication frequency.
 */
export function readFacts(traits: TableTraits, frequencyMinutes?: number): TableFacts {
  // The strict reader, as chooseMode's: compiling the lenient one too was 7% of verify's first pass (CPU, 10,000 tables).
  const facts = readTableFactsStrict(traits, frequencyMinutes);
  return facts === INVALID ? readTableFactsLenient(traits, frequencyMinutes) : facts;
}

/**
 * The facts of traits the quick check of `validateTableTraits` finds valid, checked as they are
 * read in the same pass; undefined when it does not (the validator then decides, with issues).
 */
export function readFactsIfValid(input: unknown, frequencyMinutes?: number): TableFacts | undefined {
  const facts = readTableFactsStrict(input, frequencyMinutes);
  return facts === INVALID ? undefined : facts;
}

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
