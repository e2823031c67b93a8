/**
 * The verify view of the page: the records of `querymode verify --ndjson`, counted by verdict and
 * ordered so that what a migration broke comes first (broken, unverified, then new, gone, better,
 * holds; input order within a verdict). Pure.
 *
 * @module
 */
import { VERDICTS, type VerifyRecord, type VerifyVerdict } from '@querymode/core';

/** The verdicts, in the order the page shows them: what needs a reviewer first (core's order). */
export const VERIFY_ORDER = VERDICTS;

export type { VerifyVerdict };

/** A fresh recommendation of a `new` or `better` table, as the record carries it. */
export interface VerifyRowRecommendation {
  /** `recommended`, `needs_facts` or `none`. */
  readonly status: string;
  readonly mode: string | null;
  /** Its body's config as compact JSON; null when no mode is recommended. */
  readonly config: string | null;
  /** Its billed events over the span; null when not known. */
  readonly events: number | null;
}

/** One table of the verify view: its verdict beside its plan, and its first finding. */
export interface VerifyRow {
  /** The line of the input. */
  readonly n: number;
  readonly table: string;
  readonly verdict: VerifyVerdict;
  /** The planned mode; null when the plan has none for the table. */
  readonly mode: string | null;
  /** The planned body's config as compact JSON (the mode and its fields); null with no body. */
  readonly config: string | null;
  /** For `new` and `better`: the fresh recommendation the record carries; null otherwise. */
  readonly recommendation: VerifyRowRecommendation | null;
  /** For `better`: the planned mode's billed events over the same span. */
  readonly plannedEvents: number | null;
  /** The first finding's message, remedy and fact before and after, when the record has them. */
  readonly message: string | null;
  readonly remedy: string | null;
  readonly change: { readonly path: string; readonly before: string; readonly after: string } | null;
  /** How many findings the record has. */
  readonly findings: number;
}

/** The verify view: the counts by verdict and the rows, broken and unverified first. */
export interface VerifyView {
  readonly counts: { readonly [V in VerifyVerdict]: number };
  readonly rows: readonly VerifyRow[];
}

/** One record as its row. */
export function verifyRow(record: VerifyRecord, n: number): VerifyRow {
  const first = record.findings[0];
  const change = first?.change;
  const fresh = record.recommendation;
  return {
    n,
    table: record.table,
    verdict: record.verdict,
    mode: record.mode,
    config: record.body === null ? null : JSON.stringify(record.body.config),
    recommendation:
      fresh === null
        ? null
        : {
            status: fresh.status,
            mode: fresh.mode,
            config: fresh.body === null ? null : JSON.stringify(fresh.body.config),
            events: fresh.events,
          },
    plannedEvents: record.planned_events,
    message: first?.message ?? null,
    remedy: first?.remedy ?? null,
    change:
      change === undefined
        ? null
        : {
            path: change.path.join('.'),
            before: JSON.stringify(change.before),
            after: JSON.stringify(change.after),
          },
    findings: record.findings.length,
  };
}

/** The view of the rows. */
export function verifyView(rows: readonly VerifyRow[]): VerifyView {
  const counts = Object.fromEntries(VERIFY_ORDER.map((v) => [v, 0])) as Record<VerifyVerdict, number>;
  for (const r of rows) counts[r.verdict]++;
  const rank = (v: VerifyVerdict) => VERIFY_ORDER.indexOf(v);
  return { counts, rows: [...rows].sort((a, b) => rank(a.verdict) - rank(b.verdict) || a.n - b.n) };
}
