/**
 * The record of `querymode verify` for one table (`--ndjson` writes one per line, `--json` a
 * list of them): the verdict, the planned mode and body, what broke or is not known (each with
 * its rule, its fact before and after, the remedy and the queries that answer it), and for a new
 * or better table the fresh recommendation. `verifyRecord` builds it from core's verification.
 *
 * @module
 */
import { z } from 'zod';
import type { TableVerification, VerifyFinding } from '../advisor/verify/verify-table.js';
import { VERDICTS } from '../advisor/verify/verify-table.js';
import { findingSchema } from './advice-schemas.js';
import { body, count, mode, status } from './fields.js';

const factValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A finding of the planned mode, with the fact it rests on as the plan recorded it and as it is now. */
export const verifyFindingSchema = findingSchema.extend({
  change: z
    .strictObject({
      /** Where the fact is in the traits, columns by name: `["columns", "updated_at", "nullable"]`. */
      path: z.array(z.string()),
      /** Its value in the plan's traits; null when the plan did not record it. */
      before: factValue,
      /** Its value now; null when it is not known. */
      after: factValue,
    })
    .optional(),
});

/** A record of `querymode verify --ndjson`: one table's verdict. */
export const verifyRecordSchema = z.strictObject({
  table: z.string(),
  verdict: z.enum(VERDICTS),
  /** The plan's line of the table; null for a table the plan does not cover. */
  line: z.int().min(1).nullable(),
  /** The planned mode and body; null when the plan has none for the table. */
  mode: mode.nullable(),
  body,
  /** For `broken`, what fails; for `unverified`, what is not known. Empty otherwise. */
  findings: z.array(verifyFindingSchema),
  /** For `new` and `better`: the fresh recommendation. */
  recommendation: z
    .strictObject({ status, mode: mode.nullable(), body, events: count.nullable() })
    .nullable(),
  /** For `better`: the planned mode's billed events over the same span. */
  planned_events: count.nullable(),
  /** The facts kept from the plan because the database does not tell them (`changes.updates`). */
  declared: z.array(z.string()),
});

/** A record of `querymode verify --ndjson`. */
export type VerifyRecord = z.infer<typeof verifyRecordSchema>;

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
