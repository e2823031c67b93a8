/**
 * Raw findings: what a check found, as references and codes, without words. The advisor ranks
 * candidates from these, and builds a `Finding` (message, remedy) only for the findings it
 * returns (`finding-text.ts`).
 *
 * @module
 */
import type { ChangeKind } from '../catalogue/types.js';
import type { FieldPlan, RuledColumnCheck, RuledTableCheck } from './checks.js';
import type { Severity } from './finding.js';
import type { VerdictCode } from './verdicts.js';

/** A raw finding. */
export type Raw =
  | {
      readonly t: 'column';
      readonly rule: string;
      readonly severity: Severity;
      readonly check: RuledColumnCheck;
      readonly verdict: VerdictCode;
      readonly fp: FieldPlan;
      /** The column's index in the table. */
      readonly index: number;
    }
  | {
      readonly t: 'table';
      readonly rule: string;
      readonly severity: Severity;
      readonly check: RuledTableCheck;
      readonly verdict: VerdictCode;
    }
  | {
      readonly t: 'capture';
      readonly rule: 'capture.change_kinds';
      readonly severity: Severity;
      readonly kind: ChangeKind;
    }
  | {
      readonly t: 'exists';
      readonly rule: 'column.exists';
      readonly severity: Severity;
      readonly fp: FieldPlan;
      readonly name: string;
    }
  | {
      readonly t: 'available';
      readonly rule: 'column.available';
      readonly severity: Severity;
      readonly fp: FieldPlan;
    }
  | {
      readonly t: 'caller';
      readonly rule: 'option.supported_modes' | 'option.must_capture';
      readonly severity: 'error';
      /** For `option.must_capture`: the kind not captured. */
      readonly kind?: ChangeKind;
    };

/** Counts of findings by severity, for ranking without building raw findings. */
export interface Tally {
  errors: number;
  warnings: number;
}

/** Counts one finding. */
export function count(tally: Tally, severity: Severity): void {
  if (severity === 'error') tally.errors++;
  else if (severity === 'warning') tally.warnings++;
}

const ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Orders by severity (errors first), keeping the order within a severity. In place. */
export function bySeverity<T extends { readonly severity: Severity }>(items: T[]): T[] {
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as T;
    let j = i - 1;
    while (j >= 0 && ORDER[(items[j] as T).severity] > ORDER[item.severity]) {
      items[j + 1] = items[j] as T;
      j--;
    }
    items[j + 1] = item;
  }
  return items;
}
