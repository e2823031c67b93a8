/**
 * Names for the objects a remedy creates (triggers, functions, indexes, constraints):
 * deterministic, unique per schema, table and column, and within the database's length limit. A
 * readable part (the prefix, the table and the column, with every character outside
 * `[A-Za-z0-9_]` made `_`, shortened to fit) and a hash of the exact names.
 *
 * @module
 */
import { shortHash } from './hash.js';
import type { TableName } from './types.js';

/** The name of an object for `prefix`, the table and a column, at most `limit` characters (all ASCII). */
export function objectName(prefix: string, name: TableName, column: string, limit: number): string {
  const hash = shortHash(`${prefix}\u0000${name.schema ?? ''}\u0000${name.table}\u0000${column}`);
  const readable = `${prefix}_${name.table}_${column}`.replace(/[^A-Za-z0-9_]/g, '_');
  const room = limit - hash.length - 1;
  return `${readable.slice(0, room)}_${hash}`;
}
