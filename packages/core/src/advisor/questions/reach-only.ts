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
import { advise, rankAdvice } from '../recommend/advise.js';
import { answerOf, reachCandidateOf } from '../recommend/candidates.js';
import type { RecommendOptions } from '../recommend/options.js';
import { type WithinReachAdvice, withinReach } from '../recommend/within-reach.js';

const NONE: WithinReachAdvice = Object.freeze({ modes: [], questions: [] });

/**
 * `recommend(traits, options).value.withinReach` for a value not yet known to be traits, building
 * the words of a candidate only where `withinReach` may keep it: an eligible mode that is not
 * recommendable misses a required kind (never within reach), and one that bills no fewer events
 * than the answer is not cheaper. Never throws.
 */
export function withinReachOf(traits: unknown, options?: RecommendOptions): Result<WithinReachAdvice> {
  try {
    const advice = advise(traits, options, () => new Tally());
    if (!advice.ok) return advice;
    const { ranked, facts, options: o } = rankAdvice(advice.value);
    const first = ranked[0];
    const answer = first?.evaluation.events.billed ?? null;
    if (first === undefined || answer === null) return { ok: true, value: NONE };
    const kept = [first];
    for (const r of ranked.slice(1)) {
      const e = r.evaluation;
      if (e.recommendable || e.status === 'eligible') continue;
      const billed = e.events.billed;
      const below = r.billedBelow();
      if (billed !== null ? billed < answer : below !== null && below <= answer) kept.push(r);
    }
    if (kept.length === 1) return { ok: true, value: NONE };
    // Only what `withinReach` reads: no words of the answer, nor of the events, body and captures (pnpm bench questions).
    return {
      ok: true,
      value: withinReach([answerOf(first), ...kept.slice(1).map((r) => reachCandidateOf(r, facts, o))]),
    };
  } catch (error) {
    return unreadableInput(error);
  }
}
