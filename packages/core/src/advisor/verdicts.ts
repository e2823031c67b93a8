/**
 * The verdict of each test on the facts: `yes` (the rule holds), `no` (it fails) or `unknown`
 * (a needed fact is not known), as codes 0, 1 and 2. Column verdicts are computed once per
 * column per table (`column-verdicts.ts`) and read here.
 *
 * @module
 */
import { FULL_LOAD_MAX_ROWS_EXCLUSIVE } from '../catalogue/limits.js';
import type { ColumnTest, TableCheck } from './checks.js';
import { COLUMN_TESTS, type VerdictCode } from './column-verdicts.js';
import { hasCode, type TableFacts } from './facts.js';
import type { Severity } from './finding.js';

export type { VerdictCode } from './column-verdicts.js';

/** The severity of an unknown fact: one step milder than a failure (an unknown advice fact says nothing). */
export function milder(fail: Severity): Severity | null {
  return fail === 'error' ? 'warning' : fail === 'warning' ? 'info' : null;
}

/** The severity a verdict gives, or null for none. */
export function severityOf(verdict: VerdictCode, fail: Severity): Severity | null {
  return verdict === 0 ? null : verdict === 1 ? fail : milder(fail);
}

/** The verdict of a column test on the column at `index` of the table. */
export function columnVerdict(test: ColumnTest, index: number, facts: TableFacts): VerdictCode {
  return (((facts.verdicts[index] ?? 0) >>> (2 * COLUMN_TESTS.indexOf(test))) & 3) as VerdictCode;
}

/** The verdict of the column test at `shift` (twice its index in `COLUMN_TESTS`) in a verdict word. */
export function verdictAt(word: number, shift: number): VerdictCode {
  return ((word >>> shift) & 3) as VerdictCode;
}

/** The verdict of a table check. `reload_wait` always reports (its verdict is `no`). */
export function tableVerdict(
  check: TableCheck,
  facts: TableFacts,
  config: Readonly<Record<string, unknown>>,
): VerdictCode {
  switch (check.test) {
    case 'row_limit':
      if (facts.rows === undefined) return 2;
      return facts.rows < FULL_LOAD_MAX_ROWS_EXCLUSIVE ? 0 : 1;
    case 'reload_wait':
      return 1;
    case 'change_kind_missed': {
      // The table's code is 0 yes, 1 no, 2 unknown; the check holds when the table has none.
      const has = hasCode(facts, check.kind ?? 'inserts');
      return has === 1 ? 0 : has === 0 ? 1 : 2;
    }
    case 'optional_field_set':
      return check.field !== undefined && config[check.field] !== undefined ? 0 : 1;
    case 'tracking_table':
      return facts.ctTable === true ? 0 : facts.ctTable === false ? 1 : 2;
    case 'tracking_database':
      if (facts.ctDatabase === true || facts.ctTable === true) return 0;
      return facts.ctDatabase === false ? 1 : 2;
    case 'tracking_retention': {
      const r = facts.ctRetentionMinutes;
      const f = facts.frequencyMinutes;
      if (r === undefined || f === undefined) return 2;
      return r > f ? 0 : 1;
    }
    case 'primary_key': {
      if (facts.primaryKeyColumns > 0) return 0;
      return facts.noPrimaryKey ? 1 : 2;
    }
  }
}
