/**
 * The ranking policy of `recommend`, as data: criteria compared in order, each a number where
 * lower is better. `docs/recommend.md` is rendered from this list.
 *
 * @module
 */
import type { QueryMode } from '../catalogue/modes.js';
import type { ChangeKind } from '../catalogue/types.js';

/** What a criterion reads of a candidate. */
export interface Rankable {
  readonly mode: QueryMode;
  /** The mode's position in the catalogue. */
  readonly index: number;
  /** A ready-to-send body and no `error` finding. */
  readonly eligible: boolean;
  /** Change kinds the table has that the mode is not shown to capture. */
  readonly misses: readonly ChangeKind[];
  /** How many of `misses` the spec's behaviour table says the mode does not capture (`no`, not "not described"). */
  readonly knownMisses: number;
  /** Estimated events over the horizon, or null when unknown. */
  readonly events: number | null;
  /**
   * For a mode that reads only changes and whose events are unknown (no change rates): the
   * events of a whole-table read over the same horizon, which it is taken to stay below under
   * the `break_even` policy (see the `events` criterion); null otherwise.
   */
  readonly eventsBelow: number | null;
  /** How many `warning` findings. */
  readonly warnings: number;
}

/** One criterion of the ranking. */
export interface RankingCriterion {
  /** A stable id. */
  readonly id: 'eligible' | 'known_misses' | 'misses' | 'events' | 'robustness' | 'catalogue_order';
  /** The rule, in words, for docs. */
  readonly text: string;
  /** What being ahead on this criterion means, for reasons (`fewer estimated events`). */
  readonly ahead: string;
  /** The key: lower ranks first. */
  readonly key: (c: Rankable) => number;
}

/** The ranking criteria, compared in this order. */
export const RANKING_POLICY: readonly RankingCriterion[] = [
  {
    id: 'eligible',
    text: "Eligible candidates first. A candidate is eligible when it has a ready-to-send body (every column it names was chosen from the table) and no `error` finding, including the caller's constraints (`supportedModes`, `mustCapture`).",
    ahead: 'eligible',
    key: (c) => (c.eligible ? 0 : 1),
  },
  {
    id: 'known_misses',
    text: "Fewest change kinds the mode is known to miss: the table has the kind (`yes`, or a rate above zero) and the spec's behaviour table says the mode does not capture it (`no`). A mode known to miss a change silently loses it, so it ranks after a mode whose capture of that kind is only not described (`change_tracking`).",
    ahead: 'is known to miss fewer kinds of change',
    key: (c) => c.knownMisses,
  },
  {
    id: 'misses',
    text: "Fewest missed change kinds. A mode misses a kind when the table has it (`yes`, or a rate above zero) and the spec's behaviour table does not say the mode captures it (`no` or not described). So a mode that misses a kind the table has never ranks above an eligible mode that captures every kind the table has.",
    ahead: 'misses fewer kinds of change',
    key: (c) => c.misses.length,
  },
  {
    id: 'events',
    text: "Fewest estimated events over the horizon (`estimateEvents`). When a mode that reads only changes cannot be estimated (its change rates are unknown) and a whole-table read (`full_load`) can, the default policy (`unknownEvents: 'break_even'`) ranks the changes-reading mode just below the whole-table estimate, provided it has no more `warning` findings than the whole-table read and captures every change kind the whole-table read captures that the table may have (a fact other than `no`), so a weaker fit never wins on an assumption: it ingests fewer events as long as the table changes fewer rows a day than `rows × 24 ÷ 6` (a whole re-read every six hours), and the reasons state that break-even so the caller can check it or give the rates. With `unknownEvents: 'last'`, and for every other estimate that cannot be made, it ranks after every estimate that can.",
    ahead: 'fewer estimated events',
    key: (c) => c.events ?? (c.eventsBelow === null ? Number.POSITIVE_INFINITY : c.eventsBelow - 0.5),
  },
  {
    id: 'robustness',
    text: 'Most robust: fewest `warning` findings. A warning is a rule the table breaks softly (a change kind not captured, a column the database does not maintain) or a fact the rules need that is unknown.',
    ahead: 'fewer warnings',
    key: (c) => c.warnings,
  },
  {
    id: 'catalogue_order',
    text: "Catalogue order (the order of the spec's tables), so that the ranking is total and deterministic.",
    ahead: 'earlier in the catalogue',
    key: (c) => c.index,
  },
];

/** Compares two key lists: the first criterion that differs decides. */
export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The first criterion on which `a` is ahead of `b`, or undefined when they tie. */
export function decidingCriterion(a: readonly number[], b: readonly number[]): RankingCriterion | undefined {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return RANKING_POLICY[i];
  return undefined;
}
