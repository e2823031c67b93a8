/**
 * The detailed record of one table, as `recommend --ndjson --detail` writes it and `demo --report`
 * builds it: the verdict of the compact record, and the input's traits, the reasons and every
 * candidate exactly as `recommend --json` gives them. `querymode report` renders these records.
 *
 * @module
 */
import type { Candidate, QueryMode, QueryModeBody, Recommendation, TableTraits } from '@querymode/core';

/** A record of `recommend --ndjson --detail` for a line whose traits were read. */
export interface DetailRecord {
  readonly line: number;
  readonly ok: true;
  readonly status: Recommendation['status'];
  readonly table: string | null;
  readonly mode: QueryMode | null;
  readonly best: QueryMode | null;
  readonly body: QueryModeBody | null;
  /** The recommended mode's billed events over the span, as in the compact record; null without one. */
  readonly events: number | null;
  readonly reasons: readonly string[];
  readonly traits: TableTraits;
  readonly candidates: readonly Candidate[];
}

/** The detailed record of line `line`, whose `traits` gave `recommendation`. */
export function detailRecord(
  line: number,
  traits: TableTraits,
  recommendation: Recommendation,
): DetailRecord {
  const chosen = recommendation.chosen === null ? undefined : recommendation.candidates[0];
  return {
    line,
    ok: true,
    status: recommendation.status,
    table: typeof traits.table === 'string' ? traits.table : null,
    mode: recommendation.chosen,
    best: recommendation.best,
    body: recommendation.body,
    events: chosen?.events.billed ?? null,
    reasons: recommendation.reasons,
    traits,
    candidates: recommendation.candidates,
  };
}
