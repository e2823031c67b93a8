/**
 * Reading a catalog statement's rows one table at a time as they come: a statement ordered by
 * table hands each table's rows once the next table's start, so that a reader builds that table
 * while the server still sends the others.
 *
 * @module
 */
import { type CatalogClient, eachRow, type Row } from '../client.js';

/**
 * Runs the statement and calls `onGroup(key, rows)` with each group of rows of one `key`, once
 * its rows are in (the next row has another key), in the statement's order.
 * The statement orders its rows by that key, but an order that ignores case (MySQL's
 * `information_schema` collation puts `A` and `a`, or `ß` and `s`, together) may bring a group's
 * rows apart: the group then grows, keeping its rows' order, and is handed again with them all.
 */
export async function eachGroup(
  client: CatalogClient,
  sql: string,
  params: readonly unknown[] | undefined,
  key: (row: Row) => string,
  onGroup: (key: string, rows: readonly Row[]) => void,
): Promise<void> {
  const groups = new Map<string, Row[]>();
  let current: string | undefined;
  let rows: Row[] = [];
  await eachRow(client, sql, params, (row) => {
    const k = key(row);
    if (k !== current) {
      if (current !== undefined) onGroup(current, rows);
      current = k;
      rows = groups.get(k) ?? [];
      groups.set(k, rows);
    }
    rows.push(row);
  });
  if (current !== undefined) onGroup(current, rows);
}
