/**
 * The table facts and resolved options of generated traits and options, as `advise` reads them;
 * undefined when either is invalid. For property tests of the evaluation's parts.
 */
import type { TableFacts } from '../../src/advisor/facts/table-facts.js';
import { readFacts } from '../../src/advisor/facts/valid-facts.js';
import { type ResolvedOptions, readRecommendOptions } from '../../src/advisor/recommend/options.js';
import { validateTableTraits } from '../../src/advisor/traits/validate.js';

/** The facts and options of valid traits and options. */
export function readInputs(
  traits: unknown,
  options: unknown,
): { readonly facts: TableFacts; readonly options: ResolvedOptions } | undefined {
  const valid = validateTableTraits(traits);
  const read = readRecommendOptions(options);
  if (!valid.ok || !read.ok) return undefined;
  return { facts: readFacts(valid.value, read.value.replicationFrequencyMinutes), options: read.value };
}
