/**
 * `rank`'s first with each mode evaluated only when it could rank first, for `chooseMode`: a mode
 * whose floor (`floor.ts`: the lowest keys its evaluation could have) ranks after the best
 * evaluation so far is left unevaluated, since its evaluation would rank after that one too.
 * Nor can it change the verdict's status: ranking after the best on the first criterion's key,
 * the floor's is 0 only when the best's is 0 too (recommendable: the status is `recommended`),
 * and 2 when the mode is known to miss a kind the caller requires (it is neither recommendable
 * nor awaiting facts). So the first-ranked mode and the status are those of every mode evaluated
 * (a property test in `ranking.test.ts` holds them equal to those of every mode ranked).
 *
 * @module
 */

import { type Evaluation, type EvaluationOptions, evaluateFilled } from '../evaluate/candidate.js';
import type { Tally } from '../evaluate/sink.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { ModeChecks } from '../rules/mode-checks.js';
import { Floor, type FloorTable } from './floor.js';
import { compare } from './policy.js';
import { Contender, type UnknownEventsPolicy, wholeTableRead } from './rank.js';

/** The modes of one table, each evaluated when first needed, and ranked for the first. */
export class LazyRanking implements FloorTable {
  /** The evaluations made so far, a slot per mode (made at its size, not grown from `[]`: with the floors, ~2% of chooseMode's own cost, valgrind). */
  readonly #evaluations: (Evaluation | undefined)[];
  /** The floors made so far, by mode: `first` compares them, and the cheaper modes within reach read them again. */
  readonly #floors: (Floor | undefined)[];
  /** The whole-table read, once found among the evaluations; null before. */
  #whole: Evaluation | undefined | null = null;

  constructor(
    readonly modes: readonly ModeChecks[],
    readonly facts: TableFacts,
    readonly options: EvaluationOptions,
    readonly policy: UnknownEventsPolicy,
    /** Where each mode's checks report: a `Tally` for the verdict alone, a `Collector` to keep outcomes for words. */
    private readonly newSink: () => Tally,
  ) {
    this.#evaluations = new Array(modes.length);
    this.#floors = new Array(modes.length);
  }

  /** The evaluation of the mode at `i`, evaluated now if it was not (with the events its floor counted). */
  evaluation(i: number, floor?: Floor): Evaluation {
    let e = this.#evaluations[i];
    if (e === undefined) {
      e = evaluateFilled(this.modes[i] as ModeChecks, this, this.newSink(), floor?.counted());
      this.#evaluations[i] = e;
    }
    return e;
  }

  /** The evaluation of the mode at `i` if it was made; undefined if not (none is made). */
  evaluatedAt(i: number): Evaluation | undefined {
    return this.#evaluations[i];
  }

  /** The floor of the mode at `i` (what it is before its checks run), made now if it was not. */
  floor(i: number): Floor {
    let f = this.#floors[i];
    if (f === undefined) {
      f = new Floor(this.modes[i] as ModeChecks, this);
      this.#floors[i] = f;
    }
    return f;
  }

  /** The modes evaluated so far, in the order of `modes`. */
  evaluated(): Evaluation[] {
    // A loop, not `filter` over the slots: filter's list deoptimized the status once a run (+8 M valgrind instructions).
    const out: Evaluation[] = [];
    for (const e of this.#evaluations) if (e !== undefined) out.push(e);
    return out;
  }

  /** The whole-table read among the modes that read the whole table (evaluated by `first`): found when first asked for. */
  wholeTableRead(): Evaluation | undefined {
    if (this.#whole === null) this.#whole = wholeTableRead(this.#evaluations);
    return this.#whole;
  }

  /** The first evaluation of `rank`'s order over every mode. */
  first(): Evaluation | undefined {
    for (let i = 0; i < this.modes.length; i++)
      if (this.modes[i]?.mode.reads === 'whole_table') this.evaluation(i);
    let best: Contender | undefined;
    for (let i = 0; i < this.modes.length; i++) {
      let floor: Floor | undefined;
      if (best !== undefined) {
        floor = this.floor(i);
        // Ahead of the floor: ahead of every evaluation of the mode.
        if (compare(best, floor) < 0) continue;
      }
      const r = new Contender(this.evaluation(i, floor), this);
      if (best === undefined || compare(r, best) < 0) best = r;
    }
    return best?.evaluation;
  }
}
