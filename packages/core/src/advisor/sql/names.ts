/**
 * Names in SQL: identifiers quoted in the source's dialect where they need it, the table as the
 * caller named it (or a placeholder), its parts, and names for objects a remedy creates.
 *
 * @module
 */
import type { Dialect } from '../facts/sources.js';
import type { TableFacts } from '../facts/table-facts.js';

const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A column or other identifier in a dialect, quoted only when it needs to be. */
export function ident(dialect: Dialect, name: string): string {
  if (PLAIN.test(name)) return name;
  if (dialect === 'mysql') return `\`${name.replace(/`/g, '``')}\``;
  if (dialect === 'sqlserver') return `[${name.replace(/]/g, ']]')}]`;
  return `"${name.replace(/"/g, '""')}"`;
}

/** The table as the caller named it, or `<table>` when its name is not known. */
export function tableRef(facts: TableFacts): string {
  return facts.table ?? '<table>';
}

/** The parts of the table's name without quotes: schema (when given) and table. */
export function nameParts(facts: TableFacts): { readonly schema: string; readonly table: string } {
  const parts = tableRef(facts)
    .split('.')
    .map((p) => p.replace(/^["`[]|["`\]]$/g, ''));
  const table = parts[parts.length - 1] ?? '<table>';
  return { schema: parts.length > 1 ? (parts[parts.length - 2] as string) : '<schema>', table };
}

/** The database part of a three-part table name (`db.schema.table`), for SQL Server statements. */
export function databaseOf(facts: TableFacts): string {
  const parts = tableRef(facts).split('.');
  return parts.length >= 3 ? (parts[0] as string) : '<database>';
}

/** A string literal (single quotes doubled). */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** A name for a trigger, function or constraint, from a prefix, the table and a column. */
export function objectName(prefix: string, facts: TableFacts, column: string): string {
  return `${prefix}_${nameParts(facts).table}_${column}`.replace(/[^A-Za-z0-9_]/g, '_');
}

/** A column as an identifier of the source's dialect, or as written when the dialect is not known. */
export function columnIdent(facts: TableFacts, name: string): string {
  const d = facts.profile.dialect;
  return d === null ? name : ident(d, name);
}
