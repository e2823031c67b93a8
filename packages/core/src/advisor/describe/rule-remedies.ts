/**
 * What fixes each rule of a mode, in general: each check's own remedy, for a placeholder table
 * (`<schema>.<table>`) with the columns of the mode's example body, in the dialect of a source
 * kind. Used by `querymode explain`.
 *
 * @module
 */
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import { exampleConfig } from '../../catalogue/examples.js';
import { getMode, type QueryMode } from '../../catalogue/modes.js';
import type { FieldSpec } from '../../catalogue/types.js';
import { DIALECTS } from '../../dialects/index.js';
import { fittingColumns } from '../evaluate/fill.js';
import { setOf } from '../facts/kind-set.js';
import { oneOf } from '../facts/one-of.js';
import { SOURCE_PROFILES } from '../facts/sources.js';
import { readFacts } from '../facts/valid-facts.js';
import { DEFAULT_ROWS_ESTIMATE_MARGIN, type Remedy, type TableContext } from '../rules/check.js';
import { MODE_CHECKS_BY_ID } from '../rules/mode-checks.js';
import { SOURCE_KINDS, type SourceKind, type TableTraits } from '../traits/model.js';

/** One check of a rule, and the change that makes it hold. */
export interface RuleRemedy {
  /** The rule (catalogue or general rule id). */
  readonly rule: string;
  /** The check. */
  readonly check: string;
  /** What to change. */
  readonly action: string;
  /** The SQL in the source's dialect; null where the source is not given or has no such statement. */
  readonly sql: string | null;
}

/**
 * For each check of a mode that a table can fail, its remedy, with placeholders for the table.
 * SQL follows `source` where the advisor knows its dialect; without it, the remedies are in
 * words. Checks that do not apply to the source (change tracking on a source without the
 * feature) are left out, but the one that says so. Never throws; an unknown mode gives `[]`.
 */
export function ruleRemedies(mode: QueryMode, given?: SourceKind): RuleRemedy[] {
  // A source that is not one of the known kinds (from an untyped caller) gives remedies in words.
  const source = oneOf(SOURCE_KINDS, given);
  const spec = typeof mode === 'string' ? getMode(mode) : undefined;
  const checks = spec === undefined ? undefined : MODE_CHECKS_BY_ID.get(spec.id);
  if (spec === undefined || checks === undefined) return [];
  const config = exampleConfig(spec);
  const columns = (spec.fields as readonly FieldSpec[])
    .filter((f) => f.kind === 'column_name' && typeof config[f.name] === 'string')
    .map((f) => ({
      name: config[f.name] as string,
      type: f.column?.role === 'timestamp' ? 'timestamp' : 'bigint',
    }));
  // A primary key, which some statements join on (a SQL Server update trigger).
  const keyed = columns.some((c) => c.name === 'id')
    ? columns
    : [...columns, { name: 'id', type: 'bigint', primary_key: true }];
  const dialect = source === undefined ? null : SOURCE_PROFILES[source].dialect;
  const traits: TableTraits = {
    // The placeholder names, quoted as the source's statements quote them.
    table:
      dialect === null
        ? '<schema>.<table>'
        : DIALECTS[dialect].table({ schema: '<schema>', table: '<table>' }),
    ...(source === undefined ? {} : { source }),
    columns: keyed,
  };
  const facts = readFacts(traits);
  const table: TableContext = {
    facts,
    mode: spec,
    config,
    options: { rowsEstimateMargin: DEFAULT_ROWS_ESTIMATE_MARGIN, supportedModes: [] },
  };
  const out: RuleRemedy[] = [];
  const add = (rule: string, check: string, remedy: Remedy) => {
    if (!out.some((r) => r.action === remedy.action && r.sql === remedy.sql))
      out.push({ rule, check, action: remedy.action, sql: remedy.sql });
  };
  for (const check of checks.table) {
    if (check.source.kind === 'caller' || (check.applies !== undefined && !check.applies(facts))) continue;
    add(check.rule, check.id, check.remedy(table));
  }
  for (const fc of checks.columnFields) {
    const column = facts.columns?.find((c) => c.name === config[fc.field.name]);
    if (column === undefined) continue;
    for (const check of checks.field)
      add(
        check.rule,
        check.id,
        check.remedy({
          ...table,
          field: fc.field,
          named: column.name,
          column,
          fitting: () => fittingColumns(fc, facts, setOf(CHANGE_KINDS)),
        }),
      );
    for (const check of fc.column) {
      if (check.applies !== undefined && !check.applies(facts)) continue;
      add(check.rule, check.id, check.remedy({ ...table, field: fc.field, column }));
    }
  }
  return out;
}
