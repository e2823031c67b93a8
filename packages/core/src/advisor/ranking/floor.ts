/**
 * A mode's floor: the lowest keys its evaluation could have for a table on the ranking criteria
 * before `events`, known before its checks run. Each of those keys is at most the evaluation's,
 * the first that differs lower, so a mode ahead of the floor on them ranks before the evaluation
 * (`LazyRanking` then leaves the mode unevaluated). Criterion by criterion (the property test in
 * `ranking.test.ts` holds the floor's keys at most the evaluation's, in the policy's order):
 * - `recommendable`: 0, the lowest key.
 * - `known_misses`, `not_described`, `possible_misses`: the capture with no capture condition
 *   reported. A failed condition only adds known misses; where it adds none, the floor's possible
 *   misses are among the evaluation's (a condition not known only adds possible misses).
 * From `events` on, keys read the mode's checks (`covers`, advice, facts not known): a floor
 * says nothing there.
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
import { RANKING_POLICY, type Ranked } from './policy.js';

/** A tally to which no check reported: no capture condition failed or unknown. */
const NOTHING_REPORTED: Tally = Object.freeze(new Tally());

/** The criteria a floor bounds: those before `events`. */
const FLOORED = RANKING_POLICY.slice(
  0,
  RANKING_POLICY.findIndex((c) => c.id === 'events'),
);

/** The floor of a mode for a table, in the shape the criteria read (an evaluation with no outcome). */
export class Floor implements Evaluation {
  readonly given = undefined;
  readonly filled = undefined;
  readonly sink: Tally = NOTHING_REPORTED;
  readonly required: KindSet;
  readonly capture: CaptureAssessment;
  readonly status: CandidateStatus = 'eligible';
  readonly recommendable = true;
  readonly warnings = 0;
  readonly open = 0;

  constructor(
    readonly checks: ModeChecks,
    readonly facts: TableFacts,
    readonly options: EvaluationOptions,
  ) {
    this.required = options.required;
    this.capture = assessCapture(checks, facts, NOTHING_REPORTED, options.required);
  }

  #events: EventsCount | undefined;

  /** The mode's events, which do not depend on its checks (the floor's criteria do not read them). */
  get events(): EventsCount {
    if (this.#events === undefined)
      this.#events = countEvents(this.checks.mode, this.facts, this.options.span);
    return this.#events;
  }
}

/**
 * Whether `best` ranks before every evaluation of the floor's mode: ahead of the floor on the
 * criteria it bounds (`compareRanked` on those alone; a tie says nothing).
 */
export function aheadOfFloor(best: Omit<Ranked, 'keys'>, floor: Floor): boolean {
  const f = { evaluation: floor, billedBelow: null };
  for (const c of FLOORED) {
    const x = c.key(best);
    const y = c.key(f);
    if (x !== y) return x < y;
  }
  return false;
}
