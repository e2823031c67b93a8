/**
 * The ranking policy of `recommend`, as data: criteria compared in order, each a number where
 * lower is better. `docs/recommend.md` is rendered from this list.
 *
 * @module
 */
import type { Evaluation } from '../evaluate/candidate.js';
import { sizeOf } from '../facts/kind-set.js';

/**
 * What the criteria read of a mode for a table: its evaluation's outcome (`Contender`, `rank.ts`),
 * or the lowest outcome its evaluation could have (`Floor`, `floor.ts`). Events are counted when
 * first asked for: most tables are decided before the `events` criterion.
 */
export interface Standing
  extends Pick<Evaluation, 'checks' | 'status' | 'recommendable' | 'capture' | 'warnings' | 'open'> {
  /** Whether the source cannot run the mode at all (a check that rules it out failed: `rulesOutMode`). */
  readonly ruledOut: boolean;
  /** The billed events over the span, or null when not known (counted now if they were not). */
  billed(): number | null;
  /**
   * For a mode that reads only changes and whose events are not known: the billed events of a
   * whole-table read over the same span, which it is taken to stay below under the `break_even`
   * policy (see the `events` criterion); null otherwise.
   */
  billedBelow(): number | null;
}

/** One criterion of the ranking. */
export interface RankingCriterion {
  /** A stable id. */
  readonly id:
    | 'recommendable'
    | 'known_misses'
    | 'not_described'
    | 'possible_misses'
    | 'events'
    | 'robustness'
    | 'open_facts'
    | 'catalogue_order';
  /** The rule, in words, for docs. */
  readonly text: string;
  /** What being ahead on this criterion means, for reasons (`bills fewer events`). */
  readonly ahead: string;
  /** The key: lower ranks first. */
  readonly key: (s: Standing) => number;
}

/** The key of `recommendable`. */
const recommendableKey = (s: Standing): number =>
  s.recommendable ? 0 : s.status === 'needs_facts' && s.capture.blocking === 0 ? 1 : s.ruledOut ? 3 : 2;

/** The key of `known_misses`. */
const knownMissesKey = (s: Standing): number => sizeOf(s.capture.knownMisses);

/** The key of `not_described`. */
const notDescribedKey = (s: Standing): number => sizeOf(s.capture.notDescribed);

/** The key of `possible_misses`. */
const possibleMissesKey = (s: Standing): number => sizeOf(s.capture.possibleMisses);

/** The key of `events`: the bound only for events not known (10-15% of ranking: docs/benchmarks.md, speed history). */
const eventsKey = (s: Standing): number => {
  const billed = s.billed();
  if (billed !== null) return billed;
  const below = s.billedBelow();
  return below === null ? Number.POSITIVE_INFINITY : below - 0.5;
};

/** The key of `robustness`. */
const robustnessKey = (s: Standing): number => s.warnings;

/** The key of `open_facts`. */
const openFactsKey = (s: Standing): number => s.open;

/** The key of `catalogue_order`. */
const catalogueOrderKey = (s: Standing): number => s.checks.index;

/** The ranking criteria, compared in this order. */
export const RANKING_POLICY: readonly RankingCriterion[] = [
  {
    id: 'recommendable',
    text: 'Recommendable candidates first: eligible (every hard rule known to hold) and not known to miss a kind of change the table has that the caller requires (inserts and updates by default; --must-capture). Then candidates that would be recommendable once facts are established (`needs_facts`, no known miss of a required kind). Then the rest, and last the modes the source cannot run at all (its kind lacks what the mode uses, such as the change-tracking feature of `change_tracking`, or the caller says the source does not support the mode), so that the closest candidate is one the source can run.',
    ahead: 'is recommendable',
    key: recommendableKey,
  },
  {
    id: 'known_misses',
    text: "Fewest kinds of change the table has (`yes`) that the mode is known to miss: the service's table of what each mode captures says `no`, a documented fact says so (deletes in table and custom SQL pipelines), or a capture condition of its column fails.",
    ahead: 'is known to miss fewer kinds of change',
    key: knownMissesKey,
  },
  {
    id: 'not_described',
    text: "Fewest kinds of change the table has whose capture by the mode the service's documentation does not describe (`change_tracking`): a mode shown to capture everything ranks first.",
    ahead: 'is shown to capture more of the changes',
    key: notDescribedKey,
  },
  {
    id: 'possible_misses',
    text: 'Fewest kinds of change the table has or may have that the mode may miss, apart from its known misses: a kind not known (`unknown`) that it misses, a kind whose capture condition is not known (so that no mode ranks ahead for a fact that is not known), deletes the table has or may have when the pipeline mode is not known.',
    ahead: 'may miss fewer kinds of change',
    key: possibleMissesKey,
  },
  {
    id: 'events',
    text: "Fewest billed events over the span (the events model, `estimateEvents`). When a mode that reads only changes cannot be estimated (its change rates are unknown) and a whole-table read (`full_load`) can, and bills more than 0 events, the default policy (`unknownEvents: 'break_even'`) ranks the changes-reading mode just below the whole-table estimate, provided it has no more advice failures than the whole-table read and captures every kind of change the whole-table read captures that the table may have: it bills fewer events as long as the table changes fewer rows a day than the whole-table read loads, and the reasons state that break-even. With `unknownEvents: 'last'`, and for every other estimate that cannot be made, it ranks after every estimate that can.",
    ahead: 'bills fewer events',
    key: eventsKey,
  },
  {
    id: 'robustness',
    text: 'Most robust: fewest advice rules known to fail (a column the database does not maintain, a type that is not a typical fit).',
    ahead: 'fails fewer advice rules',
    key: robustnessKey,
  },
  {
    id: 'open_facts',
    text: 'Fewest facts not known.',
    ahead: 'has fewer facts not known',
    key: openFactsKey,
  },
  {
    id: 'catalogue_order',
    text: "Catalogue order (the order of the service's documentation), so that the ranking is total and deterministic.",
    ahead: 'is earlier in the catalogue',
    key: catalogueOrderKey,
  },
];

/** The order of two keys: negative when `x` ranks first, positive after, 0 on a tie. */
const order = (x: number, y: number): number => (x === y ? 0 : x < y ? -1 : 1);

/**
 * The one comparison of the ranking: negative when `a` ranks before `b`, positive after, 0 on a
 * tie; each criterion's key is read only when the ones before it tie. The criteria of
 * `RANKING_POLICY` in its order, by name, so that each key is inlined: parse + chooseMode 0.91x
 * of a loop over the list (pnpm bench advisor); `ranking.test.ts` holds the two orders equal.
 */
export function compare(a: Standing, b: Standing): number {
  return (
    order(recommendableKey(a), recommendableKey(b)) ||
    order(knownMissesKey(a), knownMissesKey(b)) ||
    order(notDescribedKey(a), notDescribedKey(b)) ||
    order(possibleMissesKey(a), possibleMissesKey(b)) ||
    order(eventsKey(a), eventsKey(b)) ||
    order(robustnessKey(a), robustnessKey(b)) ||
    order(openFactsKey(a), openFactsKey(b)) ||
    order(catalogueOrderKey(a), catalogueOrderKey(b))
  );
}

/** The first criterion on which `a` and `b` differ, or undefined when they tie (for reasons). */
export function decidingCriterion(a: Standing, b: Standing): RankingCriterion | undefined {
  return RANKING_POLICY.find((criterion) => criterion.key(a) !== criterion.key(b));
}
