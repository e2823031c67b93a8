/**
 * The record of `querymode verify` for one table (`--ndjson` writes one per line, `--json` a
 * list of them): the verdict, the planned mode and body, what broke or is not known (each with
 * its rule, its fact before and after, the remedy and the queries that answer it), and for a new
 * or better table the fresh recommendation. The CLI's `verifyRecord` builds it
 * from core's verification.
 *
 * @module
 */
import { z } from 'zod';
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
