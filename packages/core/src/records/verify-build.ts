/**
 * `verifyRecord`: the record of `querymode verify` for one table (its schema: `verify.ts`), built
 * from core's verification. Apart from the schema so that `verify` builds its records without
 * loading zod (`pnpm bench verify`).
 *
 * @module
 */
import type { TableVerification, VerifyFinding } from '../advisor/verify/verify-table.js';
import type { VerifyRecord } from './verify.js';

/** One finding of a verify record: core's finding, with its fact before and after under `change`. */
function findingRecord(f: VerifyFinding): VerifyRecord['findings'][number] {
  const { change, fact, questions, path, ...rest } = f;
  return {
    ...rest,
    path: [...path],
    ...(fact === undefined ? {} : { fact: [...fact] }),
    ...(questions === undefined ? {} : { questions: questions.map((q) => ({ ...q, path: [...q.path] })) }),
    ...(change === undefined
      ? {}
      : { change: { path: [...change.path], before: change.before, after: change.after } }),
  };
}

/** The record of one table's verification. */
export function verifyRecord(v: TableVerification): VerifyRecord {
  return {
    table: v.table,
    verdict: v.verdict,
    line: v.line,
    mode: v.planned?.config.mode ?? null,
    body: v.planned as VerifyRecord['body'],
    findings: v.findings.map(findingRecord),
    recommendation: v.recommendation as VerifyRecord['recommendation'],
    planned_events: v.plannedEvents,
    declared: [...v.declared],
  };
}
