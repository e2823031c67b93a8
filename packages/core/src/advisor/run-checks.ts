/**
 * Runs a mode's checks (its plan, `checks.ts`) on a config and a table's facts, as raw findings.
 *
 * @module
 */
import type { FieldPlan, ModePlan } from './checks.js';
import { findColumn, type TableFacts } from './facts.js';
import type { Raw } from './raw.js';
import { severityOf, tableVerdict, verdictAt } from './verdicts.js';

/**
 * Appends the raw findings of every check of `plan` on `config` and the table to `out`. Column
 * fields absent from `config` are skipped. `resolved[i]`, when given and not -1, is the index in
 * the table of the column named by the plan's i-th column field (known to exist); otherwise the
 * column is looked up by name and a missing one gives a `column.exists` finding.
 */
export function runChecks(
  plan: ModePlan,
  config: Readonly<Record<string, unknown>>,
  facts: TableFacts,
  out: Raw[],
  resolved?: readonly number[],
): void {
  const fields = plan.columnFields;
  for (let i = 0; i < fields.length; i++) {
    const fp = fields[i] as FieldPlan;
    const name = config[fp.field.name];
    if (typeof name !== 'string') continue;
    let index = resolved === undefined ? -1 : (resolved[i] ?? -1);
    if (index < 0) index = findColumn(facts, name);
    if (index < 0) {
      out.push({
        t: 'exists',
        rule: 'column.exists',
        severity: facts.columns === undefined ? 'warning' : 'error',
        fp,
        name,
      });
      continue;
    }
    const word = facts.verdicts[index] as number;
    for (const check of fp.checks) {
      const verdict = verdictAt(word, check.shift);
      if (verdict === 0) continue;
      const severity = severityOf(verdict, check.fail);
      if (severity !== null) out.push({ t: 'column', rule: check.rule, severity, check, verdict, fp, index });
    }
  }
  for (const check of plan.tableChecks) {
    const verdict = tableVerdict(check, facts, config);
    if (verdict === 0) continue;
    const severity = severityOf(verdict, check.fail);
    if (severity !== null) out.push({ t: 'table', rule: check.rule, severity, check, verdict });
  }
  for (const kind of plan.captureKinds) {
    const capture = plan.mode.captures[kind].value;
    const has = facts.has[kind];
    if (capture === 'yes' || has === 'no') continue;
    if (capture === 'no') {
      out.push({
        t: 'capture',
        rule: 'capture.change_kinds',
        severity: has === 'yes' ? 'warning' : 'info',
        kind,
      });
    } else if (has === 'yes') {
      out.push({ t: 'capture', rule: 'capture.change_kinds', severity: 'warning', kind });
    }
  }
}
