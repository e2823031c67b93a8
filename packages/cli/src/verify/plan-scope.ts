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

/** A character of a bare name in ASCII: a letter, `_`, or (past the first) a digit, `$`, `#` or `@`. */
function bareAscii(c: number, first: boolean): boolean {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) return true;
  return !first && ((c >= 48 && c <= 57) || c === 36 || c === 35 || c === 64);
}

/**
 * The place of the dot of `schema.table` when both are bare ASCII names (where core's
 * `splitInspectedName` gives the two parts as written), else -1 (the name is then split by core).
 */
function bareDot(text: string): number {
  let dot = -1;
  let first = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (dot !== -1 || first) return -1;
      dot = i;
      first = true;
    } else if (bareAscii(c, first)) first = false;
    else return -1;
  }
  return first ? -1 : dot;
}

/**
 * A planned name as schema and table, as core's `splitInspectedName` gives them: the bare ASCII
 * names of the bench plan are cut at their dot (core's parser took 26 ms of verify's CPU for
 * 10,000 planned tables in a profile, docs/benchmarks.md, `verify`).
 */
export function splitPlannedName(text: string): ReturnType<typeof splitInspectedName> {
  const dot = bareDot(text);
  if (dot === -1) return splitInspectedName(text);
  return { schema: text.slice(0, dot), table: text.slice(dot + 1) };
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
    const name = splitPlannedName(planned.table);
    if (name?.schema === undefined) return true;
    if (schemas !== undefined && !schemas.has(name.schema)) return false;
    return selected(name.schema, name.table);
  };
}
