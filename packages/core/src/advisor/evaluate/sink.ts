/**
 * Where a mode's checks report what did not hold or could not be decided. A `Tally` keeps only
 * what the verdict needs (counts, and the capture conditions that failed or are not known), for
 * `chooseMode` over many tables; a `Collector` also keeps each outcome, for the words of
 * `recommend`, `checkAgainstTable` and `planModeChange`. The checks run the same either way.
 *
 * @module
 */
import type { ColumnFacts } from '../facts/column-facts.js';
import { type KindSet, kindBit, NO_KINDS } from '../facts/kind-set.js';
import type { Reported, RuleCheck } from '../rules/check.js';
import type { ColumnField } from '../rules/mode-checks.js';
import type { CheckOutcome } from './outcome.js';

/** The counts of a mode's outcomes. */
export class Tally {
  /** Hard rules known to fail. */
  hardFailed = 0;
  /** Hard rules whose fact is not known. */
  hardUnknown = 0;
  /** Advice known to fail (capture conditions apart). */
  adviceFailed = 0;
  /** Checks whose fact is not known. */
  unknown = 0;
  /** The kinds whose capture condition is known to fail. */
  conditionsFailed: KindSet = NO_KINDS;
  /** The kinds whose capture condition is not known. */
  conditionsUnknown: KindSet = NO_KINDS;
  /** Whether a check that rules the mode out for the source (`rulesOutMode`) failed: the source cannot run it. */
  ruledOut = false;

  /**
   * Reports a check that did not hold (`no`) or could not be decided (`unknown`); where it
   * applies (field, column, name in the body) is for a `Collector`, and a tally does not keep it.
   */
  report(
    check: RuleCheck,
    verdict: Reported,
    _field?: ColumnField,
    _column?: ColumnFacts,
    _named?: string,
  ): void {
    if (verdict === 'unknown') this.unknown++;
    if (check.captures !== undefined) {
      if (verdict === 'no') this.conditionsFailed |= kindBit(check.captures);
      else this.conditionsUnknown |= kindBit(check.captures);
    } else if (check.strength === 'hard') {
      if (verdict === 'no') {
        this.hardFailed++;
        if (check.rulesOutMode === true) this.ruledOut = true;
      } else this.hardUnknown++;
    } else if (verdict === 'no') this.adviceFailed++;
  }
}

/** A tally that also keeps each outcome, in the order reported. */
export class Collector extends Tally {
  readonly outcomes: CheckOutcome[] = [];

  override report(
    check: RuleCheck,
    verdict: Reported,
    field?: ColumnField,
    column?: ColumnFacts,
    named?: string,
  ): void {
    super.report(check, verdict);
    // Every key set, undefined or not: one shape for every outcome, where keys added when present made eight (the findings read them).
    this.outcomes.push({ check, verdict, field, column, named });
  }
}
