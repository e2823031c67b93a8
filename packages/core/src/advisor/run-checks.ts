/**
 * Runs a mode's checks (its plan, `checks.ts`) on a config and a table's facts, as raw findings.
 *
 * @module
 */
import type { FieldPlan, ModePlan } from './checks.js';
import { findColumn, hasCode, type TableFacts } from './facts.js';
import { count, type Raw, type Tally } from './raw.js';
import { severityOf, tableVerdict, verdictAt } from './verdicts.js';

/**
 * Appends the raw findings of every check of `plan` on `config` and the table to `out`. Column
 * fields absent from `config` are skipped. `resolved`, when given (a config filled from the
 * table), holds for the plan's i-th column field the index of its column, or -1 for none;
 * otherwise each column is looked up by name and a missing one gives a `column.exists` finding. With `out`
 * null, the findings are only counted in `tally`.
 */
export function runChecks(
  plan: ModePlan,
  config: Readonly<Record<string, unknown>>,
  facts: TableFacts,
  out: Raw[] | null,
  resolved?: readonly number[],
  tally?: Tally,
): void {
  const fields = plan.columnFields;
  for (let i = 0; i < fields.length; i++) {
    const fp = fields[i] as FieldPlan;
    let index = -1;
    if (resolved !== undefined) {
      // Filled from the table: -1 is a field not needed, or with no column (the config is then partial).
      index = resolved[i] ?? -1;
      if (index < 0) continue;
    } else {
      const name = config[fp.field.name];
      if (typeof name !== 'string') continue;
      index = findColumn(facts, name);
    }
    if (index < 0) {
      const severity = facts.columns === undefined ? 'warning' : 'error';
      if (out !== null)
        out.push({ t: 'exists', rule: 'column.exists', severity, fp, name: config[fp.field.name] as string });
      else if (tally !== undefined) count(tally, severity);
      continue;
    }
    const word = facts.verdicts[index] as number;
    for (const check of fp.checks) {
      const verdict = verdictAt(word, check.shift);
      if (verdict === 0) continue;
      const severity = severityOf(verdict, check.fail);
      if (severity === null) continue;
      if (out !== null) out.push({ t: 'column', rule: check.rule, severity, check, verdict, fp, index });
      else if (tally !== undefined) count(tally, severity);
    }
  }
  for (const check of plan.tableChecks) {
    const verdict = tableVerdict(check, facts, config);
    if (verdict === 0) continue;
    const severity = severityOf(verdict, check.fail);
    if (severity === null) continue;
    if (out !== null) out.push({ t: 'table', rule: check.rule, severity, check, verdict });
    else if (tally !== undefined) count(tally, severity);
  }
  for (const capture of plan.captureChecks) {
    const severity = capture.severity[hasCode(facts, capture.kind)];
    if (severity === null || severity === undefined) continue;
    if (out !== null) out.push({ t: 'capture', rule: 'capture.change_kinds', severity, kind: capture.kind });
    else if (tally !== undefined) count(tally, severity);
  }
}
