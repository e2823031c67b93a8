/**
 * The ranking policy of `recommend`, as data: criteria compared in order, each a number where
 * lower is better. `docs/recommend.md` is rendered from this list.
 *
 * @module
 */
import type { Evaluation } from '../evaluate/candidate.js';
import { sizeOf } from '../facts/kind-set.js';

/** An evaluation with what ranking adds: the break-even bound of its events. */
export interface Ranked {
  readonly evaluation: Evaluation;
  /**
   * For a mode that reads only changes and whose events are not known: the billed events of a
   * whole-table read over the same span, which it is taken to stay below under the `break_even`
   * policy (see the `events` criterion); null otherwise.
   */
  readonly billedBelow: number | null;
  /** The key of each criterion of {@link RANKING_POLICY}, in order. */
  readonly keys: readonly number[];
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
  readonly key: (r: Omit<Ranked, 'keys'>) => number;
}

/** The ranking criteria, compared in this order. */
export const RANKING_POLICY: readonly RankingCriterion[] = [
  {
    id: 'recommendable',
    text: 'Recommendable candidates first: eligible (every hard rule known to hold) and not known to miss a kind of change the table has that the caller requires (inserts and updates by default; --must-capture). Then candidates that would be recommendable once facts are established (`needs_facts`, no known miss of a required kind). Then the rest.',
    ahead: 'is recommendable',
    key: ({ evaluation: e }) =>
      e.recommendable ? 0 : e.status === 'needs_facts' && e.capture.blocking === 0 ? 1 : 2,
  },
  {
    id: 'known_misses',
    text: "Fewest kinds of change the table has (`yes`) that the mode is known to miss: the service's table of what each mode captures says `no`, a documented fact says so (deletes in table and custom SQL pipelines), or a capture condition of its column fails.",
    ahead: 'is known to miss fewer kinds of change',
    key: ({ evaluation: e }) => sizeOf(e.capture.knownMisses),
  },
  {
    id: 'not_described',
    text: "Fewest kinds of change the table has whose capture by the mode the service's documentation does not describe (`change_tracking`): a mode shown to capture everything ranks first.",
    ahead: 'is shown to capture more of the changes',
    key: ({ evaluation: e }) => sizeOf(e.capture.notDescribed),
  },
  {
    id: 'possible_misses',
    text: 'Fewest kinds of change the table has or may have that the mode may miss, apart from its known misses: a kind not known (`unknown`) that it misses, a kind whose capture condition is not known (so that no mode ranks ahead for a fact that is not known), deletes the table has or may have when the pipeline mode is not known.',
    ahead: 'may miss fewer kinds of change',
    key: ({ evaluation: e }) => sizeOf(e.capture.possibleMisses),
  },
  {
    id: 'events',
    text: "Fewest billed events over the span (the events model, `estimateEvents`). When a mode that reads only changes cannot be estimated (its change rates are unknown) and a whole-table read (`full_load`) can, the default policy (`unknownEvents: 'break_even'`) ranks the changes-reading mode just below the whole-table estimate, provided it has no more advice failures than the whole-table read and captures every kind of change the whole-table read captures that the table may have: it bills fewer events as long as the table changes fewer rows a day than the whole-table read loads, and the reasons state that break-even. With `unknownEvents: 'last'`, and for every other estimate that cannot be made, it ranks after every estimate that can.",
    ahead: 'bills fewer events',
    // The break-even bound is read only for events not known (working it out finds the
    // whole-table read, which `LazyRanking` may have to evaluate). Measured (CPU time, side by
    // side, advisor bench tables, `LazyRanking.first` alone): 10-15% (60-110 ns) less per table
    // than reading it for every key; the whole-table read is sought for 0.19 tables in 1, not 0.90.
    key: (r) => {
      const billed = r.evaluation.events.billed;
      if (billed !== null) return billed;
      const below = r.billedBelow;
      return below === null ? Number.POSITIVE_INFINITY : below - 0.5;
    },
  },
  {
    id: 'robustness',
    text: 'Most robust: fewest advice rules known to fail (a column the database does not maintain, a type that is not a typical fit).',
    ahead: 'fails fewer advice rules',
    key: ({ evaluation: e }) => e.warnings,
  },
  {
    id: 'open_facts',
    text: 'Fewest facts not known.',
    ahead: 'has fewer facts not known',
    key: ({ evaluation: e }) => e.open,
  },
  {
    id: 'catalogue_order',
    text: "Catalogue order (the order of the service's documentation), so that the ranking is total and deterministic.",
    ahead: 'is earlier in the catalogue',
    key: ({ evaluation: e }) => e.checks.index,
  },
];

/** Compares two ranked candidates: the first criterion that differs decides. */
export function compareRanked(a: Ranked, b: Ranked): number {
  for (let i = 0; i < a.keys.length; i++) {
    const x = a.keys[i] as number;
    const y = b.keys[i] as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The first criterion on which `a` is ahead of `b`, or undefined when they tie. */
export function decidingCriterion(a: Ranked, b: Ranked): RankingCriterion | undefined {
  return RANKING_POLICY.find((_, i) => a.keys[i] !== b.keys[i]);
}
