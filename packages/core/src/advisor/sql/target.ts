/**
 * The table a remedy or question is about, read from the facts in the source's dialect: the
 * dialect object and the table's name as that dialect stores it, or why no SQL can be written
 * (the source or the table name is not known, or the name is not one SQL of the dialect writes).
 *
 * @module
 */
import { DIALECTS, type SqlDialect, type TableName, type Target } from '../../dialects/index.js';
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
  const name = tableNameIn(sql, facts.table, facts.database);
  if (name === undefined)
    return {
      why: `the table name is not a qualified name of ${facts.profile.label} (quote each part that holds other characters)`,
    };
  // One list, not one filtered and another mapped: a target a question the advisor asks.
  const key: string[] = [];
  for (const c of facts.columns ?? []) if (c.primaryKey === 'yes') key.push(c.name);
  return { sql, target: { name, key } };
}

/**
 * The table `table` (as its traits give it) as `sql` stores it, with the database `database` (its
 * traits' `database`) where the name has a schema but no database of its own and the dialect's
 * statements name one: so an inspected `public.orders` is guarded as `shop.public.orders` is, by
 * the same statements; undefined when the text is not a name of the dialect.
 */
export function tableNameIn(
  sql: SqlDialect,
  table: string,
  database: string | undefined,
): TableName | undefined {
  const name = sql.parseTableName(table);
  if (name === undefined || database === undefined || !sql.namesDatabase) return name;
  return name.database !== undefined || name.schema === undefined ? name : { ...name, database };
}

/** The statements `text` of the table `name` as printed: after the dialect's header, before its footer. */
export const framed = (sql: SqlDialect, name: TableName, text: string): string =>
  `${sql.header(name)}${text}${sql.footer(name)}`;
