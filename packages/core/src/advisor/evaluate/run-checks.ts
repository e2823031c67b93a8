/**
 * Runs a mode's checks on a config and a table: the checks of the table and body, of how each
 * field finds its column, and of each column named. What holds is not kept; what does not hold,
 * or cannot be decided, becomes an outcome.
 *
 * @module
 */
import { findColumn, type TableFacts } from '../facts/table-facts.js';
import type { TableContext } from '../rules/check.js';
import type { ModeChecks } from '../rules/mode-checks.js';
import type { Resolution } from './outcome.js';
import type { Tally } from './sink.js';

/** How each column field of a body the caller wrote finds its column: by exact name. Absent fields are skipped. */
export function resolveByName(
  checks: ModeChecks,
  config: Readonly<Record<string, unknown>>,
  facts: TableFacts,
): Resolution[] {
  const out: Resolution[] = [];
  for (const fc of checks.columnFields) {
    const named = config[fc.field.name];
    if (typeof named !== 'string') continue;
    out.push({ field: fc, named, column: findColumn(facts, named) });
  }
  return out;
}

/**
 * Runs every check of the mode on `table` (the table, the mode, the body's config, the options),
 * with each column field's column found (`resolutions`), and reports what does not hold, or
 * cannot be decided, to the sink.
 */
export function runChecks(
  checks: ModeChecks,
  table: TableContext,
  resolutions: readonly Resolution[],
  sink: Tally,
): void {
  const facts = table.facts;
  for (const check of checks.table) {
    if (check.applies !== undefined && !check.applies(facts)) continue;
    const verdict = check.verdict(table);
    if (verdict !== 'yes') sink.report(check, verdict);
  }
  for (const r of resolutions) {
    for (const check of checks.field) {
      const verdict = check.verdict(r.named, r.column, facts);
      if (verdict !== 'yes') sink.report(check, verdict, r.field, undefined, r.named);
    }
    const column = r.column;
    // A column the fill found every check to hold for would report nothing: ~6% of chooseMode.
    if (column === undefined || r.allHold === true) continue;
    for (const check of r.field.column) {
      if (check.applies !== undefined && !check.applies(facts)) continue;
      const verdict = check.verdict(column, facts);
      if (verdict !== 'yes') sink.report(check, verdict, r.field, column);
    }
  }
}
