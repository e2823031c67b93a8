/**
 * `planModeChange`: what changing an object's query mode does for the user.
 *
 * @module
 */

import type { QueryModeBody } from '../../catalogue/body-types.js';
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import { DEFAULT_MODE } from '../../catalogue/limits.js';
import { isQueryMode, type QueryMode } from '../../catalogue/modes.js';
import type { ChangeKind, ModeSpec } from '../../catalogue/types.js';
import { invalidModeIssue } from '../../issues/invalid-mode.js';
import { invalidTypeIssue } from '../../issues/invalid-type.js';
import { makeIssue } from '../../issues/make-issue.js';
import type { Issue, Result } from '../../issues/types.js';
import { neverThrows } from '../../issues/unreadable.js';
import { validateQueryModeBody } from '../../validate/validate.js';
import { countEvents } from '../estimate/count.js';
import { describeEvents, type EventsEstimate } from '../estimate/describe.js';
import { type EventsOptions, overflowIssue } from '../estimate/options.js';
import {
  type CandidateStatus,
  configOfEvaluation,
  evaluateFilled,
  evaluateGiven,
} from '../evaluate/candidate.js';
import type { FieldValues } from '../evaluate/fill.js';
import { type Finding, findingsOf } from '../evaluate/findings.js';
import { Collector } from '../evaluate/sink.js';
import { DOCUMENTED } from '../facts/documented.js';
import type { TableFacts } from '../facts/table-facts.js';
import { readFacts } from '../facts/valid-facts.js';
import { optionReaders, type ResolvedOptions, resolveOptions } from '../options/resolve.js';
import { MODE_CHECKS_BY_ID } from '../rules/mode-checks.js';
import { formatCount } from '../text/format.js';
import type { TableTraits } from '../traits/model.js';
import { validateTableTraits } from '../traits/validate.js';

/** Options of {@link planModeChange}. */
export interface PlanOptions extends EventsOptions {
  /** Values of non-column fields when `next` is a mode id (see `RecommendOptions.fieldValues`). */
  readonly fieldValues?: FieldValues;
  /** The kinds of change that must not be missed (default inserts and updates: `DEFAULT_MUST_CAPTURE`). */
  readonly mustCapture?: readonly ChangeKind[];
  /** See `DEFAULT_ROWS_ESTIMATE_MARGIN`. */
  readonly rowsEstimateMargin?: number;
}

/** What a change of query mode does. */
export interface ModeChangePlan {
  /** The current mode (`full_load` for a new object: docs/service.md#default-mode). */
  readonly from: QueryMode;
  /** The next mode. */
  readonly to: QueryMode;
  /** Whether `current` was null: a new object, which starts at `full_load` (docs/service.md#default-mode). */
  readonly newObject: boolean;
  /** The service's documentation does not say which changes of mode are allowed (docs/service.md#mode-transitions): `not_shown`, never a yes. */
  readonly allowed: 'not_shown';
  /** Change kinds the next mode captures (`yes`) that the current one does not (`no`). */
  readonly gained: readonly ChangeKind[];
  /** Change kinds the current mode captures (`yes`) that the next one does not (`no`). */
  readonly lost: readonly ChangeKind[];
  /** Change kinds on which the two differ where one side is not described by the service's documentation. */
  readonly uncertain: readonly ChangeKind[];
  /** The next body: `next` itself when it is a body, else filled from the table (null if it cannot be). */
  readonly body: QueryModeBody | null;
  /** The next mode's status for the table, by the strength of its rules. */
  readonly status: CandidateStatus;
  /** Eligible, and not known to miss a kind of change the table has that `mustCapture` requires. */
  readonly recommendable: boolean;
  /** The next mode's findings against the table, errors first. */
  readonly findings: readonly Finding[];
  /** Billed events over the span, before and after, and the restart's re-ingested history. */
  readonly events: {
    readonly current: EventsEstimate;
    readonly next: EventsEstimate;
    /** `next.billed - current.billed`, or null when either is unknown. */
    readonly difference: number | null;
    /** The history ingested again when ingestion restarts (the table's rows), not billed; null when it does not restart. */
    readonly reingested: { readonly events: number | null; readonly billed: false } | null;
  };
  /**
   * Whether ingestion of the object restarts from the beginning: true when the mode changes
   * (the service's public documentation; docs/service.md); false when nothing changes; `not_documented` when only the
   * config fields change within one mode.
   */
  readonly restartsIngestion: boolean | 'not_documented';
  /** Notes, each with its source. */
  readonly notes: readonly string[];
}

const READERS = optionReaders(
  'horizonHours',
  'replicationFrequencyMinutes',
  'timeline',
  'fieldValues',
  'mustCapture',
  'rowsEstimateMargin',
);

type Side =
  | { readonly mode: QueryMode; readonly body: QueryModeBody | null; readonly issues: readonly Issue[] }
  | { readonly mode: undefined; readonly body: null; readonly issues: readonly Issue[] };

/** The mode of a `current` or `next` argument (and its body, when it is one), or the issues that say why it has none. */
function sideOf(value: unknown, name: 'current' | 'next'): Side {
  if (value === null && name === 'current') return { mode: DEFAULT_MODE, body: null, issues: [] };
  if (typeof value === 'string') {
    if (isQueryMode(value)) return { mode: value, body: null, issues: [] };
    return { mode: undefined, body: null, issues: [invalidModeIssue([name], value)] };
  }
  if (typeof value !== 'object' || value === null)
    return {
      mode: undefined,
      body: null,
      issues: [invalidTypeIssue([name], 'object', value)],
    };
  const r = validateQueryModeBody(value);
  if (r.ok) return { mode: r.value.config.mode, body: r.value, issues: [] };
  return {
    mode: undefined,
    body: null,
    issues: r.issues.map((i) => makeIssue({ ...i, path: [name, ...i.path] })),
  };
}

function sameConfig(a: QueryModeBody, b: QueryModeBody): boolean {
  const x = a.config as unknown as Record<string, unknown>;
  const y = b.config as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}

/**
 * Plans a change of an object's query mode from `current` (a mode id, a body, or null for a new
 * object, which starts at `full_load`) to `next` (a mode id, whose body is then filled from the
 * table as `recommend` does, or a body). The plan gives the change kinds gained and lost, the next
 * mode's status and findings against the table, the billed events before and after over the span,
 * and the restart of ingestion the change causes, whose re-ingested history is not billed
 * (docs/service.md#mode-change-restarts). The service's documentation does not say which changes
 * are allowed: `allowed` is `not_shown` (docs/service.md#mode-transitions).
 *
 * Errors are data: an argument that is neither a mode nor a valid body, invalid traits or
 * options give `ok: false` with issues (paths start with `current`, `next` or `options`). Never
 * throws.
 *
 * @example
 * const r = planModeChange('full_load', 'timestamp+incrementing', traits);
 * if (r.ok) console.log(r.value.gained, r.value.events.difference, r.value.restartsIngestion);
 */
export function planModeChange(
  current: QueryModeBody | QueryMode | null,
  next: QueryModeBody | QueryMode,
  traits: TableTraits,
  options?: PlanOptions,
): Result<ModeChangePlan> {
  return neverThrows(plan, [current, next, traits, options]);
}

/** A plan's input, read: both sides with their mode, the table's facts and the options. */
interface PlanInput {
  readonly current: { readonly mode: QueryMode; readonly body: QueryModeBody | null };
  readonly next: { readonly mode: QueryMode; readonly body: QueryModeBody | null };
  /** Whether `current` was null: a new object. */
  readonly newObject: boolean;
  readonly facts: TableFacts;
  readonly options: ResolvedOptions;
}

/** Reads the arguments of {@link planModeChange}: every issue of each, paths from its name. */
function readPlanInput(
  current: unknown,
  next: unknown,
  traits: unknown,
  options: unknown,
): Result<PlanInput> {
  const a = sideOf(current, 'current');
  const b = sideOf(next, 'next');
  const t = validateTableTraits(traits);
  const read = resolveOptions(options, READERS);
  if (a.mode === undefined || b.mode === undefined || !t.ok || !read.ok) {
    const issues = [...a.issues, ...b.issues, ...(t.ok ? [] : t.issues), ...(read.ok ? [] : read.issues)];
    return { ok: false, issues };
  }
  const facts = readFacts(t.value, read.value.replicationFrequencyMinutes);
  return {
    ok: true,
    value: { current: a, next: b, newObject: current === null, facts, options: read.value },
  };
}

/** The change kinds the next mode captures and the current one does not, and the other way, and where either is undescribed. */
function captureDifference(
  from: ModeSpec,
  to: ModeSpec,
): Pick<ModeChangePlan, 'gained' | 'lost' | 'uncertain'> {
  const gained: ChangeKind[] = [];
  const lost: ChangeKind[] = [];
  const uncertain: ChangeKind[] = [];
  for (const kind of CHANGE_KINDS) {
    const x = from.captures[kind].value;
    const y = to.captures[kind].value;
    if (x === y) continue;
    if (x === 'no' && y === 'yes') gained.push(kind);
    else if (x === 'yes' && y === 'no') lost.push(kind);
    else uncertain.push(kind);
  }
  return { gained, lost, uncertain };
}

/** Whether the change restarts ingestion: a new mode does; the same body does not; new fields in one mode are not documented. */
function restartOf(input: PlanInput): ModeChangePlan['restartsIngestion'] {
  const { current: a, next: b } = input;
  if (a.mode !== b.mode) return true;
  return a.body === null || b.body === null || sameConfig(a.body, b.body) ? false : 'not_documented';
}

/** The plan's notes, each with its source: a new object's mode, the transitions, the restart. */
function restartNotes(input: PlanInput, restartsIngestion: ModeChangePlan['restartsIngestion']): string[] {
  const { facts } = input;
  const notes: string[] = [];
  if (input.newObject)
    notes.push(
      `A new object starts at \`${DEFAULT_MODE}\`, the default mode of every new pipeline (service rules: the default mode).`,
    );
  notes.push("The service's documentation does not say which changes of mode are allowed.");
  if (restartsIngestion === true) {
    notes.push(
      `Changing the query mode restarts ingestion of the object from the beginning${facts.rows === undefined ? '' : `: about ${formatCount(facts.rows)} rows are ingested again`}; the re-ingested events count as historical data and are not billed (documented at ${DOCUMENTED.ingestionModes}).`,
    );
    if (facts.pipelineMode === 'log_based')
      notes.push(
        `In a log-based pipeline, events the service reloads from the log are billed (documented at ${DOCUMENTED.eventsUsage}).`,
      );
  } else if (restartsIngestion === 'not_documented') {
    notes.push(
      'Only the config fields change, not the mode: whether that restarts ingestion is not documented.',
    );
  }
  return notes;
}

function plan(current: unknown, next: unknown, traits: unknown, options: unknown): Result<ModeChangePlan> {
  const read = readPlanInput(current, next, traits, options);
  if (!read.ok) return read;
  const input = read.value;
  const { facts, options: o } = input;
  const from = MODE_CHECKS_BY_ID.get(input.current.mode);
  const to = MODE_CHECKS_BY_ID.get(input.next.mode);
  if (from === undefined || to === undefined) return { ok: false, issues: [] };
  const body = input.next.body;
  const evaluation =
    body === null
      ? evaluateFilled(to, input, new Collector())
      : evaluateGiven(to, body.config as unknown as Record<string, unknown>, input, new Collector());
  const before = countEvents(from.mode, facts, o.span);
  if (before.overflow || evaluation.countEvents().overflow) return { ok: false, issues: [overflowIssue()] };
  const timeline = o.span.timeline !== undefined;
  const currentEvents = describeEvents(before, facts, timeline);
  const nextEvents = describeEvents(evaluation.countEvents(), facts, timeline);
  const restartsIngestion = restartOf(input);
  const filledConfig = configOfEvaluation(evaluation);
  const config = filledConfig ?? { mode: to.mode.id };
  return {
    ok: true,
    value: {
      from: input.current.mode,
      to: input.next.mode,
      newObject: input.newObject,
      allowed: 'not_shown',
      ...captureDifference(from.mode, to.mode),
      body: body ?? (filledConfig === null ? null : ({ config: filledConfig } as unknown as QueryModeBody)),
      status: evaluation.status,
      recommendable: evaluation.recommendable,
      findings: findingsOf(evaluation, { facts, mode: to.mode, config, options: o }),
      events: {
        current: currentEvents,
        next: nextEvents,
        difference:
          currentEvents.billed === null || nextEvents.billed === null
            ? null
            : nextEvents.billed - currentEvents.billed,
        reingested: restartsIngestion === true ? { events: facts.rows ?? null, billed: false } : null,
      },
      restartsIngestion,
      notes: restartNotes(input, restartsIngestion),
    },
  };
}
