/**
 * One mode evaluated for a table: its config (filled from the table, or the caller's), the
 * outcomes of its checks, its capture of each kind of change, its status and its events. One
 * evaluation serves `recommend`, `recommendSummary`, `chooseMode`, `checkAgainstTable` and
 * `planModeChange`.
 *
 * @module
 */
import type { ChangeKind } from '../../catalogue/types.js';
import { countEvents, type EventsCount, type EventsSpan } from '../estimate/count.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { CheckOptions } from '../rules/check.js';
import type { ModeChecks } from '../rules/mode-checks.js';
import { assessCapture, type CaptureAssessment } from './capture.js';
import { type FieldValues, fillConfig } from './fill.js';
import type { Outcome, Resolution } from './outcome.js';
import { resolveByName, runChecks } from './run-checks.js';

/**
 * A mode's status for a table: `eligible` (every hard rule known to hold), `needs_facts` (none
 * known to fail, some unknown, or a capture condition unknown for a kind the table has) or
 * `ineligible` (a hard rule known to fail).
 */
export type CandidateStatus = 'eligible' | 'needs_facts' | 'ineligible';

/** What an evaluation needs besides the table. */
export interface EvaluationOptions extends CheckOptions {
  /** The kinds of change a recommendable mode must not be known to miss. */
  readonly mustCapture: readonly ChangeKind[];
  /** Values of config fields that are not column names. */
  readonly fieldValues?: FieldValues;
  /** The span of the events estimate. */
  readonly span: EventsSpan;
}

/** One mode, evaluated for a table. */
export interface Evaluation {
  readonly checks: ModeChecks;
  /** The config: filled from the table (null when a needed column could not be chosen), or the caller's. */
  readonly config: Record<string, unknown> | null;
  /** The checks that did not hold or could not be decided, in check order. */
  readonly outcomes: readonly Outcome[];
  readonly capture: CaptureAssessment;
  readonly status: CandidateStatus;
  /** Eligible, and not known to miss a kind of change the table has and the caller requires. */
  readonly recommendable: boolean;
  readonly events: EventsCount;
  /** Advice known to fail (capture conditions apart): fewer is more robust. */
  readonly warnings: number;
  /** Checks whose fact is not known. */
  readonly open: number;
}

function statusOf(outcomes: readonly Outcome[], capture: CaptureAssessment): CandidateStatus {
  let unknown = capture.conditionsUnknown.length > 0;
  for (const o of outcomes) {
    if (o.check.strength !== 'hard') continue;
    if (o.verdict === 'no') return 'ineligible';
    unknown = true;
  }
  return unknown ? 'needs_facts' : 'eligible';
}

function evaluation(
  checks: ModeChecks,
  config: Record<string, unknown> | null,
  resolutions: readonly Resolution[],
  facts: TableFacts,
  options: EvaluationOptions,
): Evaluation {
  const outcomes = runChecks(checks, config ?? { mode: checks.mode.id }, resolutions, facts, options);
  const capture = assessCapture(checks.mode, facts, outcomes, options.mustCapture);
  const status = statusOf(outcomes, capture);
  let warnings = 0;
  let open = 0;
  for (const o of outcomes) {
    if (o.verdict === 'unknown') open++;
    else if (o.check.strength === 'advice' && o.check.captures === undefined) warnings++;
  }
  return {
    checks,
    config,
    outcomes,
    capture,
    status,
    recommendable: status === 'eligible' && capture.blocking.length === 0,
    events: countEvents(checks.mode, facts, options.span),
    warnings,
    open,
  };
}

/** Evaluates a mode with its config filled from the table. */
export function evaluateFilled(
  checks: ModeChecks,
  facts: TableFacts,
  options: EvaluationOptions,
): Evaluation {
  const filled = fillConfig(checks, facts, options.fieldValues);
  return evaluation(checks, filled.config, filled.resolutions, facts, options);
}

/** Evaluates a mode with a config the caller wrote (already valid), each column found by its exact name. */
export function evaluateGiven(
  checks: ModeChecks,
  config: Record<string, unknown>,
  facts: TableFacts,
  options: EvaluationOptions,
): Evaluation {
  return evaluation(checks, config, resolveByName(checks, config, facts), facts, options);
}
