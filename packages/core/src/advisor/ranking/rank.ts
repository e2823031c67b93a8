/**
 * Ranks the evaluations of every mode for a table by the policy (`policy.ts`), after working out
 * the break-even bound of the modes whose events are not known: every mode in order (`rank`); `first-lazily.ts` finds
 * the first evaluating only the modes that could rank first, for `chooseMode`.
 *
 * @module
 */
import type { EventsCount } from '../estimate/count.js';
import type { Evaluation } from '../evaluate/candidate.js';
import { type KindSet, NO_KINDS } from '../facts/kind-set.js';
import type { TableFacts } from '../facts/table-facts.js';
import { compare, type Standing } from './policy.js';

/**
 * How a mode whose change rates are unknown ranks on events against a whole-table read's estimate
 * (see `RANKING_POLICY`): every policy, the default first.
 */
export const UNKNOWN_EVENTS_POLICIES = ['break_even', 'last'] as const;

/** A policy of {@link UNKNOWN_EVENTS_POLICIES}. */
export type UnknownEventsPolicy = (typeof UNKNOWN_EVENTS_POLICIES)[number];

/** The default policy: `break_even`. */
export const DEFAULT_UNKNOWN_EVENTS_POLICY: UnknownEventsPolicy = UNKNOWN_EVENTS_POLICIES[0];

/** What the contenders of one table share: the policy, and the whole-table read (the break-even bound). */
export interface Bounds {
  readonly policy: UnknownEventsPolicy;
  /** The whole-table read with the fewest known billed events, if any (of modes already evaluated). */
  wholeTableRead(): Evaluation | undefined;
}

/** Whether a mode capturing `captured` captures all a whole-table read captures of what the table may have. */
export function capturesAllOf(captured: KindSet, facts: TableFacts, whole: Evaluation): boolean {
  const mayHave = facts.kindsYes | facts.kindsUnknown;
  return (whole.capture.captured & ~captured & mayHave) === NO_KINDS;
}

/** Whether a changes-reading mode covers what a whole-table read captures of what the table may have, with no more advice failures. */
function covers(e: Evaluation, whole: Evaluation): boolean {
  return e.warnings <= whole.warnings && capturesAllOf(e.capture.captured, e.facts, whole);
}

/**
 * The whole-table read with the fewest known billed events, if any (of the modes evaluated): the
 * break-even bound. None when it bills no events: no mode bills fewer than 0, so no break-even is claimed.
 */
export function wholeTableRead(evaluations: readonly (Evaluation | undefined)[]): Evaluation | undefined {
  let whole: Evaluation | undefined;
  let fewest = Number.POSITIVE_INFINITY;
  for (const e of evaluations) {
    if (e === undefined || e.checks.mode.reads !== 'whole_table') continue;
    const billed = e.countEvents().billed;
    if (billed === null || (whole !== undefined && billed >= fewest)) continue;
    whole = e;
    fewest = billed;
  }
  return whole === undefined || fewest === 0 ? undefined : whole;
}

/**
 * The whole-table read whose billed events a mode with these events may take as its break-even
 * bound: for a mode that reads only changes, whose events are not known but not too large to
 * count, under the `break_even` policy; undefined otherwise. Whether it takes it depends on its
 * checks (`covers`).
 */
export function mayBillBelow(events: EventsCount, bounds: Bounds): Evaluation | undefined {
  return bounds.policy === 'break_even' &&
    events.billed === null &&
    // Rates too large to count are not unknown rates: no break-even is claimed for them.
    !events.overflow &&
    events.mode.reads === 'changes'
    ? bounds.wholeTableRead()
    : undefined;
}

/**
 * A mode's evaluation as the criteria read it, with its break-even bound worked out when the
 * `events` criterion first asks for it: most tables are decided before that criterion.
 */
export class Contender implements Standing {
  readonly checks: Evaluation['checks'];
  readonly status: Evaluation['status'];
  readonly recommendable: boolean;
  readonly capture: Evaluation['capture'];
  readonly warnings: number;
  readonly open: number;
  readonly ruledOut: boolean;
  #billedBelow: number | null | undefined;

  constructor(
    readonly evaluation: Evaluation,
    private readonly bounds: Bounds,
  ) {
    this.checks = evaluation.checks;
    this.status = evaluation.status;
    this.recommendable = evaluation.recommendable;
    this.capture = evaluation.capture;
    this.warnings = evaluation.warnings;
    this.open = evaluation.open;
    this.ruledOut = evaluation.sink.ruledOut;
  }

  billed(): number | null {
    return this.evaluation.countEvents().billed;
  }

  billedBelow(): number | null {
    if (this.#billedBelow === undefined) {
      const whole = mayBillBelow(this.evaluation.countEvents(), this.bounds);
      this.#billedBelow =
        whole !== undefined && covers(this.evaluation, whole) ? whole.countEvents().billed : null;
    }
    return this.#billedBelow;
  }
}

/** An evaluation ranked among its table's: the criteria's reading of it. */
export type Ranked = Contender;

/** The evaluations, best first. */
export function rank(evaluations: readonly Evaluation[], policy: UnknownEventsPolicy): Ranked[] {
  const whole = wholeTableRead(evaluations);
  const bounds: Bounds = { policy, wholeTableRead: () => whole };
  // Stable: equal candidates keep catalogue order (the last criterion also says so).
  return evaluations.map((e) => new Contender(e, bounds)).sort(compare);
}
