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
 * two combinations that tie have the same counts of each class, hence the same status. Among
 * columns that fit the timestamp equally well, one whose name reads as a modification time wins
 * (`updated_at` before `created_at`); among other ties the earlier columns win (the body alone may
 * differ). A body names each column once.
 *
 * @module
 */
import type { FieldSpec } from '../../catalogue/types.js';
import type { ColumnFacts } from '../facts/column-facts.js';
import { hasKind, type KindSet, ofKind } from '../facts/kind-set.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { ColumnCheck } from '../rules/check.js';
import { type ColumnField, MODE_CHECKS, type ModeChecks } from '../rules/mode-checks.js';
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
      const table = ofKind(facts.has, check.captures);
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
 * Half a unit, below the weight of any verdict: what a timestamp column whose name does not read
 * as a modification time adds to its score, so that among equal fits `updatedAt` wins over
 * `createdAt` or `expires_at` (a body that names a creation time would have a remedy make it
 * change on every update).
 */
const NOT_AN_UPDATE_TIME_NAME = 0.5;

/** A column's score for a field: {@link score}, and the name tie-break of a timestamp field. */
function fieldScore(fc: ColumnField, column: ColumnFacts, facts: TableFacts, required: KindSet): number {
  const s = score(fc.column, column, facts, required);
  if (s < 0 || fc.field.column?.role !== 'timestamp' || column.updateTimeName) return s;
  return s + NOT_AN_UPDATE_TIME_NAME;
}

/** No column for a field: a cost above any combination of columns. */
const NO_COLUMN_COST = 1e12;

/**
 * The best columns for the fields, each column used once: the lowest total score over every
 * combination (ties to the earlier columns). Modes have at most two column fields, so every pair
 * is tried; plain loops, no closures (measured: the advisor bench's chooseMode spends its time
 * here when a closure is made per table).
 */
function chooseTogether(scores: readonly (readonly number[])[], n: number): (number | undefined)[] {
  if (scores.length === 1) return [argmin(scores[0] as readonly number[], n, -1)];
  if (scores.length !== 2) return scores.map((row) => argmin(row, n, -1));
  const a = scores[0] as readonly number[];
  const b = scores[1] as readonly number[];
  let lowest = Number.POSITIVE_INFINITY;
  let best: (number | undefined)[] = [undefined, undefined];
  for (let i = -1; i < n; i++) {
    const sa = i < 0 ? NO_COLUMN_COST : (a[i] as number);
    if (sa < 0) continue;
    for (let j = -1; j < n; j++) {
      if (j === i && j >= 0) continue;
      const sb = j < 0 ? NO_COLUMN_COST : (b[j] as number);
      if (sb < 0) continue;
      const total = sa + sb;
      if (total < lowest) {
        lowest = total;
        best = [i < 0 ? undefined : i, j < 0 ? undefined : j];
      }
    }
  }
  return best;
}

/** The column with the lowest score (the earlier on a tie), other than `taken`; undefined when none fits. */
function argmin(row: readonly number[], n: number, taken: number): number | undefined {
  let found: number | undefined;
  let lowest = Number.POSITIVE_INFINITY;
  for (let c = 0; c < n; c++) {
    const s = row[c] as number;
    if (c === taken || s < 0 || s >= lowest) continue;
    found = c;
    lowest = s;
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
function needed(fc: ColumnField, checks: ModeChecks, values: FieldValues | undefined): boolean {
  const p = fc.field.presence;
  if (p.type !== 'required_when') return p.type === 'required';
  const sibling = checks.valueFields.find((f) => f.name === p.field);
  return sibling !== undefined && fieldValue(sibling, values) === p.equals;
}

const neededOf = (checks: ModeChecks, values: FieldValues | undefined): readonly ColumnField[] =>
  checks.columnFields.filter((fc) => needed(fc, checks, values));

/**
 * The column fields each mode needs when the caller gives no field values (the NDJSON path's
 * case), worked out once, by the mode's position: ~2% of chooseMode (pnpm bench advisor;
 * docs/benchmarks.md, "History of the engine's speed work"); a Map by the checks was 0.4% more.
 */
const NEEDED_BY_DEFAULT: readonly (readonly ColumnField[])[] = MODE_CHECKS.map((checks) =>
  neededOf(checks, undefined),
);

/** The column fields the config needs, in catalogue order. */
function neededFields(checks: ModeChecks, values: FieldValues | undefined): readonly ColumnField[] {
  return values === undefined && MODE_CHECKS[checks.index] === checks
    ? (NEEDED_BY_DEFAULT[checks.index] as readonly ColumnField[])
    : neededOf(checks, values);
}

/** A config filled from the table, with how each needed column field found its column. */
export interface FilledConfig {
  /** The needed column fields, each with its chosen column (or none), in catalogue order. */
  readonly resolutions: readonly Resolution[];
  /** Whether every needed column field has its column. */
  readonly complete: boolean;
}

/** A field's resolution to the column at `at` (none when undefined), whose score for the field is `fit`. */
function resolution(
  fc: ColumnField,
  columns: readonly ColumnFacts[],
  at: number | undefined,
  fit: number,
): Resolution {
  const column = at === undefined ? undefined : columns[at];
  // Every verdict that is not `yes` weighs at least 1; the name tie-break adds half a unit.
  return { field: fc, named: column?.name, column, allHold: column !== undefined && fit < 1 };
}

/**
 * The best column for one field: the lowest score, the earlier on a tie, a perfect fit (0) ending
 * the search (no later column can do better); none when no column fits.
 */
function bestColumn(
  fc: ColumnField,
  columns: readonly ColumnFacts[],
  facts: TableFacts,
  required: KindSet,
): Resolution {
  let found: number | undefined;
  let lowest = Number.POSITIVE_INFINITY;
  for (let c = 0; c < columns.length; c++) {
    const s = fieldScore(fc, columns[c] as ColumnFacts, facts, required);
    if (s < 0 || s >= lowest) continue;
    found = c;
    lowest = s;
    if (s === 0) break;
  }
  return resolution(fc, columns, found, lowest);
}

/**
 * The columns of the fields, by field: {@link chooseTogether} over every field's row of scores,
 * whose answer is each field's own best column whenever no two fields' best columns are the same
 * (each score is then at its lowest, and the earliest of its ties: a lower total, or an earlier
 * pair of equal total, would need a field's score lower, or equal at an earlier column). So the
 * rows are scored only when two fields want the same column: ~4% of chooseMode (pnpm bench
 * advisor; docs/benchmarks.md, "History of the engine's speed work").
 */
function chooseColumns(
  fields: readonly ColumnField[],
  columns: readonly ColumnFacts[],
  facts: TableFacts,
  required: KindSet,
): Resolution[] {
  const best: Resolution[] = [];
  for (const fc of fields) best.push(bestColumn(fc, columns, facts, required));
  if (fields.length !== 2 || best[0]?.column === undefined || best[0].column !== best[1]?.column) return best;
  const scores: number[][] = [];
  for (const fc of fields) {
    const row: number[] = [];
    for (const column of columns) row.push(fieldScore(fc, column, facts, required));
    scores.push(row);
  }
  const chosen = chooseTogether(scores, columns.length);
  return fields.map((fc, i) => {
    const at = chosen[i];
    return resolution(fc, columns, at, at === undefined ? NO_COLUMN_COST : (scores[i]?.[at] as number));
  });
}

/**
 * The columns that fit a field by its column checks, best first (the earlier on a tie): none that
 * a choosing check excludes or a hard rule (or a binding capture) is known to fail; what a remedy
 * may offer for the field.
 */
export function fittingColumns(fc: ColumnField, facts: TableFacts, required: KindSet): ColumnFacts[] {
  const scored: { column: ColumnFacts; fit: number }[] = [];
  for (const column of facts.columns ?? []) {
    const fit = fieldScore(fc, column, facts, required);
    if (fit >= 0 && fit < WEIGHT.blocks) scored.push({ column, fit });
  }
  return scored.sort((a, b) => a.fit - b.fit).map((s) => s.column);
}

/** Chooses the columns of the fields a mode's config needs. */
export function fillConfig(
  checks: ModeChecks,
  facts: TableFacts,
  values: FieldValues | undefined,
  required: KindSet,
): FilledConfig {
  const resolutions = chooseColumns(neededFields(checks, values), facts.columns ?? [], facts, required);
  let complete = true;
  for (const r of resolutions) if (r.column === undefined) complete = false;
  return { resolutions, complete };
}

/** The config a filled body sends: `mode`, then each field in catalogue order. Null when a needed column is missing. */
export function configOf(
  checks: ModeChecks,
  filled: FilledConfig,
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
