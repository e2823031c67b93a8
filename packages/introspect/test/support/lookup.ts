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
