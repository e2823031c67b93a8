/**
 * `planModeChange`: what changing an object's query mode does for the user.
 *
 * @module
 */

import type { QueryModeBody } from '../../catalogue/body-types.js';
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import { DEFAULT_MODE } from '../../catalogue/limits.js';
import { isQueryMode, type QueryMode } from '../../catalogue/modes.js';
import type { ChangeKind } from '../../catalogue/types.js';
import { invalidModeIssue } from '../../issues/invalid-mode.js';
import { invalidTypeIssue } from '../../issues/invalid-type.js';
import { makeIssue } from '../../issues/make-issue.js';
import { readOptions } from '../../issues/read-options.js';
import type { Issue, Result } from '../../issues/types.js';
import { unreadableInput } from '../../issues/unreadable.js';
import { validateQueryModeBody } from '../../validate/validate.js';
import { countEvents } from '../estimate/count.js';
import { describeEvents, type EventsEstimate } from '../estimate/describe.js';
import { EVENTS_READERS, type EventsOptions, overflowIssue, spanOf } from '../estimate/options.js';
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
import { requiredKinds } from '../facts/must-capture.js';
import { readFacts } from '../facts/table-facts.js';
import { fieldValuesReader, kindsReader, marginReader } from '../options/read.js';
import { DEFAULT_ROWS_ESTIMATE_MARGIN } from '../rules/check.js';
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

const READERS = {
  ...EVENTS_READERS,
  fieldValues: fieldValuesReader,
  mustCapture: kindsReader,
  rowsEstimateMargin: marginReader,
} as const;

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
  try {
    const a = sideOf(current, 'current');
    const b = sideOf(next, 'next');
    const t = validateTableTraits(traits);
    const read = readOptions(options, READERS);
    if (a.mode === undefined || b.mode === undefined || !t.ok || !read.ok) {
      const issues = [...a.issues, ...b.issues, ...(t.ok ? [] : t.issues), ...(read.ok ? [] : read.issues)];
      return { ok: false, issues };
    }
    const span = spanOf(read.value);
    if (!span.ok) return { ok: false, issues: [span.issue] };
    const from = MODE_CHECKS_BY_ID.get(a.mode);
    const to = MODE_CHECKS_BY_ID.get(b.mode);
    if (from === undefined || to === undefined) return { ok: false, issues: [] };
    const facts = readFacts(t.value, read.value.replicationFrequencyMinutes);
    const o = {
      required: requiredKinds(read.value.mustCapture),
      rowsEstimateMargin: read.value.rowsEstimateMargin ?? DEFAULT_ROWS_ESTIMATE_MARGIN,
      ...(read.value.fieldValues === undefined ? {} : { fieldValues: read.value.fieldValues }),
      span: span.span,
    };
    const evaluation =
      b.body === null
        ? evaluateFilled(to, facts, o, new Collector())
        : evaluateGiven(to, b.body.config as unknown as Record<string, unknown>, facts, o, new Collector());
    const before = countEvents(from.mode, facts, span.span);
    if (before.overflow || evaluation.events.overflow) return { ok: false, issues: [overflowIssue()] };
    const timeline = span.span.timeline !== undefined;
    const currentEvents = describeEvents(before, facts, timeline);
    const nextEvents = describeEvents(evaluation.events, facts, timeline);

    const gained: ChangeKind[] = [];
    const lost: ChangeKind[] = [];
    const uncertain: ChangeKind[] = [];
    for (const kind of CHANGE_KINDS) {
      const x = from.mode.captures[kind].value;
      const y = to.mode.captures[kind].value;
      if (x === y) continue;
      if (x === 'no' && y === 'yes') gained.push(kind);
      else if (x === 'yes' && y === 'no') lost.push(kind);
      else uncertain.push(kind);
    }

    const sameMode = a.mode === b.mode;
    const unchanged = sameMode && (a.body === null || b.body === null || sameConfig(a.body, b.body));
    const restartsIngestion: boolean | 'not_documented' = !sameMode
      ? true
      : unchanged
        ? false
        : 'not_documented';

    const notes: string[] = [];
    if (current === null)
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
    const filledConfig = configOfEvaluation(evaluation);
    const config = filledConfig ?? { mode: to.mode.id };
    return {
      ok: true,
      value: {
        from: a.mode,
        to: b.mode,
        newObject: current === null,
        allowed: 'not_shown',
        gained,
        lost,
        uncertain,
        body:
          b.body ?? (filledConfig === null ? null : ({ config: filledConfig } as unknown as QueryModeBody)),
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
        notes,
      },
    };
  } catch (error) {
    return unreadableInput(error);
  }
}
