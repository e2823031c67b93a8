/**
 * `verifyRecord`: the record of `querymode verify` for one table, built from core's verification;
 * its schema, the one definition of the record, is core's `verifyRecordSchema`
 * (`@querymode/core/schemas`, which the output-schemas test holds verify's output to). Here, apart
 * from the schema, so that `verify` builds its records without loading zod: compiling zod and
 * building its schemas took 60 ms of verify's 1.1 s of CPU on 10,000 tables (`pnpm bench verify`).
 *
 * @module
 */
import type { TableVerification, VerifyFinding, VerifyRecord } from '@querymode/core';

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
