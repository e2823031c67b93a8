/**
 * Fills a mode's config from a table's facts: each column-name field gets the table column that
 * best passes that field's checks (read from the catalogue's field data): first by the checks
 * that say what the column is for its role (failed, then unknown), then fewest errors, warnings
 * and infos; ties go to the earlier column. No column is named twice in one body.
 *
 * @module
 */
import { FIELD_KINDS } from '../catalogue/field-kinds.js';
import type { FieldSpec } from '../catalogue/types.js';
import type { FieldPlan, ModePlan } from './checks.js';
import type { TableFacts } from './facts.js';
import { count, type Raw, type Tally } from './raw.js';
import type { ColumnTraits } from './traits.js';
import { verdictAt } from './verdicts.js';

/** Values for config fields that are not column names (`historical_enabled`, `stop_on_gap`, `timestamp_delay_interval_ms`). */
export type FieldValues = Readonly<Record<string, boolean | string>>;

/** How badly a column fits a field: the sum of its checks' weights for the column's verdicts. */
function score(fp: FieldPlan, word: number): number {
  let total = 0;
  for (const check of fp.checks) total += check.weights[verdictAt(word, check.shift)];
  return total;
}

function otherValue(field: FieldSpec, values: FieldValues | undefined): boolean | string | undefined {
  const given = values?.[field.name];
  if (given !== undefined && FIELD_KINDS[field.kind].check(given) === undefined) return given;
  // A required flag the caller did not set is true: for `historical_enabled`, existing rows are loaded.
  if (field.presence.type === 'required' && field.kind === 'boolean') return true;
  return undefined;
}

/**
 * Fills the config of `plan`'s mode from the table. Writes, for each of the plan's column
 * fields, the index of the chosen column (or -1) to `resolved` at the field's position, and a `column.available` raw
 * finding to `raws` (or a count to `tally` when `raws` is null) for each field no column could
 * be chosen for. Returns the config, or null when a column could not be chosen.
 */
export function fillConfig(
  plan: ModePlan,
  facts: TableFacts,
  values: FieldValues | undefined,
  resolved: number[],
  raws: Raw[] | null,
  tally?: Tally,
): Record<string, unknown> | null {
  const fields = plan.mode.fields;
  const config: Record<string, unknown> = { mode: plan.mode.id };
  let others = false;
  if (plan.otherFields) {
    for (const field of fields) {
      if (field.kind === 'column_name') continue;
      const value = otherValue(field, values);
      if (value === undefined) continue;
      config[field.name] = value;
      others = true;
    }
  }
  const columns = facts.columns;
  const words = facts.verdicts;
  let complete = true;
  let used = 0; // bit set of used column indexes below 32; larger tables fall back to a scan
  let usedHigh: number[] | undefined;
  const fps = plan.columnFields;
  for (let k = 0; k < fps.length; k++) {
    const fp = fps[k] as FieldPlan;
    const p = fp.field.presence;
    const needed = p.type === 'required' || (p.type === 'required_when' && config[p.field] === p.equals);
    if (!needed) {
      resolved[k] = -1;
      continue;
    }
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let i = 0; i < words.length; i++) {
      if (i < 32 ? (used & (1 << i)) !== 0 : usedHigh?.includes(i) === true) continue;
      const s = score(fp, words[i] as number);
      if (s < bestScore) {
        best = i;
        bestScore = s;
        if (s === 0) break;
      }
    }
    resolved[k] = best;
    if (best < 0) {
      const severity = columns === undefined ? 'warning' : 'error';
      if (raws !== null) raws.push({ t: 'available', rule: 'column.available', severity, fp });
      else if (tally !== undefined) count(tally, severity);
      complete = false;
      continue;
    }
    if (best < 32) used |= 1 << best;
    else {
      usedHigh ??= [];
      usedHigh.push(best);
    }
    config[fp.field.name] = (columns as readonly ColumnTraits[])[best]?.name;
  }
  if (!complete) return null;
  return !others || inCatalogueOrder(fields) ? config : ordered(config, fields);
}

/** Whether every non-column field comes before every column field, so that insertion order is catalogue order. */
function inCatalogueOrder(fields: readonly FieldSpec[]): boolean {
  let seenColumn = false;
  for (const field of fields) {
    if (field.kind === 'column_name') seenColumn = true;
    else if (seenColumn) return false;
  }
  return true;
}

/** The config with its keys in catalogue order (`mode` first), as the validator returns them. */
function ordered(config: Record<string, unknown>, fields: readonly FieldSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = { mode: config.mode };
  for (const field of fields) if (config[field.name] !== undefined) out[field.name] = config[field.name];
  return out;
}
