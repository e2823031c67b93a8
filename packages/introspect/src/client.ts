/**
 * The query interface every dialect reads its catalog through: a driver connection, PGlite, or
 * recorded catalog rows in tests. Parameters are positional (`$1` on PostgreSQL, `?` on MySQL,
 * `@p0` on SQL Server).
 *
 * @module
 */

/** One result row, keyed by column name. */
export type Row = Readonly<Record<string, unknown>>;

/** A connection that runs catalog queries. */
export interface CatalogClient {
  /** Runs one statement and returns its rows (none for a statement without a result). */
  query(sql: string, params?: readonly unknown[]): Promise<readonly Row[]>;
  /**
   * Runs one statement and hands each row to `onRow` as it arrives, keeping none (absent where the
   * rows come all at once: `eachRow` then reads them through `query`). A reader that keeps a
   * little of each of many rows lets the rest die young: kept until the statement ends, 30,000
   * tables' 150,000 column rows were 40 MB of heap that no collection ran on before the process ended.
   */
  each?(sql: string, params: readonly unknown[], onRow: (row: Row) => void): Promise<void>;
  /** Closes the connection; never fails. */
  close(): Promise<void>;
  /**
   * Opens a second connection to the same server as the same user, for statements that can run
   * beside this connection's (absent where there is no second connection: PGlite, recorded rows).
   */
  another?(): Promise<CatalogClient>;
}

/** Reads a value as a string ('' when absent). */
export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Reads a value as a number, or undefined (drivers return big integers as strings). */
export const num = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** Reads a value as a boolean (true, 't', 1, '1', 'YES', 'ON'). */
export const bool = (v: unknown): boolean =>
  v === true ||
  v === 1 ||
  (typeof v === 'string' && ['t', 'true', '1', 'yes', 'on'].includes(v.toLowerCase()));

/** Runs one statement through `client` and hands each row to `onRow`: as it arrives where the client can. */
export async function eachRow(
  client: CatalogClient,
  sql: string,
  params: readonly unknown[],
  onRow: (row: Row) => void,
): Promise<void> {
  if (client.each !== undefined) return client.each(sql, params, onRow);
  for (const row of await client.query(sql, params)) onRow(row);
}

/**
 * `onRow` for a driver's row events: a row after `onRow` threw is dropped, and `failed()` gives
 * that first error, for the driver to reject with once the statement ends.
 */
export function rowHandler(onRow: (row: Row) => void): { row: (row: Row) => void; failed: () => unknown } {
  let failed: unknown;
  return {
    row: (row) => {
      if (failed !== undefined) return;
      try {
        onRow(row);
      } catch (error) {
        failed = error;
      }
    },
    failed: () => failed,
  };
}
