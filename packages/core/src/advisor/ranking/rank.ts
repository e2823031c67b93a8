/**
 * Ranks the evaluations of every mode for a table by the policy (`policy.ts`), after working out
 * the break-even bound of the modes whose events are not known.
 *
 * @module
 */
import type { Evaluation } from '../evaluate/candidate.js';
import { NO_KINDS } from '../facts/kind-set.js';
import { compareRanked, RANKING_POLICY, type Ranked } from './policy.js';

/** How a mode whose change rates are unknown ranks on events against a whole-table read's estimate. */
export type UnknownEventsPolicy = 'break_even' | 'last';

/** Whether a changes-reading mode covers what a whole-table read captures of what the table may have, with no more advice failures. */
function covers(e: Evaluation, whole: Evaluation): boolean {
  if (e.warnings > whole.warnings) return false;
  const mayHave = e.facts.kindsYes | e.facts.kindsUnknown;
  return (whole.capture.captured & ~e.capture.captured & mayHave) === NO_KINDS;
}

/** The evaluations, best first. */
export function rank(evaluations: readonly Evaluation[], policy: UnknownEventsPolicy): Ranked[] {
  let whole: Evaluation | undefined;
  for (const e of evaluations) {
    if (e.checks.mode.reads !== 'whole_table' || e.events.billed === null) continue;
    if (whole === undefined || e.events.billed < (whole.events.billed as number)) whole = e;
  }
  const ranked = evaluations.map((evaluation): Ranked => {
    const billedBelow =
      policy === 'break_even' &&
      whole !== undefined &&
      evaluation.events.billed === null &&
      evaluation.checks.mode.reads === 'changes' &&
      covers(evaluation, whole)
        ? whole.events.billed
        : null;
    const ranked: { evaluation: Evaluation; billedBelow: number | null; keys: number[] } = {
      evaluation,
      billedBelow,
      keys: [],
    };
    for (const c of RANKING_POLICY) ranked.keys.push(c.key(ranked));
    return ranked;
  });
  // Stable: equal candidates keep catalogue order (the last criterion also says so).
  return ranked.sort(compareRanked);
}
