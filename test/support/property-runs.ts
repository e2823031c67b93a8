/**
 * How many examples a fast-check property runs, and with which seed.
 *
 * - A plain run (`pnpm test`, CI): at most `PLAIN_RUNS` examples with the property's fixed seed,
 *   the same examples on every run. With a fixed seed, they are the first examples of the longer
 *   run below with that seed.
 * - `pnpm fuzz` (`QUERYMODE_FUZZ=1`): the number written at the property (or `QUERYMODE_FUZZ_RUNS`
 *   for all), with a new seed each run (or `QUERYMODE_FUZZ_SEED`), to find what the fixed examples
 *   miss. fast-check prints the seed and path of a failure and shrinks it; the shrunk
 *   counterexample is pinned beside its test (as `advisor/safety-fixtures.json` is) and replayed on
 *   every run.
 */

/** Whether this is a fuzzing run (`pnpm fuzz`). */
export const FUZZ = process.env.QUERYMODE_FUZZ === '1';

/** The most examples a property runs outside `pnpm fuzz`. */
export const PLAIN_RUNS = 150;

const fuzzSeed = Number(process.env.QUERYMODE_FUZZ_SEED ?? Date.now() % 2 ** 31);
const fuzzRuns = Number(process.env.QUERYMODE_FUZZ_RUNS ?? 0);

/** fast-check's parameters for a property that `pnpm fuzz` runs `fuzzExamples` times. */
export function propertyRuns(fuzzExamples: number, seed = 42): { seed: number; numRuns: number } {
  if (FUZZ) return { seed: fuzzSeed, numRuns: fuzzRuns > 0 ? fuzzRuns : fuzzExamples };
  return { seed, numRuns: Math.min(fuzzExamples, PLAIN_RUNS) };
}
