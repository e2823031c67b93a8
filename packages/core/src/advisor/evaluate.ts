/**
 * The evaluation of every mode for a table, shared by `recommend` (which then builds findings)
 * and `recommendSummary` (which counts findings and builds only the best mode's): the filled
 * config, findings, captures, events and rank keys, sorted by the ranking policy.
 *
 * @module
 */
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import type { QueryMode } from '../catalogue/modes.js';
import type { ChangeKind } from '../catalogue/types.js';
import { MODE_PLANS, type ModePlan } from './checks.js';
import { eventsCount } from './estimate.js';
import type { TableFacts, Tri } from './facts.js';
import { type FieldValues, fillConfig } from './fill.js';
import { compareKeys, RANKING_POLICY, type Rankable, type RankingCriterion } from './rank.js';
import { bySeverity, type Raw, type Tally } from './raw.js';
import { runChecks } from './run-checks.js';

/** What the evaluation needs of the options. */
export interface EvaluateOptions {
  readonly supportedModes?: readonly QueryMode[];
  readonly mustCapture?: readonly ChangeKind[];
  readonly fieldValues?: FieldValues;
  /**
   * How a mode that reads only changes ranks on events when its change rates are unknown:
   * `'break_even'` (default), just below a whole-table read's known estimate, stating the
   * break-even in the reasons; `'last'`, after every estimate that can be made.
   */
  readonly unknownEvents?: 'break_even' | 'last';
}

/** A mode's capture of one change kind, beside whether the table has it. */
export interface CaptureFacts {
  /** What the spec's behaviour table says of the mode. */
  readonly mode: 'yes' | 'no' | 'not_described';
  /** Whether the table has the change kind. */
  readonly table: Tri;
}

/** Per change kind, a mode's capture beside the table's fact. */
export type Captures = { readonly [K in ChangeKind]: CaptureFacts };

interface CaptureRow {
  readonly captures: Captures;
  readonly misses: readonly ChangeKind[];
  /** How many of the misses the spec's table says the mode does not capture (`no`). */
  readonly knownMisses: number;
}

const TRI_INDEX = { yes: 0, no: 1, unknown: 2 } as const;
const TRIS: readonly Tri[] = ['yes', 'no', 'unknown'];

/**
 * Per mode, per combination of the table's three change facts: the captures and misses, built
 * once and frozen, indexed by `facts.hasCodes` (two bits per kind: 0 yes, 1 no, 2 unknown).
 */
const CAPTURE_ROWS: readonly (readonly CaptureRow[])[] = MODE_PLANS.map((plan) => {
  const rows: CaptureRow[] = [];
  for (const i of TRIS)
    for (const u of TRIS)
      for (const d of TRIS) {
        const code = TRI_INDEX[i] | (TRI_INDEX[u] << 2) | (TRI_INDEX[d] << 4);
        const has = { inserts: i, updates: u, deletes: d };
        const captures = {} as Record<ChangeKind, CaptureFacts>;
        const misses: ChangeKind[] = [];
        let knownMisses = 0;
        for (const kind of CHANGE_KINDS) {
          const mode = plan.mode.captures[kind].value;
          captures[kind] = Object.freeze({ mode, table: has[kind] });
          if (has[kind] === 'yes' && mode !== 'yes') misses.push(kind);
          if (has[kind] === 'yes' && mode === 'no') knownMisses++;
        }
        rows[code] = { captures: Object.freeze(captures), misses: Object.freeze(misses), knownMisses };
      }
  return rows;
});

/** One mode, evaluated. */
export interface Evaluation extends Rankable {
  /** How many `error` findings. */
  readonly errors: number;
  readonly plan: ModePlan;
  /** The filled config, or null when a column could not be chosen. */
  readonly config: Record<string, unknown> | null;
  /** Raw findings, errors first; null when only counted (see {@link detail}). */
  readonly raws: readonly Raw[] | null;
  readonly captures: Captures;
  /** The rank keys, one per criterion of the policy. */
  readonly keys: readonly number[];
}

/** The caller's constraints on a mode: raw findings in `out`, or counts in `tally` when `out` is null. */
function callerChecks(plan: ModePlan, options: EvaluateOptions, out: Raw[] | null, tally: Tally): void {
  const supported = options.supportedModes;
  if (supported !== undefined && !supported.includes(plan.mode.id as QueryMode)) {
    if (out !== null) out.push({ t: 'caller', rule: 'option.supported_modes', severity: 'error' });
    else tally.errors++;
  }
  const must = options.mustCapture;
  if (must === undefined) return;
  for (const kind of must) {
    if (plan.mode.captures[kind]?.value === 'yes') continue;
    if (out !== null) out.push({ t: 'caller', rule: 'option.must_capture', severity: 'error', kind });
    else tally.errors++;
  }
}

/** The raw findings of a mode, errors first, and its config. */
export function detail(
  plan: ModePlan,
  facts: TableFacts,
  options: EvaluateOptions,
): { readonly config: Record<string, unknown> | null; readonly raws: Raw[] } {
  const raws: Raw[] = [];
  const resolved: number[] = [];
  const config = fillConfig(plan, facts, options.fieldValues, resolved, raws);
  runChecks(plan, config ?? { mode: plan.mode.id }, facts, raws, resolved);
  callerChecks(plan, options, raws, { errors: 0, warnings: 0 });
  return { config, raws: bySeverity(raws) };
}

function evaluate(
  plan: ModePlan,
  facts: TableFacts,
  options: EvaluateOptions,
  hours: number,
  detailed: boolean,
  scratch: number[],
): Evaluation {
  const row = (CAPTURE_ROWS[plan.index] as readonly CaptureRow[])[facts.hasCodes] as CaptureRow;
  const e = {
    plan,
    mode: plan.mode.id as QueryMode,
    index: plan.index,
    config: null as Record<string, unknown> | null,
    raws: null as Raw[] | null,
    eligible: false,
    captures: row.captures,
    misses: row.misses,
    knownMisses: row.knownMisses,
    events: eventsCount(plan.mode, facts, hours),
    eventsBelow: null as number | null,
    errors: 0,
    warnings: 0,
    keys: new Array<number>(RANKING_POLICY.length),
  };
  if (detailed) {
    const d = detail(plan, facts, options);
    e.config = d.config;
    e.raws = d.raws;
    for (const raw of d.raws) {
      if (raw.severity === 'error') e.errors++;
      else if (raw.severity === 'warning') e.warnings++;
    }
  } else {
    e.config = fillConfig(plan, facts, options.fieldValues, scratch, null, e);
    runChecks(plan, e.config ?? { mode: plan.mode.id }, facts, null, scratch, e);
    callerChecks(plan, options, null, e);
  }
  e.eligible = e.config !== null && e.errors === 0;
  return e;
}

/**
 * Whether a changes-reading mode may take the `break_even` bound of a whole-table read: it has no
 * more warnings, and it captures every change kind the whole-table read captures that the table
 * may have (its fact is not `no`), so it cannot silently miss what the whole-table read would catch.
 */
function coversWholeTable(e: Evaluation, whole: Evaluation): boolean {
  if (e.warnings > whole.warnings) return false;
  for (const kind of CHANGE_KINDS) {
    const c = e.captures[kind];
    if (c.table !== 'no' && whole.captures[kind].mode === 'yes' && c.mode !== 'yes') return false;
  }
  return true;
}

/**
 * Every mode of the catalogue, evaluated for the table and sorted by the ranking policy (best
 * first). With `detailed` false, findings are only counted (`raws` null).
 */
export function evaluateAll(
  facts: TableFacts,
  options: EvaluateOptions,
  hours: number,
  detailed: boolean,
): Evaluation[] {
  const out: Evaluation[] = [];
  const scratch: number[] = [];
  const all: Evaluation[] = [];
  // The known events of a whole-table read: the bound of the `break_even` policy (rank.ts).
  let wholeTable: Evaluation | null = null;
  for (const plan of MODE_PLANS) {
    const e = evaluate(plan, facts, options, hours, detailed, scratch);
    if (
      plan.mode.reads === 'whole_table' &&
      e.events !== null &&
      (wholeTable?.events ?? Infinity) > e.events
    ) {
      wholeTable = e;
    }
    all.push(e);
  }
  const bound = options.unknownEvents === 'last' ? null : wholeTable;
  for (const e of all) {
    if (
      bound !== null &&
      e.events === null &&
      e.plan.mode.reads === 'changes' &&
      coversWholeTable(e, bound)
    ) {
      (e as { eventsBelow: number | null }).eventsBelow = bound.events;
    }
    for (let k = 0; k < RANKING_POLICY.length; k++)
      (e.keys as number[])[k] = (RANKING_POLICY[k] as RankingCriterion).key(e);
    // Insertion sort: six entries, and stable.
    let j = out.length - 1;
    out.push(e);
    while (j >= 0 && compareKeys((out[j] as Evaluation).keys, e.keys) > 0) {
      out[j + 1] = out[j] as Evaluation;
      j--;
    }
    out[j + 1] = e;
  }
  return out;
}
