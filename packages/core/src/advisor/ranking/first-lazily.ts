/**
 * `firstRanked` with each mode evaluated only when it could rank first, for `chooseMode`: a mode
 * whose floor (`floor.ts`: the lowest keys its evaluation could have on the first criteria)
 * ranks after the best evaluation so far is left unevaluated, since its evaluation would rank
 * after that one too. A floor is recommendable, so only a recommendable best ranks before one; a
 * best that is recommendable stays so (whatever ranks before it is recommendable too), and the
 * verdict's status is then `recommended` whatever the modes left unevaluated. So the first-ranked
 * mode and the status are those of every mode evaluated (a property test in `ranking.test.ts`
 * holds them equal to `rank`'s first and `verdict`).
 *
 * @module
 */
import type { Evaluation, EvaluationOptions } from '../evaluate/candidate.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { ModeChecks } from '../rules/mode-checks.js';
import { aheadOfFloor, Floor } from './floor.js';
import { ahead, type Bounds, Contender, type UnknownEventsPolicy, wholeTableRead } from './rank.js';

/** The modes of one table, each evaluated when first needed, and ranked for the first. */
export class LazyRanking implements Bounds {
  readonly #evaluations: (Evaluation | undefined)[] = [];
  /** The whole-table read, once found; null before. */
  #whole: Evaluation | undefined | null = null;

  constructor(
    readonly modes: readonly ModeChecks[],
    readonly facts: TableFacts,
    readonly options: EvaluationOptions,
    readonly policy: UnknownEventsPolicy,
    private readonly evaluate: (checks: ModeChecks) => Evaluation,
  ) {}

  /** The evaluation of the mode at `i`, evaluated now if it was not. */
  evaluation(i: number): Evaluation {
    let e = this.#evaluations[i];
    if (e === undefined) {
      e = this.evaluate(this.modes[i] as ModeChecks);
      this.#evaluations[i] = e;
    }
    return e;
  }

  /** Every mode's evaluation, in the order of `modes`. */
  all(): Evaluation[] {
    return this.modes.map((_, i) => this.evaluation(i));
  }

  /** The whole-table read of every mode's evaluation (the modes that read the whole table evaluated now). */
  get whole(): Evaluation | undefined {
    if (this.#whole === null) {
      const reads: Evaluation[] = [];
      for (let i = 0; i < this.modes.length; i++)
        if (this.modes[i]?.mode.reads === 'whole_table') reads.push(this.evaluation(i));
      this.#whole = wholeTableRead(reads);
    }
    return this.#whole;
  }

  /** The first evaluation of `rank`'s order over every mode. */
  first(): Evaluation | undefined {
    let best: Contender | undefined;
    for (let i = 0; i < this.modes.length; i++) {
      if (
        best?.evaluation.recommendable &&
        aheadOfFloor(best, new Floor(this.modes[i] as ModeChecks, this.facts, this.options))
      )
        continue;
      const r = new Contender(this.evaluation(i), this);
      if (best === undefined || ahead(r, best)) best = r;
    }
    return best?.evaluation;
  }
}
