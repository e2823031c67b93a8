/**
 * An outcome: one check that did not hold (`no`) or could not be decided (`unknown`) for a mode
 * and a table, with where it applies. Outcomes are plain references, cheap to collect; words are
 * made from them only for what is returned (`findings.ts`).
 *
 * @module
 */
import type { ColumnFacts } from '../facts/column-facts.js';
import type { Check, Reported } from '../rules/check.js';
import type { ColumnField } from '../rules/mode-checks.js';

/** A check that did not hold, or could not be decided (the change-kind check's: for one kind of change). */
export interface CheckOutcome {
  readonly check: Check;
  readonly verdict: Reported;
  /** For column and field checks: the field. */
  readonly field?: ColumnField | undefined;
  /** For column checks, and field checks that found it: the column. */
  readonly column?: ColumnFacts | undefined;
  /** For field checks: the column name the body gives, if any. */
  readonly named?: string | undefined;
}

/** How a config field finds its column: the name in the body, and the column of the table with it. */
export interface Resolution {
  readonly field: ColumnField;
  /** The name in the body; undefined when no column could be chosen. */
  readonly named: string | undefined;
  /** The column, when the table has it. */
  readonly column: ColumnFacts | undefined;
  /**
   * Whether every column check of the field is already known to hold for the column (the fill
   * scored it so): the checks would report nothing, and are not run again.
   */
  readonly allHold?: boolean;
}
