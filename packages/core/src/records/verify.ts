/**
 * The record of `querymode verify` for one table (`--ndjson` writes one per line, `--json` a
 * list of them): the verdict, the planned mode and body, what broke or is not known (each with
 * its rule, its fact before and after, the remedy and the queries that answer it), and for a new
 * or better table the fresh recommendation. `verifyRecord` builds it from core's verification.
 *
 * @module
 */
import type { TableVerification, VerifyFinding } from '../advisor/verify/verify-table.js';

/** One finding of a verify record: core's finding, with its fact before and after under `change`. */
function findingRecord(f: VerifyFinding) {
  const { change, ...finding } = f;
  return change === undefined
    ? finding
    : { ...finding, change: { path: [...change.path], before: change.before, after: change.after } };
}

/** The record of one table's verification. */
export function verifyRecord(v: TableVerification) {
  return {
    table: v.table,
    verdict: v.verdict,
    line: v.line,
    mode: v.planned?.config.mode ?? null,
    body: v.planned,
    findings: v.findings.map(findingRecord),
    recommendation: v.recommendation,
    planned_events: v.plannedEvents,
    declared: [...v.declared],
  };
}

/** A record of `querymode verify --ndjson`. */
export type VerifyRecord = ReturnType<typeof verifyRecord>;
