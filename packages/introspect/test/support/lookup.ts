/** Finding a table and a column in an inspection's records, failing clearly when absent. */
import type { ColumnTraits, TableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';

/** The record whose `table` is `qualified`. */
export function tableOf(report: InspectReport, qualified: string): TableTraits {
  const t = report.tables.find((x) => x.table === qualified);
  if (t === undefined)
    throw new Error(`no table ${qualified} in ${report.tables.map((x) => x.table).join(', ')}`);
  return t;
}

/** The column named `name` of a record. */
export function columnOf(t: TableTraits, name: string): ColumnTraits {
  const c = t.columns?.find((x) => x.name === name);
  if (c === undefined) throw new Error(`no column ${name} in ${t.table}`);
  return c;
}

/** Inspects the database of `url` (a test server's) with `options`; throws the first issue's message. */
export async function inspectUrl(
  url: string,
  options: import('@querymode/introspect').InspectDatabaseOptions,
): Promise<InspectReport> {
  const { inspectDatabase, parseDatabaseUrl } = await import('@querymode/introspect');
  const target = parseDatabaseUrl(url);
  if (!target.ok) throw new Error(target.issues[0]?.message);
  const result = await inspectDatabase(target.value, options);
  if (!result.ok) throw new Error(result.issues[0]?.message);
  return result.value;
}
