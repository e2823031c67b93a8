/**
 * The cheaper modes within reach of a table without the rest of `recommend`'s words: every mode
 * evaluated and ranked as `recommend` does, but findings and words built only for the answer and
 * the modes that could be within reach, for `recommend --ndjson --questions` over many tables.
 * The result is `recommend(...).withinReach` exactly (`questions.test.ts` holds them equal).
 *
 * @module
 */
import type { Result } from '../../issues/types.js';
import { unreadableInput } from '../../issues/unreadable.js';
import { Tally } from '../evaluate/sink.js';
import { advise, type RankedAdvice, rankAdvice } from '../recommend/advise.js';
import { answerOf, reachCandidateOf } from '../recommend/candidates.js';
import type { RecommendOptions } from '../recommend/options.js';
import { choiceOfVerdict, type ModeChoice } from '../recommend/recommend.js';
import { type WithinReachAdvice, withinReach } from '../recommend/within-reach.js';
import { type AwaitedQuestions, answerWaits } from './table-questions.js';

const NONE: WithinReachAdvice = Object.freeze({ modes: [], questions: [] });

/** The verdict of `chooseMode` and the cheaper modes within reach, from one evaluation of every mode. */
export interface ChoiceWithReach {
  /** `chooseMode(traits, options).value`. */
  readonly choice: ModeChoice;
  /** `recommend(traits, options).value.withinReach`. */
  readonly reach: WithinReachAdvice;
  /** The facts the best candidate waits for, when nothing is recommended until they are answered (`answerWaits`). */
  readonly awaited?: AwaitedQuestions;
}

/**
 * `chooseMode` and `recommend(...).withinReach` of the same traits (a value not yet known to be
 * traits), the traits read and every mode evaluated once for both (`recommend --ndjson
 * --questions`: the second read cost a fifth of its time). The words of a candidate are built only
 * where `withinReach` may keep it: an eligible mode that is not recommendable misses a required
 * kind (never within reach), and one that bills no fewer events than the answer is not cheaper.
 * Never throws.
 */
export function chooseModeWithReach(traits: unknown, options?: RecommendOptions): Result<ChoiceWithReach> {
  try {
    const advice = advise(traits, options, () => new Tally());
    if (!advice.ok) return advice;
    const ranked = rankAdvice(advice.value);
    const value: ChoiceWithReach = { choice: choiceOfVerdict(ranked), reach: reachOf(ranked) };
    const first = ranked.ranked[0];
    if (first === undefined || !answerWaits(ranked.status, first.evaluation.status))
      return { ok: true, value };
    const best = reachCandidateOf(first, ranked.facts, ranked.options);
    return { ok: true, value: { ...value, awaited: { mode: best.mode, questions: best.toEstablish } } };
  } catch (error) {
    return unreadableInput(error);
  }
}

/** The cheaper modes within reach of ranked advice, the words built only for the modes it may keep. */
function reachOf({ ranked, facts, options }: RankedAdvice): WithinReachAdvice {
  const first = ranked[0];
  const answer = first?.evaluation.events.billed ?? null;
  if (first === undefined || answer === null) return NONE;
  const kept = [first];
  for (const r of ranked.slice(1)) {
    const e = r.evaluation;
    if (e.recommendable || e.status === 'eligible') continue;
    const billed = e.events.billed;
    const below = r.billedBelow();
    if (billed !== null ? billed < answer : below !== null && below <= answer) kept.push(r);
  }
  if (kept.length === 1) return NONE;
  // Only what `withinReach` reads: no words of the answer, nor of the events, body and captures (pnpm bench questions).
  return withinReach([answerOf(first), ...kept.slice(1).map((r) => reachCandidateOf(r, facts, options))]);
}
