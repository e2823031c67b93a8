/**
 * What fixes each rule of a mode, in general: the advisor's own remedies, taken from checking the
 * mode's example body against a table that breaks every checkable rule. Used by `explain`.
 *
 * @module
 */

import type { QueryModeBody } from '../catalogue/body-types.js';
import { exampleConfig } from '../catalogue/examples.js';
import { FULL_LOAD_MAX_ROWS_EXCLUSIVE } from '../catalogue/limits.js';
import { getMode, type QueryMode } from '../catalogue/modes.js';
import type { ModeSpec } from '../catalogue/types.js';
import { checkAgainstTable } from './check.js';
import type { SourceKind, TableTraits } from './traits.js';

/** One rule and the change that satisfies it. */
export interface RuleRemedy {
  readonly rule: string;
  readonly remedy: string;
}

/**
 * A table that breaks every checkable rule of a mode: each column the example body names exists,
 * with a type that fits its role, but holds NULLs and is maintained by nothing, the table is too large for `full_load`, has every
 * kind of change, and change tracking is off with a retention shorter than the frequency.
 */
function breakingTable(
  mode: ModeSpec,
  config: Record<string, unknown>,
  source: SourceKind | undefined,
): TableTraits {
  const columns = new Map<string, Record<string, unknown>>();
  for (const field of mode.fields) {
    const name = config[field.name];
    if (field.column === undefined || typeof name !== 'string') continue;
    columns.set(name, {
      name,
      // A type that fits the column's role, so that the remedies show SQL for a fitting column.
      type: field.column.role === 'timestamp' ? timestampType(source) : 'bigint',
      nullable: true,
      unique: false,
      primary_key: false,
      auto_increment: false,
      set_on_insert: false,
      set_on_update: false,
    });
  }
  return {
    table: '<schema>.<table>',
    ...(source ? { source } : {}),
    rows: FULL_LOAD_MAX_ROWS_EXCLUSIVE,
    columns: [...columns.values()] as TableTraits['columns'] & object,
    changes: { inserts: 'yes', updates: 'yes', deletes: 'yes' },
    change_tracking: { database_enabled: false, table_enabled: false, retention_minutes: 60 },
    replication_frequency_minutes: 60,
  };
}

/** A date-and-time type name of a source (SQL Server's `timestamp` is a row version, not a time). */
function timestampType(source: SourceKind | undefined): string {
  return source === 'sqlserver' ? 'datetime2' : 'timestamp';
}

/**
 * For each rule of a mode that a table can break, the advisor's remedy, with placeholders
 * (`<schema>.<table>`) for the table. SQL follows `source` where the advisor knows its dialect.
 * Rules that a table cannot break (descriptions of how the mode reads) have no entry.
 */
export function ruleRemedies(mode: QueryMode, source?: SourceKind): RuleRemedy[] {
  const spec = getMode(mode);
  if (spec === undefined) return [];
  const config = exampleConfig(spec);
  const findings = checkAgainstTable(
    { config } as unknown as QueryModeBody,
    breakingTable(spec, config, source),
  );
  const out: RuleRemedy[] = [];
  for (const f of findings) {
    if (f.remedy === undefined || f.severity === 'info') continue;
    if (out.some((r) => r.rule === f.rule && r.remedy === f.remedy)) continue;
    out.push({ rule: f.rule, remedy: f.remedy });
  }
  return out;
}
