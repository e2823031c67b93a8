/**
 * The zod schema of `querymode inspect --json` (each line of `inspect --ndjson` is a
 * `TableTraits`: `tableTraitsSchema`).
 *
 * @module
 */
import { z } from 'zod';
import { tableTraitsSchema } from '../schemas/traits.js';

/** `querymode inspect --json`. */
export const inspectOutputSchema = z.strictObject({
  database: z.string(),
  server: z.string(),
  tables: z.array(tableTraitsSchema),
});
