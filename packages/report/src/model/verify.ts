/**
 * The verify view of the page: the records of `querymode verify --ndjson`, counted by verdict and
 * ordered so that what a migration broke comes first (broken, unverified, then new, gone, better,
 * holds; input order within a verdict). Pure.
 *
 * @module
 */
import { VERDICTS, type Verdict, type VerifyRecord } from '@querymode/core';

/** The verdicts, in the order the page shows them: what needs a reviewer first (core's order). */
export const VERIFY_ORDER = VERDICTS;

/** A verdict of `querymode verify`. */
export type VerifyVerdict = Verdict;

/** One table of the verify view: its verdict beside its plan, and its first finding. */
export interface VerifyRow {
  /** The line of the input. */
  readonly n: number;
  readonly table: string;
  readonly verdict: VerifyVerdict;
  /** The planned mode; null when the plan has none for the table. */
  readonly mode: string | null;
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
  return {
    n,
    table: record.table,
    verdict: record.verdict,
    mode: record.mode,
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
