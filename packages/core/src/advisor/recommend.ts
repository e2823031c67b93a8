/**
 * `recommend`: every mode as a candidate for a table, ranked by an explicit policy
 * (`rank.ts`), with the chosen mode's ready-to-send body and the reasons; and
 * `recommendSummary`, the same choice without the candidates' details, for bulk runs.
 *
 * @module
 */

import type { QueryModeBody } from '../catalogue/body-types.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { FULL_LOAD_RELOAD_WAIT_HOURS } from '../catalogue/limits.js';
import type { QueryMode } from '../catalogue/modes.js';
import type { ChangeKind } from '../catalogue/types.js';
import { type EventsEstimate, estimateFromFacts } from './estimate.js';
import { type Captures, detail, type EvaluateOptions, type Evaluation, evaluateAll } from './evaluate.js';
import { readFacts, type TableFacts } from './facts.js';
import type { Finding } from './finding.js';
import { toFindings } from './finding-text.js';
import { decidingCriterion } from './rank.js';
import type { Raw } from './raw.js';
import type { TableTraits } from './traits.js';

export type { CaptureFacts, Captures } from './evaluate.js';

/** Options of {@link recommend} and {@link recommendSummary}. */
export interface RecommendOptions extends EvaluateOptions {
  /**
   * The modes the caller's source supports. The spec does not show the support matrix per source
   * and pipeline mode (section 4.1), so it is the caller's input. Absent: every mode.
   */
  readonly supportedModes?: readonly QueryMode[];
  /** Change kinds the chosen mode must be shown to capture (the catalogue's `captures` says `yes`). */
  readonly mustCapture?: readonly ChangeKind[];
  /** The pipeline's replication frequency in minutes; overrides `traits.replication_frequency_minutes`. */
  readonly replicationFrequencyMinutes?: number;
  /** The horizon of the events estimates, in hours (finite, at least 0). Default 24. */
  readonly horizonHours?: number;
  /**
   * Values for config fields that are not column names (`historical_enabled`, `stop_on_gap`,
   * `timestamp_delay_interval_ms`), used where a mode has the field and the value passes its
   * check. A required flag not given is `true` (so `change_tracking` loads historical data).
   */
  readonly fieldValues?: Readonly<Record<string, boolean | string>>;
}

/** One mode, as a candidate for the table. */
export interface Candidate {
  /** The mode. */
  readonly mode: QueryMode;
  /** Whether it can be used: a ready-to-send body and no `error` finding. */
  readonly eligible: boolean;
  /** Its rank, 1 = best. */
  readonly rank: number;
  /** Its findings against the table (errors first), including the caller's constraints (`option.*`). */
  readonly findings: readonly Finding[];
  /** Per change kind: what the mode captures and whether the table has it. */
  readonly captures: Captures;
  /** Change kinds the table has (`yes`) that the mode is not shown to capture (`no` or not described). */
  readonly misses: readonly ChangeKind[];
  /** Its estimated events over the horizon. */
  readonly events: EventsEstimate;
  /**
   * When its events cannot be estimated but it was ranked below a whole-table read's estimate by
   * the `break_even` policy (see `RANKING_POLICY`): that estimate. Null otherwise.
   */
  readonly eventsBelow: number | null;
  /** The remedies of its `error` and `warning` findings, without repeats: what would unlock or improve it. */
  readonly remedies: readonly string[];
  /** The body with column names filled from the table, or null when a column could not be chosen. */
  readonly body: QueryModeBody | null;
}

/** The result of {@link recommend}. */
export interface Recommendation {
  /** The best eligible mode, or null when none is eligible. */
  readonly chosen: QueryMode | null;
  /** The chosen mode's body, ready to send; null with `chosen`. */
  readonly body: QueryModeBody | null;
  /** Why this mode (or why none), in a few sentences. */
  readonly reasons: readonly string[];
  /** Every mode, best first. */
  readonly candidates: readonly Candidate[];
}

/** The result of {@link recommendSummary}: the choice of {@link recommend} without the candidates. */
export interface RecommendationSummary {
  /** The best eligible mode, or null when none is eligible. */
  readonly chosen: QueryMode | null;
  /** The chosen mode's body, ready to send; null with `chosen`. */
  readonly body: QueryModeBody | null;
  /** The chosen mode's events estimate; null with `chosen`. */
  readonly events: EventsEstimate | null;
  /** Why this mode (or why none): the same sentences as {@link recommend}'s. */
  readonly reasons: readonly string[];
}

function remediesOf(findings: readonly Finding[]): string[] {
  const out: string[] = [];
  for (const f of findings) {
    if (f.severity === 'info' || f.remedy === undefined || out.includes(f.remedy)) continue;
    out.push(f.remedy);
  }
  return out;
}

function hoursOf(options: RecommendOptions): number {
  const h = options.horizonHours;
  return typeof h === 'number' && Number.isFinite(h) && h >= 0 ? h : 24;
}

function bodyOf(e: Evaluation): QueryModeBody | null {
  return e.config === null ? null : ({ config: e.config } as unknown as QueryModeBody);
}

const list = (kinds: readonly string[]): string => (kinds.length === 0 ? 'none' : kinds.join(', '));

function unique(values: string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) === i);
}

function criterionDetail(id: string | undefined, a: Evaluation, b: Evaluation, facts: TableFacts): string {
  if (id === 'events' && a.events === null && a.eventsBelow !== null && facts.rows !== undefined) {
    const perDay = Math.floor((facts.rows * 24) / FULL_LOAD_RELOAD_WAIT_HOURS);
    const other =
      b.events === null && b.eventsBelow === null && b.plan.mode.reads === 'changes'
        ? `; \`${b.mode}\` is not compared so, because it has more warnings than the whole-table read or may miss a kind of change the whole-table read captures`
        : '';
    return ` (its change rates are unknown; reading only changes, it ingests fewer than the ${a.eventsBelow} events of a whole-table read as long as the table changes fewer than ${perDay} rows a day, rows × 24 ÷ ${FULL_LOAD_RELOAD_WAIT_HOURS}; give the rates per day to compare numbers${other})`;
  }
  if (id === 'events') return ` (${a.events} vs ${b.events ?? 'unknown'})`;
  if (id === 'misses') return ` (misses ${list(a.misses)} vs ${list(b.misses)})`;
  if (id === 'known_misses') {
    const known = (e: Evaluation) => e.misses.filter((k) => e.captures[k].mode === 'no');
    const undescribed =
      a.misses.length === 0
        ? ''
        : `; whether \`${a.mode}\` captures ${list(a.misses)} is not described by the spec`;
    return ` (\`${b.mode}\` does not capture ${list(known(b))}${undescribed})`;
  }
  if (id === 'robustness') return ` (${a.warnings} vs ${b.warnings} warnings)`;
  return '';
}

/** The reasons of a choice, from the ranked evaluations, the best one's raw findings and its estimate. */
function reasonsFor(
  ranked: readonly Evaluation[],
  raws: readonly Raw[],
  estimate: EventsEstimate | null,
  facts: TableFacts,
  hours: number,
): string[] {
  const best = ranked[0];
  if (best === undefined) return [];
  if (!best.eligible) {
    const blocking: string[] = [];
    for (const raw of raws) if (raw.severity === 'error') blocking.push(raw.rule);
    if (best.config === null) blocking.push('column.available');
    return [
      'No mode is eligible: every candidate has an error finding or a column that could not be chosen from the table.',
      `Closest: \`${best.mode}\`, blocked by ${unique(blocking).join(', ')}; its remedies say what would unlock it.`,
    ];
  }
  const has = CHANGE_KINDS.filter((k) => facts.has[k] === 'yes');
  const out: string[] = [];
  if (best.misses.length > 0 && best.knownMisses === 0) {
    out.push(
      `Whether \`${best.mode}\` captures ${list(best.misses)} is not described by the spec, but it is not known to miss any kind of change the table has; no eligible mode is shown to capture all of them (${list(has)}).`,
    );
  } else if (best.misses.length > 0) {
    out.push(
      `\`${best.mode}\` misses ${list(best.misses)}; no eligible mode is shown to capture every kind of change the table has (${list(has)}).`,
    );
  } else if (has.length === 0) {
    out.push(`No kind of change is known to happen in the table, so \`${best.mode}\` misses none.`);
  } else {
    out.push(`\`${best.mode}\` captures every kind of change the table is known to have (${list(has)}).`);
  }
  if (estimate === null || estimate.events === null) {
    const why = estimate?.assumptions[estimate.assumptions.length - 1] ?? '';
    out.push(`Its events over ${hours} h cannot be estimated: ${why}`);
  } else {
    out.push(`It ingests about ${estimate.events} events over ${hours} h (${estimate.formula}).`);
  }
  const next = ranked[1];
  if (next?.eligible) {
    const criterion = decidingCriterion(best.keys, next.keys);
    out.push(
      `Ahead of \`${next.mode}\`: ${criterion?.ahead ?? 'tied'}${criterionDetail(criterion?.id, best, next, facts)}.`,
    );
  } else {
    out.push(
      `The only eligible mode: the other ${ranked.length - 1} have error findings or columns that could not be chosen.`,
    );
  }
  if (best.warnings > 0) {
    const rules: string[] = [];
    for (const raw of raws) if (raw.severity === 'warning') rules.push(raw.rule);
    out.push(
      `Review ${best.warnings} warning${best.warnings === 1 ? '' : 's'}: ${unique(rules).join(', ')}.`,
    );
  }
  return out;
}

/**
 * Recommends a query mode for a table. Every mode of the catalogue is a candidate, with its
 * findings, captures against the table's change kinds, missed kinds, events estimate, remedies
 * and body (column names filled from the table by each field's column role and checks).
 * Candidates are ranked by `RANKING_POLICY`: eligible first, then fewest missed change kinds,
 * fewest estimated events, fewest warnings, catalogue order. The chosen mode is the first
 * candidate when it is eligible, else null. Pure, deterministic, never throws.
 *
 * @example
 * const r = recommend({ rows: 12_000_000, columns: [...], changes: { inserts: 'yes', updates: 'yes' } });
 * r.chosen; // 'timestamp+incrementing', when the columns allow it
 */
export function recommend(traits: TableTraits, options: RecommendOptions = {}): Recommendation {
  const facts = readFacts(traits, options.replicationFrequencyMinutes);
  const hours = hoursOf(options);
  const ranked = evaluateAll(facts, options, hours, true);
  const candidates: Candidate[] = [];
  for (let i = 0; i < ranked.length; i++) {
    const e = ranked[i] as Evaluation;
    const findings = toFindings(e.raws ?? [], e.plan, facts, options.supportedModes);
    candidates.push({
      mode: e.mode,
      eligible: e.eligible,
      rank: i + 1,
      findings,
      captures: e.captures,
      misses: e.misses,
      events: estimateFromFacts(e.plan.mode, facts, hours),
      eventsBelow: e.eventsBelow,
      remedies: remediesOf(findings),
      body: bodyOf(e),
    });
  }
  const best = ranked[0];
  const chosen = best?.eligible ? best : undefined;
  return {
    chosen: chosen?.mode ?? null,
    body: chosen === undefined ? null : bodyOf(chosen),
    reasons: reasonsFor(ranked, best?.raws ?? [], candidates[0]?.events ?? null, facts, hours),
    candidates,
  };
}

/**
 * The choice of {@link recommend} (same mode, body and reasons) without the candidates'
 * findings, remedies and estimates, which it never builds: for running over many tables where
 * only the choice is kept. Pure, deterministic, never throws.
 */
export function recommendSummary(traits: TableTraits, options: RecommendOptions = {}): RecommendationSummary {
  const facts = readFacts(traits, options.replicationFrequencyMinutes);
  const hours = hoursOf(options);
  const ranked = evaluateAll(facts, options, hours, false);
  const best = ranked[0];
  const estimate = best === undefined ? null : estimateFromFacts(best.plan.mode, facts, hours);
  const raws = best === undefined ? [] : detail(best.plan, facts, options).raws;
  const chosen = best?.eligible ? best : undefined;
  return {
    chosen: chosen?.mode ?? null,
    body: chosen === undefined ? null : bodyOf(chosen),
    events: chosen === undefined ? null : estimate,
    reasons: reasonsFor(ranked, raws, estimate, facts, hours),
  };
}

/** The choice of {@link recommend} as data only, for bulk runs: see {@link chooseMode}. */
export interface ModeChoice {
  /** The best eligible mode, or null when none is eligible. */
  readonly chosen: QueryMode | null;
  /** The chosen mode's body, ready to send; null with `chosen`. */
  readonly body: QueryModeBody | null;
  /** The chosen mode's estimated events over the horizon (as `estimateEvents` gives), or null. */
  readonly events: number | null;
  /** Change kinds the table has that the chosen mode is not shown to capture. */
  readonly misses: readonly ChangeKind[];
  /** How many `warning` findings the chosen mode has for the table. */
  readonly warnings: number;
}

const NO_CHOICE: ModeChoice = Object.freeze({
  chosen: null,
  body: null,
  events: null,
  misses: [],
  warnings: 0,
});

/**
 * The choice of {@link recommend} (same mode, body and events) with no findings, estimates or
 * sentences built at all: the cheapest way to run the advisor over many tables, such as the
 * CLI's `recommend --ndjson`. Pure, deterministic, never throws.
 */
export function chooseMode(traits: TableTraits, options: RecommendOptions = {}): ModeChoice {
  const facts = readFacts(traits, options.replicationFrequencyMinutes);
  const best = evaluateAll(facts, options, hoursOf(options), false)[0];
  if (best === undefined || !best.eligible) return NO_CHOICE;
  return {
    chosen: best.mode,
    body: bodyOf(best),
    events: best.events,
    misses: best.misses,
    warnings: best.warnings,
  };
}
