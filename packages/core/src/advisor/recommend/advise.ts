/**
 * The one evaluation behind `recommend`, `recommendSummary` and `chooseMode`: the traits and
 * options checked, the table's facts read once, every mode evaluated; then the verdict (the
 * first-ranked mode and the status of the recommendation), with every mode ranked for callers
 * that show more than the verdict (`rankAdvice`). `chooseMode`, which
 * shows the verdict alone, evaluates only the modes that could change it (`adviseVerdict`).
 *
 * @module
 */
import type { Issue, Result } from '../../issues/types.js';
import { type Evaluation, evaluateFilled } from '../evaluate/candidate.js';
import { Collector, Tally } from '../evaluate/sink.js';
import type { Filling } from '../facts/filling.js';
import type { TableFacts } from '../facts/table-facts.js';
import { readValidFacts } from '../facts/valid-facts.js';
import { LazyRanking } from '../ranking/first-lazily.js';
import { type Ranked, rank } from '../ranking/rank.js';
import { MODE_CHECKS } from '../rules/mode-checks.js';
import { type ResolvedOptions, readOptionsOnce } from './options.js';

/**
 * The status of a recommendation: `recommended` (the best candidate is recommendable),
 * `needs_facts` (none is, but at least one would be once facts are established) or `none` (none
 * would be, even with more facts).
 */
export const RECOMMENDATION_STATUSES = ['recommended', 'needs_facts', 'none'] as const;

/** One of {@link RECOMMENDATION_STATUSES}. */
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

/** Every mode evaluated for one table. */
export interface Advice {
  readonly facts: TableFacts;
  readonly options: ResolvedOptions;
  /** Every mode, in catalogue order. */
  readonly evaluations: readonly Evaluation[];
}

/** The verdict of the advice: the first-ranked mode, and the status it gives. */
export interface Verdict {
  /** The first-ranked mode. */
  readonly best: Evaluation | undefined;
  readonly status: RecommendationStatus;
}

/** The advice with every mode ranked, and its verdict. */
export interface RankedAdvice extends Advice, Verdict {
  /** Best first. */
  readonly ranked: readonly Ranked[];
}

/** Whether a candidate would be recommendable once its unknown facts are established. */
export function awaitsFacts(e: Evaluation): boolean {
  return e.status === 'needs_facts' && e.capture.blocking === 0;
}

/** The facts and options (given, or prepared: `PreparedOptions`) of valid traits and options, or every issue of both. */
function readInput(
  traits: unknown,
  options: unknown,
): Result<{ readonly facts: TableFacts; readonly options: ResolvedOptions }> {
  const read = readOptionsOnce(options);
  const valid = readValidFacts(traits, read.ok ? read.value.replicationFrequencyMinutes : undefined);
  if (!valid.ok || !read.ok) {
    const issues: Issue[] = [...(valid.ok ? [] : valid.issues), ...(read.ok ? [] : read.issues)];
    return { ok: false, issues };
  }
  return { ok: true, value: { facts: valid.value, options: read.value } };
}

/**
 * Checks the input, reads the facts and evaluates every mode, each mode's checks reporting to a
 * new sink: a `Tally` for the verdict alone, a `Collector` for the words of every candidate.
 */
export function advise(traits: unknown, options: unknown, newSink: () => Tally): Result<Advice> {
  const input = readInput(traits, options);
  if (!input.ok) return input;
  const { facts, options: o } = input.value;
  const evaluations = MODE_CHECKS.map((checks) => evaluateFilled(checks, input.value, newSink()));
  // An events estimate too large to count leaves the verdict standing, without a number.
  return { ok: true, value: { facts, options: o, evaluations } };
}

/**
 * The verdict of `rankAdvice(advise(...))` with each mode evaluated only when it could rank first
 * or change the status (`LazyRanking`): 2.2 evaluations a table instead of 6, 10-12% of chooseMode
 * (pnpm bench advisor).
 */
export function adviseVerdict(traits: unknown, options: unknown): Result<Verdict> {
  const input = readInput(traits, options);
  if (!input.ok) return input;
  // Not `adviseLazily`: its advice object, made and thrown away a table (docs/benchmarks.md, speed history).
  return { ok: true, value: lazyVerdict(lazyRanking(input.value, newTally)) };
}

/** The verdict of `adviseVerdict`, with the ranking that gave it (to evaluate more of its modes). */
export interface LazyAdvice {
  readonly facts: TableFacts;
  readonly options: ResolvedOptions;
  readonly lazy: LazyRanking;
  readonly verdict: Verdict;
}

const newTally = (): Tally => new Tally();
const newCollector = (): Tally => new Collector();

/**
 * `adviseVerdict`, and the lazy ranking whose evaluations gave it; with `described`, each mode's
 * outcomes kept for words (a `Collector`), so that describing a mode evaluated here (`described`)
 * runs it no second time; with `recipesOnly`, facts whose questions keep their queries' recipes
 * alone (`TableFacts.recipesOnly`).
 */
export function adviseLazily(
  traits: unknown,
  options: unknown,
  described = false,
  recipesOnly = false,
): Result<LazyAdvice> {
  const input = readInput(traits, options);
  if (!input.ok) return input;
  const { facts, options: o } = input.value;
  // Set on the facts just made, before any mode reads them: a copy of them cost more than the text it saved.
  if (recipesOnly) (facts as Filling<TableFacts>).recipesOnly = true;
  const lazy = lazyRanking(input.value, described ? newCollector : newTally);
  return { ok: true, value: { facts, options: o, lazy, verdict: lazyVerdict(lazy) } };
}

/** The lazy ranking of every mode for the facts and options, each mode's checks reporting to a new sink. */
function lazyRanking(
  input: { readonly facts: TableFacts; readonly options: ResolvedOptions },
  newSink: () => Tally,
): LazyRanking {
  return new LazyRanking(MODE_CHECKS, input.facts, input.options, input.options.unknownEvents, newSink);
}

/** The verdict of the lazy ranking's first: a mode left unevaluated changes no status (see `LazyRanking`). */
function lazyVerdict(lazy: LazyRanking): Verdict {
  const best = lazy.first();
  // A recommendable best gives the status alone: no list of the evaluations made.
  return best?.recommendable ? { best, status: 'recommended' } : verdictOf(best, lazy.evaluated());
}

function verdictOf(best: Evaluation | undefined, evaluations: readonly Evaluation[]): Verdict {
  const status: RecommendationStatus = best?.recommendable
    ? 'recommended'
    : evaluations.some(awaitsFacts)
      ? 'needs_facts'
      : 'none';
  return { best, status };
}

/** The advice with every mode ranked, best first, and its verdict. */
export function rankAdvice(advice: Advice): RankedAdvice {
  const { facts, options, evaluations } = advice;
  const ranked = rank(evaluations, options.unknownEvents);
  const { best, status } = verdictOf(ranked[0]?.evaluation, evaluations);
  return { facts, options, evaluations, best, status, ranked };
}
