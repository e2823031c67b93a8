/**
 * Cheaper within reach: the modes that would bill fewer events than the answer (the recommended
 * mode, or the best candidate) and are blocked only by facts not known or by a remedy, each with
 * what it would save and what to do, read from the candidates the ranking already built.
 *
 * @module
 */
import type { QueryMode } from '../../catalogue/modes.js';
import { type FactQuestion, sameQuestion } from '../sql/questions.js';
import type { ReachCandidate, Unlock } from './candidates.js';
import { sortFew } from './sort-few.js';

/** A cheaper mode within reach of the table. */
export interface WithinReach {
  /** The mode. */
  readonly mode: QueryMode;
  /** The billed events it would save over the span against the answer; null when its events are not known. */
  readonly saves: number | null;
  /**
   * With `saves` null: the break-even bound the ranking uses (the whole-table read's billed events
   * over the span), which the mode bills fewer than as long as the table changes fewer rows a day
   * than a whole-table read loads. Null otherwise.
   */
  readonly billedBelow: number | null;
  /** The indexes, in `WithinReachAdvice.questions`, of the facts to establish before it can be recommended. */
  readonly asks: readonly number[];
  /** The remedies that would unlock it, each a hard rule that fails. */
  readonly toUnlock: readonly Unlock[];
}

/** Every cheaper mode within reach, most savings first, and the facts they need, each asked once. */
export interface WithinReachAdvice {
  readonly modes: readonly WithinReach[];
  /** The facts to establish, each once, in the order the modes first ask them. */
  readonly questions: readonly FactQuestion[];
}

/** A known miss of a required kind is no remedy: "use a mode that captures it" names another mode. */
const CAPTURE_RULE = 'capture.change_kinds';

/** Whether one of the hard rules the candidate fails has a remedy (its `toUnlock`, written or not). */
const hasRemedy = (c: ReachCandidate): boolean =>
  c.findings.some((f) => f.severity === 'error' && f.remedy !== undefined);

/** Whether every hard rule the candidate fails has a remedy of its own (and it misses no required kind). */
function blockedOnlyByFactsOrRemedies(c: ReachCandidate): boolean {
  if (c.recommendable || c.misses.some((k) => c.captures[k]?.required === true)) return false;
  return c.findings.every(
    (f) => f.severity !== 'error' || (f.remedy !== undefined && f.rule !== CAPTURE_RULE),
  );
}

/** What `c` would save against billing `answer` events, or undefined when it is not known to bill fewer. */
function savingOf(c: ReachCandidate, answer: number): Reach | undefined {
  const billed = c.events.billed;
  if (billed !== null) return billed < answer ? { saves: answer - billed, billedBelow: null } : undefined;
  // Rates unknown: cheaper than a whole-table read as long as it changes fewer rows a day (the ranking's break-even).
  return c.billedBelow !== null && c.billedBelow <= answer
    ? { saves: null, billedBelow: c.billedBelow }
    : undefined;
}

type Reach = Pick<WithinReach, 'saves' | 'billedBelow'>;

/** Most savings first: known savings by size, then break-even bounds by size. */
function bySavings(a: Reach, b: Reach): number {
  if (a.saves !== null && b.saves !== null) return b.saves - a.saves;
  if (a.saves !== null || b.saves !== null) return a.saves !== null ? -1 : 1;
  return (b.billedBelow ?? 0) - (a.billedBelow ?? 0);
}

/**
 * The cheaper modes within reach of a table whose candidates are ranked best first (the answer
 * first; a `Candidate` is a `ReachCandidate`): empty when the answer's events are not known.
 */
export function withinReach(candidates: readonly ReachCandidate[]): WithinReachAdvice {
  const answer = candidates[0]?.events.billed ?? null;
  if (answer === null) return { modes: [], questions: [] };
  const found: { readonly c: ReachCandidate; readonly reach: Reach }[] = [];
  for (let i = 1; i < candidates.length; i++) {
    const c = candidates[i] as ReachCandidate;
    if ((c.toEstablish.length === 0 && !hasRemedy(c)) || !blockedOnlyByFactsOrRemedies(c)) continue;
    const reach = savingOf(c, answer);
    if (reach !== undefined) found.push({ c, reach });
  }
  sortFew(found, (a, b) => bySavings(a.reach, b.reach));
  const questions: FactQuestion[] = [];
  const modes = found.map(({ c, reach }): WithinReach => {
    const asks = c.toEstablish.map((q) => {
      const at = questions.findIndex((o) => sameQuestion(o, q));
      return at >= 0 ? at : questions.push(q) - 1;
    });
    // Key by key, in the order of `WithinReach`: no object spread a mode (docs/benchmarks.md, the reach candidates).
    return { mode: c.mode, saves: reach.saves, billedBelow: reach.billedBelow, asks, toUnlock: c.toUnlock };
  });
  return { modes, questions };
}
