/**
 * `planModeChange`: what changing an object's query mode does for the user.
 *
 * @module
 */

import type { QueryModeBody } from '../catalogue/body-types.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { DEFAULT_MODE } from '../catalogue/limits.js';
import { getMode, isQueryMode, QUERY_MODES, type QueryMode } from '../catalogue/modes.js';
import type { ChangeKind } from '../catalogue/types.js';
import type { Issue, Result } from '../issues/types.js';
import { closest } from '../validate/suggest.js';
import { makeIssue, validateQueryModeBody } from '../validate/validate.js';
import { PLAN_BY_MODE } from './checks.js';
import { type EventsEstimate, estimateFromFacts } from './estimate.js';
import { readFacts } from './facts.js';
import { type FieldValues, fillConfig } from './fill.js';
import type { Finding } from './finding.js';
import { toFindings } from './finding-text.js';
import { bySeverity, type Raw } from './raw.js';
import { runChecks } from './run-checks.js';
import type { TableTraits } from './traits.js';

/** Options of {@link planModeChange}. */
export interface PlanOptions {
  /** The horizon of the events estimates, in hours. Default 24. */
  readonly horizonHours?: number;
  /** The pipeline's replication frequency in minutes; overrides `traits.replication_frequency_minutes`. */
  readonly replicationFrequencyMinutes?: number;
  /** Values of non-column fields when `next` is a mode id (see `RecommendOptions.fieldValues`). */
  readonly fieldValues?: FieldValues;
}

/** What a change of query mode does. */
export interface ModeChangePlan {
  /** The current mode (`full_load` for a new object: spec 3). */
  readonly from: QueryMode;
  /** The next mode. */
  readonly to: QueryMode;
  /** Whether `current` was null: a new object, which starts at `full_load` (spec 3 and 8). */
  readonly newObject: boolean;
  /** The spec shows no transition rules (section 3), so no change is forbidden. Always true. */
  readonly allowed: true;
  /** Change kinds the next mode captures (`yes`) that the current one does not (`no`). */
  readonly gained: readonly ChangeKind[];
  /** Change kinds the current mode captures (`yes`) that the next one does not (`no`). */
  readonly lost: readonly ChangeKind[];
  /** Change kinds on which the two differ where one side is not described by the spec. */
  readonly uncertain: readonly ChangeKind[];
  /** The next body: `next` itself when it is a valid body, else filled from the table (null if it cannot be). */
  readonly body: QueryModeBody | null;
  /** The next mode's findings against the table (errors first). */
  readonly findings: readonly Finding[];
  /** Events over the horizon, before and after, and the difference (null when either is unknown). */
  readonly events: {
    readonly horizonHours: number;
    readonly current: EventsEstimate;
    readonly next: EventsEstimate;
    readonly difference: number | null;
    /** Events of one re-read of the existing rows when ingestion restarts, or null (rows unknown, or no restart). */
    readonly restart: number | null;
  };
  /**
   * Whether ingestion of the object restarts from the beginning: true when the mode changes
   * (documented outside the spec); false when nothing changes; `not_documented` when only the
   * config fields change within one mode.
   */
  readonly restartsIngestion: boolean | 'not_documented';
  /** Notes, each marked with its source. */
  readonly notes: readonly string[];
}

/** The mode of a `current` or `next` argument, or the issues that say why it has none. */
function modeOf(
  value: QueryModeBody | QueryMode | null | undefined,
  name: 'current' | 'next',
): { mode: QueryMode; issues: readonly Issue[] } | { mode: undefined; issues: readonly Issue[] } {
  if (value === null && name === 'current') return { mode: DEFAULT_MODE, issues: [] };
  if (typeof value === 'string') {
    if (isQueryMode(value)) return { mode: value, issues: [] };
    const text = value as string;
    const suggestion = closest(text, QUERY_MODES);
    return {
      mode: undefined,
      issues: [
        makeIssue({
          code: 'invalid_mode',
          path: [name],
          received: text.length > 64 ? `${text.slice(0, 64)}…` : text,
          allowed: QUERY_MODES,
          ...(suggestion === undefined ? {} : { suggestion }),
        }),
      ],
    };
  }
  const r = validateQueryModeBody(value);
  if (r.ok) return { mode: r.value.config.mode, issues: [] };
  return { mode: undefined, issues: r.issues.map((i) => makeIssue({ ...i, path: [name, ...i.path] })) };
}

/**
 * Plans a change of an object's query mode from `current` (a mode id, a body, or null for a new
 * object, which starts at `full_load`) to `next` (a mode id, whose body is then filled from the
 * table as `recommend` does, or a body). The plan gives the change kinds gained and lost, the
 * next mode's findings against the table, the events before and after over the horizon, and the
 * restart of ingestion the change causes. No transition is forbidden: the spec shows none.
 *
 * Errors are data: an argument that is neither a mode nor a valid body gives `ok: false` with
 * its validation issues (paths start with `current` or `next`). Never throws.
 *
 * @example
 * const r = planModeChange('full_load', 'timestamp+incrementing', traits);
 * if (r.ok) console.log(r.value.gained, r.value.events.difference, r.value.restartsIngestion);
 */
export function planModeChange(
  current: QueryModeBody | QueryMode | null,
  next: QueryModeBody | QueryMode,
  traits: TableTraits,
  options: PlanOptions = {},
): Result<ModeChangePlan> {
  const a = modeOf(current, 'current');
  const b = modeOf(next, 'next');
  const fromSpec = a.mode === undefined ? undefined : getMode(a.mode);
  const plan = b.mode === undefined ? undefined : PLAN_BY_MODE.get(b.mode);
  if (fromSpec === undefined || plan === undefined) return { ok: false, issues: [...a.issues, ...b.issues] };
  const from = fromSpec.id as QueryMode;
  const to = plan.mode.id as QueryMode;
  const facts = readFacts(traits, options.replicationFrequencyMinutes);
  const h = options.horizonHours;
  const hours = typeof h === 'number' && Number.isFinite(h) && h >= 0 ? h : 24;

  const gained: ChangeKind[] = [];
  const lost: ChangeKind[] = [];
  const uncertain: ChangeKind[] = [];
  for (const kind of CHANGE_KINDS) {
    const a = fromSpec.captures[kind].value;
    const b = plan.mode.captures[kind].value;
    if (a === b) continue;
    if (a === 'no' && b === 'yes') gained.push(kind);
    else if (a === 'yes' && b === 'no') lost.push(kind);
    else uncertain.push(kind);
  }

  const raws: Raw[] = [];
  let body: QueryModeBody | null;
  if (typeof next === 'string') {
    const resolved: number[] = [];
    const config = fillConfig(plan, facts, options.fieldValues, resolved, raws);
    runChecks(plan, config ?? { mode: to }, facts, raws, resolved);
    body = config === null ? null : ({ config } as unknown as QueryModeBody);
  } else {
    body = next;
    runChecks(plan, next.config as unknown as Record<string, unknown>, facts, raws);
  }
  const findings = toFindings(bySeverity(raws), plan, facts);

  const before = estimateFromFacts(fromSpec, facts, hours);
  const after = estimateFromFacts(plan.mode, facts, hours);
  const sameMode = from === to;
  // Two mode ids (or a new object) name no config, so nothing but the mode can differ.
  const sameConfig =
    sameMode &&
    (typeof current !== 'object' ||
      current === null ||
      typeof next !== 'object' ||
      sameFields(current, next));
  const restartsIngestion: boolean | 'not_documented' = !sameMode
    ? true
    : sameConfig
      ? false
      : 'not_documented';

  const notes: string[] = [];
  if (current === null)
    notes.push(
      `A new object starts at \`${DEFAULT_MODE}\`, the default mode of every new pipeline (spec 3 and 8).`,
    );
  notes.push('The spec shows no transition rules (section 3): no change of mode is forbidden.');
  if (restartsIngestion === true) {
    notes.push(
      `Changing the query mode restarts ingestion of the object from the beginning (documented outside the spec)${facts.rows === undefined ? '.' : `: about ${facts.rows} rows are read again once.`}`,
    );
  } else if (restartsIngestion === 'not_documented') {
    notes.push(
      'Only the config fields change, not the mode: whether that restarts ingestion is not documented.',
    );
  }
  return {
    ok: true,
    value: {
      from,
      to,
      newObject: current === null,
      allowed: true,
      gained,
      lost,
      uncertain,
      body,
      findings,
      events: {
        horizonHours: hours,
        current: before,
        next: after,
        difference: before.events === null || after.events === null ? null : after.events - before.events,
        restart: restartsIngestion === true && facts.rows !== undefined ? facts.rows : null,
      },
      restartsIngestion,
      notes,
    },
  };
}

function sameFields(a: QueryModeBody, b: QueryModeBody): boolean {
  const x = a.config as unknown as Record<string, unknown>;
  const y = b.config as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (x[k] !== y[k]) return false;
  return true;
}
