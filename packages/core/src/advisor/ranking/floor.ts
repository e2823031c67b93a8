/**
 * A mode's floor: the lowest ranking keys its evaluation could have for a table, known before its
 * checks run. Its keys are at most the evaluation's, the first that differs lower, so a mode
 * ranked before the floor ranks before the evaluation (`LazyRanking` then leaves the mode
 * unevaluated). Criterion by criterion (the property test in `ranking.test.ts` holds a mode
 * ranked before the floor ranked before the evaluation):
 * - `recommendable`: 2 when the capture with no capture condition reported (below) is known to
 *   miss a kind the caller requires (a failed condition only adds known misses, so the
 *   evaluation is blocked too); else 0, the lowest key. A floor is never ruled out (`ruledOut`:
 *   the evaluation's 3 is above both).
 * - `known_misses`, `not_described`, `possible_misses`: the capture with no capture condition
 *   reported. A failed condition only adds known misses; where it adds none, the floor's possible
 *   misses are among the evaluation's (a condition not known only adds possible misses).
 * - `events`: the mode's events, which do not depend on its checks; where they are not known, the
 *   break-even bound as if the mode covered the whole-table read (`covers` can only take it away).
 * - `robustness`, `open_facts`: 0; `catalogue_order`: the mode's.
 *
 * @module
 */

import { countEvents, type EventsCount } from '../estimate/count.js';
import type { EvaluationTable } from '../evaluate/candidate.js';
import { assessCapture, type CaptureAssessment } from '../evaluate/capture.js';
import { Tally } from '../evaluate/sink.js';
import type { ModeChecks } from '../rules/mode-checks.js';
import type { Standing } from './policy.js';
import { type Bounds, capturesAllOf, mayBillBelow } from './rank.js';

/** A tally to which no check reported: no capture condition failed or unknown. */
const NOTHING_REPORTED: Tally = Object.freeze(new Tally());

/** The table whose modes' floors are worked out: its facts, the options, and the contenders' bounds. */
export interface FloorTable extends Bounds, EvaluationTable {}

/** The floor of a mode for a table: the lowest outcome its evaluation could have, for the criteria. */
export class Floor implements Standing {
  readonly capture: CaptureAssessment;
  readonly recommendable: boolean;
  /** No hard rule is taken to fail, no advice, no fact left open: the lowest keys. */
  readonly status = 'eligible';
  readonly warnings = 0;
  readonly open = 0;
  /** No check is taken to rule the mode out (the lowest key). */
  readonly ruledOut = false;
  #events: EventsCount | undefined;
  #billedBelow: number | null | undefined;

  constructor(
    readonly checks: ModeChecks,
    private readonly table: FloorTable,
  ) {
    this.capture = assessCapture(checks, table.facts, NOTHING_REPORTED, table.options.required);
    this.recommendable = this.capture.blocking === 0;
  }

  /** The mode's events, which do not depend on its checks: counted now if they were not. */
  countEvents(): EventsCount {
    if (this.#events === undefined)
      this.#events = countEvents(this.checks.mode, this.table.facts, this.table.options.span);
    return this.#events;
  }

  /** The mode's events if they were counted, for its evaluation to reuse; else undefined. */
  counted(): EventsCount | undefined {
    return this.#events;
  }

  billed(): number | null {
    return this.countEvents().billed;
  }

  /** A floor takes the break-even bound whatever its checks (`covers` can only take it away). */
  billedBelow(): number | null {
    if (this.#billedBelow === undefined)
      this.#billedBelow = mayBillBelow(this.countEvents(), this.table)?.countEvents().billed ?? null;
    return this.#billedBelow;
  }

  /**
   * The break-even bound its evaluation may still take: `billedBelow`, or null when the floor's
   * captures (a superset of the evaluation's: checks only take captures away) already miss one
   * the whole-table read has, so that `covers` fails whatever the checks find.
   */
  coveredBound(): number | null {
    const whole = mayBillBelow(this.countEvents(), this.table);
    return whole !== undefined && capturesAllOf(this.capture.captured, this.table.facts, whole)
      ? whole.countEvents().billed
      : null;
  }
}
