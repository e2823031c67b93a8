/**
 * The zod schema of `querymode plan --json`.
 *
 * @module
 */
import { z } from 'zod';
import { eventsEstimateSchema, findingSchema } from './advice-schemas.js';
import { body, candidateStatus, count, kind, mode } from './fields.js';

/** `querymode plan --json`. */
export const planOutputSchema = z.strictObject({
  from: mode,
  to: mode,
  newObject: z.boolean(),
  allowed: z.literal('not_shown'),
  gained: z.array(kind),
  lost: z.array(kind),
  uncertain: z.array(kind),
  body,
  status: candidateStatus,
  recommendable: z.boolean(),
  findings: z.array(findingSchema),
  events: z.strictObject({
    current: eventsEstimateSchema,
    next: eventsEstimateSchema,
    difference: z.int().nullable(),
    reingested: z.strictObject({ events: count.nullable(), billed: z.literal(false) }).nullable(),
  }),
  restartsIngestion: z.union([z.boolean(), z.literal('not_documented')]),
  notes: z.array(z.string()),
});
