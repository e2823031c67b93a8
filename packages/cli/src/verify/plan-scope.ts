/**
 * Which planned tables `verify` checks: `--schema`, `--table` and `--exclude` narrow the plan as
 * they narrow what is read of the database, so that a planned table they leave out is neither
 * `gone` nor `new` (it is counted as filtered out). Without them every planned table is checked.
 *
 * @module
 */
import { type PlannedTable, splitInspectedName } from '@querymode/core';

/** The filters of `verify`, as `inspect` takes them. */
export interface ScopeFlags {
  readonly schema?: readonly string[];
  readonly table?: readonly string[];
  readonly exclude?: readonly string[];
}

/** Introspect's test of a table by `--table` and `--exclude` (the one `inspect` reads by). */
export type TableSelector = (schema: string, name: string) => boolean;

/**
 * A test of whether a planned table is in the scope the filters give. A planned name that is not
 * `schema.table` as inspect writes it stays in scope: a table missing from the database is then
 * said to be gone, never silently left out. With `objects` (a Salesforce org, whose objects
 * inspect names without a schema), the filters match the whole name.
 */
export function planScope(
  flags: ScopeFlags,
  selected: TableSelector,
  objects = false,
): (planned: PlannedTable) => boolean {
  const schemas = flags.schema === undefined || flags.schema.length === 0 ? undefined : new Set(flags.schema);
  if (schemas === undefined && (flags.table ?? []).length === 0 && (flags.exclude ?? []).length === 0)
    return () => true;
  return (planned) => {
    if (objects) return selected('', planned.table);
    const name = splitInspectedName(planned.table);
    if (name?.schema === undefined) return true;
    if (schemas !== undefined && !schemas.has(name.schema)) return false;
    return selected(name.schema, name.table);
  };
}
