/**
 * One mode evaluated for a table: its config (filled from the table, or the caller's), what its
 * checks reported (to a `Tally`, or a `Collector` that keeps each outcome for words), its capture
 * of each kind of change, its status and its events. One evaluation serves `recommend`,
 * `recommendSummary`, `chooseMode`, `checkAgainstTable` and `planModeChange`.
 *
 * @module
 */
import type { ChangeKind } from '../../catalogue/types.js';
import { countEvents, type EventsCount, type EventsSpan } from '../estimate/count.js';
import type { KindSet } from '../facts/kind-set.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { CheckOptions } from '../rules/check.js';
import type { ModeChecks } from '../rules/mode-checks.js';
import { assessCapture, assessKind, type CaptureAssessment, type KindAssessment } from './capture.js';
import { configOf, type FieldValues, type FilledConfig, fillConfig } from './fill.js';
import type { Resolution } from './outcome.js';
import { resolveByName, runChecks } from './run-checks.js';
import { Collector, type Tally } from './sink.js';

/**
 * A mode's status for a table: `eligible` (every hard rule known to hold, and the capture of
 * every kind of change the caller requires settled), `needs_facts` (none known to fail, but some
 * unknown, or a required kind the table has or may have that the mode may miss) or `ineligible`
 * (a hard rule known to fail).
 */
export const CANDIDATE_STATUSES = ['eligible', 'needs_facts', 'ineligible'] as const;

/** One of {@link CANDIDATE_STATUSES}. */
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** What an evaluation needs besides the table. */
export interface EvaluationOptions extends CheckOptions {
  /** The kinds of change a recommendable mode must not be known to miss (`mustCapture`), as a set. */
  readonly required: KindSet;
  /** Values of config fields that are not column names. */
  readonly fieldValues?: FieldValues;
  /** The span of the events estimate. */
  readonly span: EventsSpan;
}

/**
 * What is the same for every mode evaluated for one table: its facts and the options. One value
 * a table (the lazy ranking, or the facts and options read), so that no input object is made per
 * mode evaluated.
 */
export interface EvaluationTable {
  readonly facts: TableFacts;
  readonly options: EvaluationOptions;
}

/** A config the caller wrote (already valid), with how each of its column fields finds its column. */
export interface GivenBody {
  readonly given: Record<string, unknown>;
  readonly resolutions: readonly Resolution[];
}

/** The body of a mode evaluated: the caller's (`GivenBody`), or one filled from the table (`FilledConfig`). */
export type EvaluatedBody = GivenBody | FilledConfig;

/** One mode, evaluated for a table; `S` is where its checks reported. */
export interface Evaluation<S extends Tally = Tally> {
  readonly checks: ModeChecks;
  readonly facts: TableFacts;
  readonly options: EvaluationOptions;
  /** The config the caller wrote, for a body given; undefined for a body filled from the table. */
  readonly given: Record<string, unknown> | undefined;
  /** For a body filled from the table: the columns chosen. */
  readonly filled: FilledConfig | undefined;
  /** What the checks reported: what did not hold, or could not be decided. */
  readonly sink: S;
  /** The kinds the caller requires (`mustCapture`). */
  readonly required: KindSet;
  readonly capture: CaptureAssessment;
  readonly status: CandidateStatus;
  /** Eligible, and not known to miss a kind of change the table has and the caller requires. */
  readonly recommendable: boolean;
  /** The mode's events over the span: counted on the first call, the same count after. */
  countEvents(): EventsCount;
  /** Advice known to fail (capture conditions apart): fewer is more robust. */
  readonly warnings: number;
  /** Checks whose fact is not known. */
  readonly open: number;
}

/** An evaluation that kept each outcome, for words. */
export type Described = Evaluation<Collector>;

const NO_VALUES: FieldValues = Object.freeze({});

/**
 * An evaluation whose events are counted when first asked for: ranking reads them only where the
 * criteria before `events` tie, and `chooseMode` only for the mode it recommends: ~4% of
 * chooseMode (pnpm bench advisor; docs/benchmarks.md, "History of the engine's speed work").
 */
class ModeEvaluation<S extends Tally> implements Evaluation<S> {
  readonly facts: TableFacts;
  readonly options: EvaluationOptions;
  readonly given: Record<string, unknown> | undefined;
  readonly filled: FilledConfig | undefined;
  readonly required: KindSet;
  readonly capture: CaptureAssessment;
  readonly status: CandidateStatus;
  readonly recommendable: boolean;
  readonly warnings: number;
  readonly open: number;
  #events: EventsCount | undefined;

  constructor(
    readonly checks: ModeChecks,
    table: EvaluationTable,
    body: EvaluatedBody,
    readonly sink: S,
    counted: EventsCount | undefined,
  ) {
    const facts = table.facts;
    const options = table.options;
    this.facts = facts;
    this.options = options;
    if ('given' in body) {
      this.given = body.given;
      this.filled = undefined;
    } else {
      this.given = undefined;
      this.filled = body;
    }
    this.#events = counted;
    const required = options.required;
    const capture = assessCapture(checks, facts, sink, required);
    const status: CandidateStatus =
      sink.hardFailed > 0
        ? 'ineligible'
        : sink.hardUnknown > 0 || capture.unsettled !== 0
          ? 'needs_facts'
          : 'eligible';
    this.required = required;
    this.capture = capture;
    this.status = status;
    this.recommendable = status === 'eligible' && capture.blocking === 0;
    this.warnings = sink.adviceFailed;
    this.open = sink.unknown;
  }

  countEvents(): EventsCount {
    if (this.#events === undefined)
      this.#events = countEvents(this.checks.mode, this.facts, this.options.span);
    return this.#events;
  }
}

/**
 * Runs the checks of the mode on the table and the body's config (the caller's, or one filled
 * from the table), with each column field's column found (the body's resolutions), and evaluates it.
 */
function evaluation<S extends Tally>(
  checks: ModeChecks,
  table: EvaluationTable,
  body: EvaluatedBody,
  sink: S,
  counted?: EventsCount,
): Evaluation<S> {
  const { facts, options } = table;
  // Table checks read the config's fields that are not column names: a given config, or the values.
  const config = ('given' in body ? body.given : undefined) ?? options.fieldValues ?? NO_VALUES;
  runChecks(checks, { facts, mode: checks.mode, config, options }, body.resolutions, sink);
  return new ModeEvaluation(checks, table, body, sink, counted);
}

/** The config of an evaluation's body: the caller's, or the one filled from the table (null when a needed column could not be chosen). */
export function configOfEvaluation(e: Evaluation): Record<string, unknown> | null {
  if (e.given !== undefined) return e.given;
  return e.filled === undefined ? null : configOf(e.checks, e.filled, e.options.fieldValues);
}

/** What an evaluation's mode does with one kind of change, for its table. */
export function kindOf(e: Evaluation, kind: ChangeKind): KindAssessment {
  return assessKind(e.checks.mode, kind, e.facts, e.sink, e.required);
}

/**
 * Evaluates a mode with its config filled from the table; `counted`: its events, when already
 * counted for the table and span (they do not depend on its checks).
 */
export function evaluateFilled<S extends Tally>(
  checks: ModeChecks,
  table: EvaluationTable,
  sink: S,
  counted?: EventsCount,
): Evaluation<S> {
  const options = table.options;
  const filled = fillConfig(checks, table.facts, options.fieldValues, options.required);
  return evaluation(checks, table, filled, sink, counted);
}

/** Evaluates a mode with a config the caller wrote (already valid), each column found by its exact name. */
export function evaluateGiven<S extends Tally>(
  checks: ModeChecks,
  config: Record<string, unknown>,
  table: EvaluationTable,
  sink: S,
): Evaluation<S> {
  const body: GivenBody = { given: config, resolutions: resolveByName(checks, config, table.facts) };
  return evaluation(checks, table, body, sink);
}

/** The same evaluation, its outcomes kept for words: itself when it kept them, else run again. */
export function described(e: Evaluation): Described {
  if (e.sink instanceof Collector) return e as Described;
  const table: EvaluationTable = { facts: e.facts, options: e.options };
  return e.given === undefined
    ? evaluateFilled(e.checks, table, new Collector())
    : evaluateGiven(e.checks, e.given, table, new Collector());
}
