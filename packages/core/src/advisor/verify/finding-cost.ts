/**
 * The order of a table's findings in `verify`: by what they cost. A change the planned mode now
 * misses (a `captures` finding: rows lost without a sign) comes before one that stops the
 * pipeline where it shows (a renamed or missing column, a limit passed); the order within each
 * is the evaluation's.
 *
 * @module
 */
import type { Finding } from '../evaluate/findings.js';

/** 0 for a finding that misses a kind of change, 1 for any other. */
const costRank = (f: Finding): number => (f.captures === undefined ? 1 : 0);

/** The findings, the costliest first (a stable sort: equal ones keep their order). */
export const byCost = <F extends Finding>(findings: readonly F[]): F[] =>
  [...findings].sort((a, b) => costRank(a) - costRank(b));
