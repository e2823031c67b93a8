/**
 * The table a remedy or question is about, read from the facts in the source's dialect: the
 * dialect object and the table's name as that dialect stores it, or why no SQL can be written
 * (the source or the table name is not known, or the name is not one SQL of the dialect writes).
 *
 * @module
 */
import { DIALECTS, type SqlDialect, type Target } from '../../dialects/index.js';
import type { TableFacts } from '../facts/table-facts.js';

/** Where SQL can be written: the dialect and the table. */
export interface SqlTarget {
  readonly sql: SqlDialect;
  readonly target: Target;
}

/** The dialect and table of the facts, or why there are none, in words. */
export function sqlTarget(facts: TableFacts): SqlTarget | { readonly why: string } {
  const d = facts.profile.dialect;
  if (d === null)
    return {
      why:
        facts.source === undefined
          ? 'the SQL depends on the source: give `source` for it'
          : `querymode writes no SQL for ${facts.profile.label}`,
    };
  if (facts.table === undefined) return { why: 'the SQL names the table: give `table` for it' };
  const sql = DIALECTS[d];
  const name = sql.parseTableName(facts.table);
  if (name === undefined)
    return {
      why: `the table name is not a qualified name of ${facts.profile.label} (quote each part that holds other characters)`,
    };
  const key = (facts.columns ?? []).filter((c) => c.primaryKey === 'yes').map((c) => c.name);
  return { sql, target: { name, key } };
}
