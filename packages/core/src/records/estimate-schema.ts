/**
 * The zod schema of `querymode estimate --json`.
 *
 * @module
 */
import { z } from 'zod';
import { tableTraitsSchema } from '../schemas/traits.js';
import { eventsFields, withinReachSchema } from './advice-schemas.js';
import { ESTIMATE_STATUSES } from './estimate-record.js';
import { factOriginsFields, mode } from './fields.js';

/** `querymode estimate --json`: the record, and where its traits' facts came from (`EstimateOutput`). */
export const estimateOutputSchema = z.strictObject({
  status: z.enum(ESTIMATE_STATUSES),
  horizon_hours: z.number().min(0),
  notes: z.array(z.string()),
  traits: tableTraitsSchema,
  estimates: z.array(z.strictObject(eventsFields)),
  /** The modes listed that cannot be the answer whatever they bill: hard rules known to fail, or columns not known. */
  ruled_out: z.array(z.strictObject({ mode, fails: z.array(z.string()), columns_unknown: z.boolean() })),
  /** The cheaper modes within reach of recommend's answer, as `recommend --json` gives them. */
  withinReach: withinReachSchema,
  ...factOriginsFields,
});
