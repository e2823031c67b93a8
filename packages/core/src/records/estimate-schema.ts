/**
 * The zod schema of `querymode estimate --json`.
 *
 * @module
 */
import { z } from 'zod';
import { tableTraitsSchema } from '../schemas/traits.js';
import { eventsFields } from './advice-schemas.js';
import { ESTIMATE_STATUSES } from './estimate-record.js';

/** `querymode estimate --json`. */
export const estimateOutputSchema = z.strictObject({
  status: z.enum(ESTIMATE_STATUSES),
  horizon_hours: z.number().min(0),
  notes: z.array(z.string()),
  traits: tableTraitsSchema,
  estimates: z.array(z.strictObject(eventsFields)),
});
