/**
 * `recommend`, `recommendSummary` and `chooseMode`: a query mode for a table, from one
 * evaluation of every mode (`advise.ts`), with as much detail as each caller needs.
 *
 * @module
 */
import type { QueryModeBody } from '../../catalogue/body-types.js';
import type { QueryMode } from '../../catalogue/modes.js';
import type { ChangeKind } from '../../catalogue/types.js';
import type { Result } from '../../issues/types.js';
import { neverThrows } from '../../issues/unreadable.js';
import type { EventsEstimate } from '../estimate/describe.js';
import { Collector, Tally } from '../evaluate/sink.js';
import { kindsIn } from '../facts/kind-set.js';
import type { TableTraits } from '../traits/model.js';
import { advise, adviseVerdict, type RecommendationStatus, rankAdvice, type Verdict } from './advise.js';
import { bodyOf, type Candidate, candidateOf, eventsOf } from './candidates.js';
import type { AdvisorOptions, RecommendOptions } from './options.js';
import { reasonsOf } from './reasons.js';
import { type WithinReachAdvice, withinReach } from './within-reach.js';

/** The result of {@link recommend}. */
export interface Recommendation {
  /** `recommended`, `needs_facts` (facts to establish first) or `none` (changes needed). */
  readonly status: RecommendationStatus;
  /** The recommended mode; null unless `status` is `recommended`. */
  readonly chosen: QueryMode | null;
  /** The recommended mode's body, ready to send; null with `chosen`. */
  readonly body: QueryModeBody | null;
  /** The best candidate, whatever the status (under `needs_facts` or `none`, not a recommendation). */
  readonly best: QueryMode | null;
  /** Why, in sentences, the verdict first. */
  readonly reasons: readonly string[];
  /** Every mode, best first. */
  readonly candidates: readonly Candidate[];
  /** The modes that would bill fewer events than the best candidate, blocked only by facts not known or remedies. */
  readonly withinReach: WithinReachAdvice;
}

/** The result of {@link recommendSummary}: the verdict of {@link recommend} without the candidates. */
export interface RecommendationSummary {
  readonly status: RecommendationStatus;
  readonly chosen: QueryMode | null;
  readonly body: QueryModeBody | null;
  readonly best: QueryMode | null;
  /** The best candidate's events estimate. */
  readonly events: EventsEstimate | null;
  /** The same sentences as {@link recommend}'s. */
  readonly reasons: readonly string[];
}

/** The verdict of {@link recommend} as data only, for bulk runs: see {@link chooseMode}. */
export interface ModeChoice {
  readonly status: RecommendationStatus;
  readonly chosen: QueryMode | null;
  readonly body: QueryModeBody | null;
  readonly best: QueryMode | null;
  /** The recommended mode's billed events over the span, or null (unknown, or nothing recommended). */
  readonly events: number | null;
  /** Kinds of change the table has that the recommended mode is known to miss (the caller accepted them). */
  readonly misses: readonly ChangeKind[];
  /** How many advice rules the recommended mode is known to fail. */
  readonly warnings: number;
}

/**
 * Recommends a query mode for a table. Every mode is a candidate: its status by the strength of
 * its rules (`eligible`, `needs_facts`, `ineligible`), its capture of each kind of change the table
 * has, its billed events, its findings, the facts to establish and what would unlock it, and a body
 * filled from the table. Candidates are ranked by `RANKING_POLICY`. `status` says whether the best
 * candidate is recommended, needs facts first, or needs changes (`none`); only a recommended mode
 * is `chosen`.
 *
 * Errors are data: invalid traits or options give `ok: false` with issues. Pure, deterministic,
 * never throws.
 *
 * @example
 * const r = recommend({ rows: 12_000_000, columns: [...], changes: { inserts: 'yes', updates: 'yes' } });
 * if (r.ok && r.value.status === 'recommended') send(r.value.body);
 */
export function recommend(traits: TableTraits, options?: RecommendOptions): Result<Recommendation> {
  return recommendWith(traits, options);
}

/** {@link recommend} with options given, or prepared once for many tables (`PreparedOptions`). Never throws. */
export function recommendWith(
  traits: TableTraits,
  options: AdvisorOptions | undefined,
): Result<Recommendation> {
  return neverThrows(recommendOf, [traits, options]);
}

function recommendOf(traits: unknown, options: AdvisorOptions | undefined): Result<Recommendation> {
  const advice = advise(traits, options, () => new Collector());
  if (!advice.ok) return advice;
  const ranked = rankAdvice(advice.value);
  const { facts, options: o, status } = ranked;
  const candidates = ranked.ranked.map((r, i) => candidateOf(r, i + 1, facts, o));
  const best = candidates[0];
  const chosen = status === 'recommended' ? best : undefined;
  return {
    ok: true,
    value: {
      status,
      chosen: chosen?.mode ?? null,
      body: chosen?.body ?? null,
      best: best?.mode ?? null,
      reasons: reasonsOf(ranked, best?.events ?? null),
      candidates,
      withinReach: withinReach(candidates),
    },
  };
}

/**
 * The verdict of {@link recommend} (same status, mode, body and reasons) without the candidates'
 * findings and words, which it never builds. Never throws.
 */
export function recommendSummary(
  traits: TableTraits,
  options?: RecommendOptions,
): Result<RecommendationSummary> {
  return recommendSummaryValue(traits, options);
}

/**
 * {@link recommendSummary} of a value not yet known to be traits, such as a parsed line of
 * `recommend --ndjson` (the advisor validates its input either way), with options given or
 * prepared once for many tables (`PreparedOptions`). Never throws.
 */
export function recommendSummaryValue(
  traits: unknown,
  options?: AdvisorOptions,
): Result<RecommendationSummary> {
  return neverThrows(summaryOf, [traits, options]);
}

function summaryOf(traits: unknown, options: AdvisorOptions | undefined): Result<RecommendationSummary> {
  const advice = advise(traits, options, () => new Tally());
  if (!advice.ok) return advice;
  const ranked = rankAdvice(advice.value);
  const { facts, options: o, best, status } = ranked;
  const events = best === undefined ? null : eventsOf(best, facts, o);
  const recommended = status === 'recommended' && best !== undefined;
  // Written out, not spread from a shared helper: the spread made chooseMode 2.1x (pnpm bench advisor).
  return {
    ok: true,
    value: {
      status,
      chosen: recommended ? (best.checks.mode.id as QueryMode) : null,
      body: recommended ? bodyOf(best) : null,
      best: (best?.checks.mode.id as QueryMode | undefined) ?? null,
      events,
      reasons: reasonsOf(ranked, events),
    },
  };
}

/**
 * The verdict of {@link recommend} (same status, mode, body and events) with no findings,
 * estimates in words or sentences built at all: the cheapest way to run the advisor over many
 * tables, such as the CLI's `recommend --ndjson`. Never throws.
 */
export function chooseMode(traits: TableTraits, options?: RecommendOptions): Result<ModeChoice> {
  return chooseModeValue(traits, options);
}

/**
 * {@link chooseMode} of a value not yet known to be traits, with options given or prepared once
 * for many tables (see {@link recommendSummaryValue}). Never throws.
 */
export function chooseModeValue(traits: unknown, options?: AdvisorOptions): Result<ModeChoice> {
  return neverThrows(choiceOf, [traits, options]);
}

function choiceOf(traits: unknown, options: AdvisorOptions | undefined): Result<ModeChoice> {
  const advice = adviseVerdict(traits, options);
  return advice.ok ? { ok: true, value: choiceOfVerdict(advice.value) } : advice;
}

/** The {@link ModeChoice} of a verdict (`adviseVerdict`'s, or `rankAdvice`'s: the same). */
export function choiceOfVerdict({ best, status }: Verdict): ModeChoice {
  const recommended = status === 'recommended' && best !== undefined;
  return {
    status,
    chosen: recommended ? (best.checks.mode.id as QueryMode) : null,
    body: recommended ? bodyOf(best) : null,
    best: (best?.checks.mode.id as QueryMode | undefined) ?? null,
    events: recommended ? best.countEvents().billed : null,
    misses: recommended ? kindsIn(best.capture.knownMisses) : [],
    warnings: recommended ? best.warnings : 0,
  };
}
