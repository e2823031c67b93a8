/**
 * Fills a mode's config from a table: each column-name field the config needs gets the column
 * that best passes that field's checks, and the other fields take the caller's values.
 *
 * A column known to fail a check that chooses the column (`selects`: a date-and-time type, a new
 * value per insert, unique values) is never chosen. Among the rest, a column ranks by its worst
 * verdicts: first fewest hard rules and capture conditions known to fail, then fewest unknown
 * choosing facts, then fewest unknown hard facts, then fewest advice failures and unknowns; ties go
 * to a modification-time name for the timestamp (`updated_at` before `created_at`), then to the
 * earlier column. A body names each column once: a timestamp field chooses first (its type
 * narrows the columns most).
 *
 * @module
 */
import type { FieldSpec } from '../../catalogue/types.js';
import type { ColumnFacts } from '../facts/column-facts.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { ColumnCheck } from '../rules/check.js';
import type { FieldChecks, ModeChecks } from '../rules/mode-checks.js';
import { readsAsUpdateTime } from '../sql/update-time-names.js';
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

/**
 * The best column not used yet for a field: the lowest score; among equals, for the timestamp, a
 * column whose name reads as a modification time (`updated_at`, not `created_at`); then the
 * earlier column.
 */
function choose(fc: FieldChecks, facts: TableFacts, used: readonly number[]): ColumnFacts | undefined {
  const preferred =
    fc.field.column?.role === 'timestamp' ? (c: ColumnFacts) => readsAsUpdateTime(c.name) : () => true;
  let found: ColumnFacts | undefined;
  let lowest = Number.POSITIVE_INFINITY;
  for (const column of facts.columns ?? []) {
    if (used.includes(column.index)) continue;
    const s = score(fc.column, column, facts);
    if (s < 0 || s > lowest) continue;
    if (s === lowest && (found === undefined || preferred(found) || !preferred(column))) continue;
    found = column;
    lowest = s;
    // No later column can do better than a perfect, preferred fit; ties go to the earlier column.
    if (s === 0 && preferred(column)) break;
  }
  return found;
}

/** The value of a field that is not a column name: the caller's, else `true` for a required flag. */
function fieldValue(field: FieldSpec, values: FieldValues | undefined): boolean | string | undefined {
  const given = values?.[field.name];
  if (given !== undefined) return given;
  // A required flag the caller did not set is true: for `historical_enabled`, existing rows are loaded.
  return field.presence.type === 'required' && field.kind === 'boolean' ? true : undefined;
}

/** Whether the config needs a column field: required, or required by the value of a sibling flag. */
function needed(fc: FieldChecks, checks: ModeChecks, values: FieldValues | undefined): boolean {
  const p = fc.field.presence;
  if (p.type !== 'required_when') return p.type === 'required';
  const sibling = checks.valueFields.find((f) => f.name === p.field);
  return sibling !== undefined && fieldValue(sibling, values) === p.equals;
}

/** A config filled from the table, with how each needed column field found its column. */
export interface Filled {
  /** The needed column fields, each with its chosen column (or none), in catalogue order. */
  readonly resolutions: readonly Resolution[];
  /** Whether every needed column field has its column. */
  readonly complete: boolean;
}

/** Chooses the columns of the fields a mode's config needs. */
export function fillConfig(checks: ModeChecks, facts: TableFacts, values: FieldValues | undefined): Filled {
  // A timestamp field chooses first: its type narrows the columns most, while an incrementing or
  // unique field could take a timestamp column that nothing else fits.
  const chosen: (ColumnFacts | undefined)[] = [];
  const used: number[] = [];
  let complete = true;
  for (const fc of checks.fieldsByChoice) {
    if (!needed(fc, checks, values)) continue;
    const column = choose(fc, facts, used);
    chosen[fc.position] = column;
    if (column === undefined) complete = false;
    else used.push(column.index);
  }
  const resolutions: Resolution[] = [];
  for (const fc of checks.fields) {
    if (!needed(fc, checks, values)) continue;
    const column = chosen[fc.position];
    resolutions.push({ field: fc, named: column?.name, column });
  }
  return { resolutions, complete };
}

/** The config a filled body sends: `mode`, then each field in catalogue order. Null when a needed column is missing. */
export function configOf(
  checks: ModeChecks,
  filled: Filled,
  values: FieldValues | undefined,
): Record<string, unknown> | null {
  if (!filled.complete) return null;
  const config: Record<string, unknown> = { mode: checks.mode.id };
  for (const field of checks.mode.fields) {
    const value =
      field.kind === 'column_name'
        ? filled.resolutions.find((r) => r.field.field === field)?.named
        : fieldValue(field, values);
    if (value !== undefined) config[field.name] = value;
  }
  return config;
}
