/**
 * Ranks the evaluations of every mode for a table by the policy (`policy.ts`), after working out
 * the break-even bound of the modes whose events are not known: every mode in order (`rank`), or
 * only the first (`firstRanked`; `first-lazily.ts` finds it evaluating only the modes that could
 * rank first, for `chooseMode`).
 *
 * @module
 */
import type { Evaluation } from '../evaluate/candidate.js';
import { NO_KINDS } from '../facts/kind-set.js';
import { compareRanked, RANKING_POLICY, type Ranked } from './policy.js';

/**
 * How a mode whose change rates are unknown ranks on events against a whole-table read's estimate
 * (see `RANKING_POLICY`): every policy, the default first.
 */
export const UNKNOWN_EVENTS_POLICIES = ['break_even', 'last'] as const;

/** A policy of {@link UNKNOWN_EVENTS_POLICIES}. */
export type UnknownEventsPolicy = (typeof UNKNOWN_EVENTS_POLICIES)[number];

/** The default policy: `break_even`. */
export const DEFAULT_UNKNOWN_EVENTS_POLICY: UnknownEventsPolicy = UNKNOWN_EVENTS_POLICIES[0];

/** A ranked evaluation before its keys are worked out. */
export type Unkeyed = Omit<Ranked, 'keys'>;

/** Whether a changes-reading mode covers what a whole-table read captures of what the table may have, with no more advice failures. */
function covers(e: Evaluation, whole: Evaluation): boolean {
  if (e.warnings > whole.warnings) return false;
  const mayHave = e.facts.kindsYes | e.facts.kindsUnknown;
  return (whole.capture.captured & ~e.capture.captured & mayHave) === NO_KINDS;
}

/** The whole-table read with the fewest known billed events, if any: the break-even bound. */
export function wholeTableRead(evaluations: readonly Evaluation[]): Evaluation | undefined {
  let whole: Evaluation | undefined;
  for (const e of evaluations) {
    if (e.checks.mode.reads !== 'whole_table' || e.events.billed === null) continue;
    if (whole === undefined || e.events.billed < (whole.events.billed as number)) whole = e;
  }
  return whole;
}

/**
 * The break-even bound an evaluation may take: the whole-table read's billed events, for a mode
 * that reads only changes, whose events are not known but not too large to count, under the
 * `break_even` policy; null otherwise. Whether it takes it depends on its checks (`covers`).
 */
export function mayBillBelow(
  e: Evaluation,
  whole: Evaluation | undefined,
  policy: UnknownEventsPolicy,
): number | null {
  return policy === 'break_even' &&
    whole !== undefined &&
    e.events.billed === null &&
    // Rates too large to count are not unknown rates: no break-even is claimed for them.
    !e.events.overflow &&
    e.checks.mode.reads === 'changes'
    ? whole.events.billed
    : null;
}

/** An evaluation's break-even bound (see `Ranked.billedBelow`). */
function billedBelow(
  e: Evaluation,
  whole: Evaluation | undefined,
  policy: UnknownEventsPolicy,
): number | null {
  const bound = mayBillBelow(e, whole, policy);
  return bound !== null && whole !== undefined && covers(e, whole) ? bound : null;
}

/** The evaluations, best first. */
export function rank(evaluations: readonly Evaluation[], policy: UnknownEventsPolicy): Ranked[] {
  const whole = wholeTableRead(evaluations);
  const ranked = evaluations.map((evaluation): Ranked => {
    const r = { evaluation, billedBelow: billedBelow(evaluation, whole, policy), keys: [] as number[] };
    for (const c of RANKING_POLICY) r.keys.push(c.key(r));
    return r;
  });
  // Stable: equal candidates keep catalogue order (the last criterion also says so).
  return ranked.sort(compareRanked);
}

type Ahead = (a: Unkeyed, b: Unkeyed) => boolean;

/**
 * `ahead` from the criterion at `i` on: one closure per criterion, so that each call site calls
 * one key function (a loop over the criteria calls eight from one site). Measured (CPU time, side
 * by side, advisor bench tables, `LazyRanking.first` alone): 5% (25-30 ns) less per table than the loop.
 */
function aheadFrom(i: number): Ahead {
  const criterion = RANKING_POLICY[i];
  if (criterion === undefined) return () => false;
  const key = criterion.key;
  const next = aheadFrom(i + 1);
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    return x !== y ? x < y : next(a, b);
  };
}

/** Whether `a` ranks before `b`: `compareRanked`, each key worked out only when the ones before it tie. */
export const ahead: Ahead = aheadFrom(0);

/** What the contenders of one table share: the policy, and the whole-table read (the break-even bound). */
export interface Bounds {
  readonly policy: UnknownEventsPolicy;
  /** The whole-table read with the fewest known billed events, if any. */
  readonly whole: Evaluation | undefined;
}

/**
 * An evaluation with its break-even bound worked out when the `events` criterion first reads it
 * (with the evaluation's events, which are counted when first read): most tables are decided
 * before that criterion (a floor works out its own: `floor.ts`).
 */
export class Contender implements Unkeyed {
  #billedBelow: number | null | undefined;

  constructor(
    readonly evaluation: Evaluation,
    private readonly bounds: Bounds,
  ) {}

  get billedBelow(): number | null {
    if (this.#billedBelow === undefined)
      this.#billedBelow = billedBelow(this.evaluation, this.bounds.whole, this.bounds.policy);
    return this.#billedBelow;
  }
}

/**
 * The first evaluation of {@link rank}'s order, found without ranking the others: one pass, each
 * key worked out only where the keys before it tie. Measured: `chooseMode` ~10% faster per table
 * than taking `rank(...)[0]` (the advisor bench's tables); a property test holds the two equal.
 */
export function firstRanked(
  evaluations: readonly Evaluation[],
  policy: UnknownEventsPolicy,
): Evaluation | undefined {
  const bounds: Bounds = { policy, whole: wholeTableRead(evaluations) };
  let best: Unkeyed | undefined;
  for (const evaluation of evaluations) {
    const r = new Contender(evaluation, bounds);
    if (best === undefined || ahead(r, best)) best = r;
  }
  return best?.evaluation;
}
