/**
 * The output of `querymode inspect`: with `--ndjson` (the default) one `TableTraits` record per
 * table and line; with `--json` one document, the database, its server and the tables.
 * `inspectRecord` makes the document; its zod schema is `inspectOutputSchema`
 * (`inspect-schema.ts`), pinned to `InspectRecord` by the type test.
 *
 * @module
 */
import type { TableTraits } from '../advisor/traits/model.js';

/** `querymode inspect --json`. */
export interface InspectRecord {
  /** The database, as a URL without password. */
  readonly database: string;
  /** The server's product and version. */
  readonly server: string;
  /** One traits record per table, sorted by schema and name. */
  readonly tables: readonly TableTraits[];
}

/** The document of `inspect --json`. */
export function inspectRecord(
  database: string,
  server: string,
  tables: readonly TableTraits[],
): InspectRecord {
  return { database, server, tables };
}
