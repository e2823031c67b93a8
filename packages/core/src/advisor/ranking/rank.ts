/**
 * Ranks the evaluations of every mode for a table by the policy (`policy.ts`), after working out
 * the break-even bound of the modes whose events are not known: every mode in order (`rank`); `first-lazily.ts` finds
 * the first evaluating only the modes that could rank first, for `chooseMode`.
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

type Key = (r: Unkeyed) => number;

/** The key of the criterion at `i` (0 past the last: all tie). */
const keyAt = (i: number): Key => RANKING_POLICY[i]?.key ?? (() => 0);

// The keys of the policy's criteria, in order, one constant each (for `ahead`).
const k0 = keyAt(0);
const k1 = keyAt(1);
const k2 = keyAt(2);
const k3 = keyAt(3);
const k4 = keyAt(4);
const k5 = keyAt(5);
const k6 = keyAt(6);
const k7 = keyAt(7);

/**
 * Whether `a` ranks before `b`: `compareRanked`, each key worked out only when the ones before it
 * tie. Written out over the policy's eight criteria (a test holds that there are eight), so that
 * each call site calls one key function, which V8 can inline: a loop over the criteria, or a chain
 * of closures, calls eight from one site. Measured (CPU time, side by side, advisor bench tables):
 * `chooseMode` 2.4-4.6% less per table than the chain of closures (three runs), and 4.3-4.8% fewer
 * instructions per table (valgrind, warm passes).
 */
export function ahead(a: Unkeyed, b: Unkeyed): boolean {
  let x = k0(a);
  let y = k0(b);
  if (x !== y) return x < y;
  x = k1(a);
  y = k1(b);
  if (x !== y) return x < y;
  x = k2(a);
  y = k2(b);
  if (x !== y) return x < y;
  x = k3(a);
  y = k3(b);
  if (x !== y) return x < y;
  x = k4(a);
  y = k4(b);
  if (x !== y) return x < y;
  x = k5(a);
  y = k5(b);
  if (x !== y) return x < y;
  x = k6(a);
  y = k6(b);
  if (x !== y) return x < y;
  return k7(a) < k7(b);
}

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
