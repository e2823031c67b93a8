/**
 * Fills a mode's config from a table: each column-name field the config needs gets the column
 * that best passes that field's checks, and the other fields take the caller's values.
 *
 * A column known to fail a check that chooses the column (`selects`: a date-and-time type, a new
 * value per insert, unique values) is never chosen. Among the rest, a column ranks by its worst
 * verdicts: first fewest hard rules and capture conditions known to fail, then fewest unknown
 * choosing facts, then fewest unknown hard facts, then fewest advice failures and unknowns; ties go
 * to the earlier column. A body names each column once: the field with the fewest columns that can
 * fit chooses first (a timestamp field before an incrementing one that any column could fill).
 *
 * @module
 */
import type { FieldSpec } from '../../catalogue/types.js';
import type { ColumnFacts } from '../facts/column-facts.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { ColumnCheck } from '../rules/check.js';
import type { FieldChecks, ModeChecks } from '../rules/mode-checks.js';
import type { Resolution } from './outcome.js';

/** Values for config fields that are not column names (`historical_enabled`, `stop_on_gap`, `timestamp_delay_interval_ms`). */
export type FieldValues = Readonly<Record<string, boolean | string>>;

/** The weight of each class of verdict in a column's score; counts stay far below 100 per class. */
const WEIGHT = {
  failed: 1e8,
  chooserUnknown: 1e6,
  hardUnknown: 1e4,
  adviceFailed: 1e2,
  adviceUnknown: 1,
} as const;

/** How badly a column fits a field, or -1 when a choosing check excludes it. */
function score(checks: readonly ColumnCheck[], column: ColumnFacts, facts: TableFacts): number {
  let total = 0;
  for (const check of checks) {
    if (check.applies !== undefined && !check.applies(facts)) continue;
    const verdict = check.verdict(column, facts);
    if (verdict === 'yes') continue;
    const binding = check.strength === 'hard' || check.captures !== undefined;
    if (verdict === 'no') {
      if (check.selects) return -1;
      total += binding ? WEIGHT.failed : WEIGHT.adviceFailed;
    } else {
      total += check.selects ? WEIGHT.chooserUnknown : binding ? WEIGHT.hardUnknown : WEIGHT.adviceUnknown;
    }
  }
  return total;
}

/** The columns that can fit a field, each with its score (lower is better), in table order. */
function fitting(fc: FieldChecks, facts: TableFacts): { column: ColumnFacts; score: number }[] {
  const out: { column: ColumnFacts; score: number }[] = [];
  for (const column of facts.columns ?? []) {
    const s = score(fc.column, column, facts);
    if (s >= 0) out.push({ column, score: s });
  }
  return out;
}

/** The best column not used yet: lowest score, then the earlier column. */
function best(
  options: readonly { column: ColumnFacts; score: number }[],
  used: ReadonlySet<number>,
): ColumnFacts | undefined {
  let found: { column: ColumnFacts; score: number } | undefined;
  for (const o of options)
    if (!used.has(o.column.index) && (found === undefined || o.score < found.score)) found = o;
  return found?.column;
}

function fieldValue(field: FieldSpec, values: FieldValues | undefined): boolean | string | undefined {
  const given = values?.[field.name];
  if (given !== undefined) return given;
  // A required flag the caller did not set is true: for `historical_enabled`, existing rows are loaded.
  return field.presence.type === 'required' && field.kind === 'boolean' ? true : undefined;
}

/** A config filled from the table, with how each needed column field found its column. */
export interface Filled {
  /** The config, in catalogue field order; null when a needed column could not be chosen. */
  readonly config: Record<string, unknown> | null;
  /** The needed column fields, each with its chosen column (or none). */
  readonly resolutions: readonly Resolution[];
}

/** Fills the config of a mode from the table. */
export function fillConfig(checks: ModeChecks, facts: TableFacts, values: FieldValues | undefined): Filled {
  const fields = checks.mode.fields;
  const others: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'column_name') continue;
    const value = fieldValue(field, values);
    if (value !== undefined) others[field.name] = value;
  }
  const needed = checks.fields.filter((fc) => {
    const p = fc.field.presence;
    return p.type === 'required' || (p.type === 'required_when' && others[p.field] === p.equals);
  });
  const options = needed.map((fc) => fitting(fc, facts));
  // The most constrained field chooses first; ties keep catalogue order.
  const order = needed
    .map((_, i) => i)
    .sort((a, b) => (options[a]?.length ?? 0) - (options[b]?.length ?? 0) || a - b);
  const used = new Set<number>();
  const chosen = new Map<string, string>();
  const resolutions: Resolution[] = [];
  let complete = true;
  for (const i of order) {
    const fc = needed[i] as FieldChecks;
    const column = best(options[i] ?? [], used);
    resolutions.push({ field: fc, named: column?.name, column });
    if (column === undefined) {
      complete = false;
      continue;
    }
    used.add(column.index);
    chosen.set(fc.field.name, column.name);
  }
  resolutions.sort((a, b) => needed.indexOf(a.field) - needed.indexOf(b.field));
  if (!complete) return { config: null, resolutions };
  const config: Record<string, unknown> = { mode: checks.mode.id };
  for (const field of fields) {
    const value = field.kind === 'column_name' ? chosen.get(field.name) : others[field.name];
    if (value !== undefined) config[field.name] = value;
  }
  return { config, resolutions };
}
