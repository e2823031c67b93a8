/**
 * A mode's floor: the lowest ranking keys its evaluation could have for a table, known before its
 * checks run. Its keys are at most the evaluation's, the first that differs lower, so a mode
 * ranked before the floor ranks before the evaluation (`LazyRanking` then leaves the mode
 * unevaluated). Criterion by criterion (the property test in `ranking.test.ts` holds a mode
 * ranked before the floor ranked before the evaluation):
 * - `recommendable`: 2 when the capture with no capture condition reported (below) is known to
 *   miss a kind the caller requires (a failed condition only adds known misses, so the
 *   evaluation is blocked too); else 0, the lowest key.
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
import type { CandidateStatus, Evaluation, EvaluationOptions } from '../evaluate/candidate.js';
import { assessCapture, type CaptureAssessment } from '../evaluate/capture.js';
import { Tally } from '../evaluate/sink.js';
import type { KindSet } from '../facts/kind-set.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { ModeChecks } from '../rules/mode-checks.js';
import { type Bounds, mayBillBelow, type Unkeyed } from './rank.js';

/** A tally to which no check reported: no capture condition failed or unknown. */
const NOTHING_REPORTED: Tally = Object.freeze(new Tally());

/** The table whose modes' floors are worked out: its facts, the options, and the contenders' bounds. */
export interface FloorTable extends Bounds {
  readonly facts: TableFacts;
  readonly options: EvaluationOptions;
}

/**
 * The floor of a mode for a table, in the shape the criteria read (an evaluation with no outcome),
 * ranked as it is (its own contender, with the break-even bound whatever its checks). What every
 * floor shares is on the prototype (getters), not in each floor. Measured (CPU time, side by side,
 * advisor bench tables, `LazyRanking.first` alone over evaluations made beforehand): 5% (35 ns) less
 * per table than a floor with those fields ranked through a `Contender` (five floors a table). The
 * table's facts and options, and what follows from them (`required`, `recommendable`), are read
 * through the table (getters too): four fields fewer a floor. Measured: `LazyRanking.first` alone
 * 0.973x and 0.983x, `chooseMode` 0.980x and 0.983x (CPU time, side by side), its instructions per
 * table 1.7-2.5% fewer (valgrind, warm passes); `recommendable` as a field again: 0.8% more.
 */
export class Floor implements Evaluation, Unkeyed {
  readonly capture: CaptureAssessment;
  #events: EventsCount | undefined;
  #billedBelow: number | null | undefined;

  constructor(
    readonly checks: ModeChecks,
    private readonly table: FloorTable,
  ) {
    this.capture = assessCapture(checks, table.facts, NOTHING_REPORTED, table.options.required);
  }

  get facts(): TableFacts {
    return this.table.facts;
  }
  get options(): EvaluationOptions {
    return this.table.options;
  }
  get required(): KindSet {
    return this.table.options.required;
  }
  get recommendable(): boolean {
    return this.capture.blocking === 0;
  }
  get given(): undefined {
    return undefined;
  }
  get filled(): undefined {
    return undefined;
  }
  get sink(): Tally {
    return NOTHING_REPORTED;
  }
  get status(): CandidateStatus {
    return 'eligible';
  }
  get warnings(): number {
    return 0;
  }
  get open(): number {
    return 0;
  }
  get evaluation(): Evaluation {
    return this;
  }

  /** A floor takes the break-even bound whatever its checks. */
  get billedBelow(): number | null {
    if (this.#billedBelow === undefined)
      this.#billedBelow = mayBillBelow(this, this.table.whole, this.table.policy);
    return this.#billedBelow;
  }

  /** The mode's events if they were counted (read), else undefined. */
  get counted(): EventsCount | undefined {
    return this.#events;
  }

  /** The mode's events, which do not depend on its checks. */
  get events(): EventsCount {
    if (this.#events === undefined)
      this.#events = countEvents(this.checks.mode, this.table.facts, this.table.options.span);
    return this.#events;
  }
}
