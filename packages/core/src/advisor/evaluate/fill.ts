/**
 * Fills a mode's config from a table: the column-name fields the config needs get their columns
 * together, the combination that best passes the fields' checks, and the other fields take the
 * caller's values.
 *
 * A column known to fail a check that chooses the column (`selects`: a date-and-time type, unique
 * values) is never chosen. Each column scores, for each field, by its worst verdicts: first the
 * hard rules and required captures known to fail, then the facts that keep the mode waiting (hard
 * rules and required captures not known), then advice that fails, then advice not known. The
 * combination with the lowest total wins, so that no verdict depends on the order of the columns:
 * two combinations that tie have the same counts of each class, hence the same status. Among ties
 * the earlier columns win (the body alone may differ). A body names each column once.
 *
 * @module
 */
import type { FieldSpec } from '../../catalogue/types.js';
import type { ColumnFacts } from '../facts/column-facts.js';
import { hasKind, type KindSet } from '../facts/kind-set.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { ColumnCheck } from '../rules/check.js';
import type { FieldChecks, ModeChecks } from '../rules/mode-checks.js';
import type { Resolution } from './outcome.js';

/** Values for config fields that are not column names (`historical_enabled`, `stop_on_gap`, `timestamp_delay_interval_ms`). */
export type FieldValues = Readonly<Record<string, boolean | string>>;

/** The weight of each class of verdict in a column's score; counts stay far below 100 per class. */
const WEIGHT = {
  blocks: 1e6,
  waits: 1e4,
  adviceFailed: 1e2,
  adviceUnknown: 1,
} as const;

/**
 * How badly a column fits a field, or -1 when a choosing check excludes it. A capture condition
 * weighs as the rule it becomes for this table: binding for a kind the caller requires that the
 * table has, a fact to wait for when the table may have it, advice otherwise.
 */
function score(
  checks: readonly ColumnCheck[],
  column: ColumnFacts,
  facts: TableFacts,
  required: KindSet,
): number {
  let total = 0;
  for (const check of checks) {
    if (check.applies !== undefined && !check.applies(facts)) continue;
    const verdict = check.verdict(column, facts);
    if (verdict === 'yes') continue;
    let strength = check.strength === 'hard' ? 2 : 0;
    if (
      check.captures !== undefined &&
      hasKind(required, check.captures) &&
      facts.pipelineMode !== 'log_based'
    ) {
      const table = facts.has[check.captures];
      if (table === 'yes') strength = 2;
      else if (table === 'unknown' && check.captures !== 'deletes') strength = 1;
    }
    // A column known to fail a choosing check is never chosen, unless the check is a capture
    // condition that does not bind here (so that knowing less never lets a column in).
    if (verdict === 'no' && check.selects && (check.captures === undefined || strength > 0)) return -1;
    if (verdict === 'no')
      total += strength === 2 ? WEIGHT.blocks : strength === 1 ? WEIGHT.waits : WEIGHT.adviceFailed;
    else total += strength > 0 ? WEIGHT.waits : WEIGHT.adviceUnknown;
  }
  return total;
}

/**
 * The best columns for the fields, each column used once: the lowest total score over every
 * combination (ties to the earlier columns). Fields are few (at most two per mode), so every
 * combination is tried.
 */
function chooseTogether(
  scores: readonly (readonly number[])[],
  columns: readonly ColumnFacts[],
): (number | undefined)[] {
  const n = scores.length;
  const best: (number | undefined)[] = new Array(n).fill(undefined);
  // A field with no possible column stays empty; the others still choose together.
  let lowest = Number.POSITIVE_INFINITY;
  const current: (number | undefined)[] = new Array(n).fill(undefined);
  const walk = (f: number, total: number): void => {
    if (total >= lowest) return;
    if (f === n) {
      lowest = total;
      for (let i = 0; i < n; i++) best[i] = current[i];
      return;
    }
    const row = scores[f] as readonly number[];
    let any = false;
    for (let c = 0; c < columns.length; c++) {
      const s = row[c] as number;
      if (s < 0 || current.includes(c)) continue;
      any = true;
      current[f] = c;
      walk(f + 1, total + s);
      current[f] = undefined;
    }
    // No column left for this field: it stays empty, at a cost above any filled combination.
    if (!any) walk(f + 1, total + 1e12);
  };
  walk(0, 0);
  return best;
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
export function fillConfig(
  checks: ModeChecks,
  facts: TableFacts,
  values: FieldValues | undefined,
  required: KindSet,
): Filled {
  const columns = facts.columns ?? [];
  const fields = checks.fields.filter((fc) => needed(fc, checks, values));
  const scores = fields.map((fc) => columns.map((c) => score(fc.column, c, facts, required)));
  const chosen = chooseTogether(scores, columns);
  let complete = true;
  const resolutions: Resolution[] = fields.map((field, i) => {
    const at = chosen[i];
    const column = at === undefined ? undefined : columns[at];
    if (column === undefined) complete = false;
    return { field, named: column?.name, column };
  });
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
