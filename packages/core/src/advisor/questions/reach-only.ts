/**
 * The cheaper modes within reach of a table without the rest of `recommend`'s words: the modes
 * `chooseMode` evaluates, and those that bill fewer events than its answer, ranked as `recommend`
 * ranks them, findings and words built only for the modes that could be within reach, for
 * `recommend --ndjson --questions` over many tables. The result is `recommend(...).withinReach`
 * exactly (`within-reach.test.ts` holds them equal, and the verdict `chooseMode`'s).
 *
 * @module
 */
import type { Result } from '../../issues/types.js';
import { neverThrows } from '../../issues/unreadable.js';
import { type ReachWriting, reachWriting } from '../evaluate/findings.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { LazyRanking } from '../ranking/first-lazily.js';
import { compare } from '../ranking/policy.js';
import { Contender, type Ranked } from '../ranking/rank.js';
import { adviseLazily } from '../recommend/advise.js';
import { answerOf, reachCandidateOf } from '../recommend/candidates.js';
import type { AdvisorOptions, ResolvedOptions } from '../recommend/options.js';
import { choiceOfVerdict, type ModeChoice } from '../recommend/recommend.js';
import { sortFew } from '../recommend/sort-few.js';
import { type WithinReachAdvice, withinReach } from '../recommend/within-reach.js';
import { type AwaitedQuestions, answerWaits } from './table-questions.js';

const NONE: WithinReachAdvice = Object.freeze({ modes: [], questions: [] });

/** No cheaper mode, shared. */
const NO_MODES: readonly Ranked[] = Object.freeze([]);

/**
 * The words of the cheaper modes within reach: `all` of `recommend(...).withinReach`, or the
 * `questions` a plan's view reads, each mode's `toUnlock` left empty (its remedies' statements
 * not written: a tenth of `--questions`' evaluation, pnpm bench questions).
 */
export type ReachWords = 'all' | 'questions';

/** The verdict of `chooseMode` and the cheaper modes within reach, from one evaluation of every mode. */
export interface ChoiceWithReach {
  /** `chooseMode(traits, options).value`. */
  readonly choice: ModeChoice;
  /** `recommend(traits, options).value.withinReach` (with the words `ReachWords` says). */
  readonly reach: WithinReachAdvice;
  /** The facts the best candidate waits for, when nothing is recommended until they are answered (`answerWaits`). */
  readonly awaited?: AwaitedQuestions;
}

/**
 * `chooseMode` and `recommend(...).withinReach` of the same traits (a value not yet known to be
 * traits) from one lazy ranking: `chooseMode`'s evaluations give the verdict, and of the other
 * modes only those whose events (known before their checks run: `Floor`) bill fewer than the
 * answer are evaluated, since no other can be within reach (`recommend --ndjson --questions`:
 * evaluating every mode cost a third of its time). `words`: see `ReachWords`.
 * Never throws.
 */
export function chooseModeWithReach(
  traits: unknown,
  options?: AdvisorOptions,
  words: ReachWords = 'all',
): Result<ChoiceWithReach> {
  return neverThrows(choiceWithReach, [traits, options, words]);
}

function choiceWithReach(
  traits: unknown,
  options: AdvisorOptions | undefined,
  words: ReachWords,
): Result<ChoiceWithReach> {
  // Outcomes kept from the start: a mode within reach is described without a second evaluation (1.3 a table of the questions plan).
  // A plan's questions keep their queries' recipes alone (`TableFacts.recipesOnly`): the tally writes the text again.
  const advice = adviseLazily(traits, options, true, words === 'questions');
  if (!advice.ok) return advice;
  const { facts, options: o, lazy, verdict } = advice.value;
  const choice = choiceOfVerdict(verdict);
  const best = verdict.best === undefined ? undefined : new Contender(verdict.best, lazy);
  if (best === undefined) return { ok: true, value: { choice, reach: NONE } };
  const cheaper = cheaperThan(best, lazy);
  const waiting = answerWaits(verdict.status, best.evaluation.status);
  // Nothing within reach and nothing awaited (two tables in three of cli-ndjson): no writing made.
  if (cheaper.length === 0 && !waiting) return { ok: true, value: { choice, reach: NONE } };
  // One writing for the table: its modes share the questions they ask.
  const writing = reachWriting(words === 'all');
  const value: ChoiceWithReach = { choice, reach: reachOf(best, cheaper, facts, o, writing) };
  if (!waiting) return { ok: true, value };
  // Its facts to establish alone are read: no remedy is written.
  const waits = reachCandidateOf(best, facts, o, { ...writing, remedies: false });
  return { ok: true, value: { ...value, awaited: { mode: waits.mode, questions: waits.toEstablish } } };
}

/**
 * The modes that may be within reach of the first-ranked `best`: those that bill fewer events (or
 * whose break-even bound is below its events), evaluated now if they were not, in `rank`'s order.
 */
function cheaperThan(best: Ranked, lazy: LazyRanking): readonly Ranked[] {
  const answer = best.evaluation.countEvents().billed;
  if (answer === null) return NO_MODES;
  // Made at the first mode: two tables in three have none (cli-ndjson).
  let cheaper: Ranked[] | undefined;
  for (let i = 0; i < lazy.modes.length; i++) {
    if (lazy.modes[i] === best.evaluation.checks) continue;
    const r = mayBeWithinReach(lazy, i, answer);
    if (r === undefined) continue;
    if (cheaper === undefined) cheaper = [r];
    else cheaper.push(r);
  }
  return cheaper === undefined ? NO_MODES : sortFew(cheaper, compare);
}

/**
 * The mode at `i` ranked, when it may be within reach of an answer that bills `answer` events;
 * a mode not yet evaluated is ruled out by its floor first when it can be.
 */
function mayBeWithinReach(lazy: LazyRanking, i: number, answer: number): Ranked | undefined {
  // An evaluated mode is read as it is: no floor made, nor its events counted again (70,516 of cli-ndjson's 410,747 counts).
  let e = lazy.evaluatedAt(i);
  if (e === undefined) {
    const floor = lazy.floor(i);
    // Known to miss a kind the caller requires whatever its checks: never within reach.
    if (!floor.recommendable) return undefined;
    const billed = floor.billed();
    if (billed !== null && billed >= answer) return undefined;
    // Not `billedBelow`: a mode whose captures already fail `covers` never takes the bound (change_tracking, evaluated for nothing in 1.0 a table of the questions plan, 0.35 of cli-ndjson).
    const bound = billed === null ? floor.coveredBound() : null;
    if (billed === null && (bound === null || bound > answer)) return undefined;
    e = lazy.evaluation(i, floor);
  }
  // Known to miss a required kind (`withinReach` leaves it out), recommendable or eligible: not within reach.
  if (e.capture.blocking !== 0 || e.recommendable || e.status === 'eligible') return undefined;
  const r = new Contender(e, lazy);
  const billed = e.countEvents().billed;
  if (billed !== null) return billed < answer ? r : undefined;
  const below = r.billedBelow();
  return below !== null && below <= answer ? r : undefined;
}

/** The cheaper modes within reach (`cheaperThan`, in `rank`'s order); the words built only for them. */
function reachOf(
  best: Ranked,
  cheaper: readonly Ranked[],
  facts: TableFacts,
  options: ResolvedOptions,
  writing: ReachWriting,
): WithinReachAdvice {
  if (cheaper.length === 0) return NONE;
  // Only what `withinReach` reads: no words of the answer, nor of the events, body and captures (pnpm bench questions).
  const candidates = [answerOf(best)];
  for (const r of cheaper) candidates.push(reachCandidateOf(r, facts, options, writing));
  return withinReach(candidates);
}
