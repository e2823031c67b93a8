/**
 * What to inspect: schemas, tables, exclusions, and the kinds of relation read besides tables.
 *
 * @module
 */
import type { TableTraits } from '@querymode/core';

/** Kinds of relation or schema skipped unless asked for. */
export const INCLUDE_KINDS = ['views', 'foreign-tables', 'partitions', 'system-schemas'] as const;

/** A kind skipped unless asked for. */
export type IncludeKind = (typeof INCLUDE_KINDS)[number];

/** What to inspect. */
export interface InspectOptions {
  /** Schemas (MySQL: databases) to read, exactly as spelt. Default: every schema but the system ones (MySQL: the URL's database, else every one). */
  readonly schemas?: readonly string[];
  /** Only these tables: a name, or `schema.name`, exactly as spelt. */
  readonly tables?: readonly string[];
  /** Skip tables whose `schema.name` or name matches one of these patterns (`*` any characters, `?` one). */
  readonly exclude?: readonly string[];
  /** Also read these kinds (views, foreign tables, partitions of partitioned tables, system schemas). */
  readonly include?: readonly IncludeKind[];
  /**
   * Receives each table's record as soon as it is assembled, in the order of the report's `tables`,
   * which then stays empty: the records are not kept (30,000 tables: 28 MB of heap held to the end).
   * When it returns a promise, the next table waits for it (a writer's backpressure).
   */
  readonly onTable?: ((table: TableTraits) => void | Promise<void>) | undefined;
}

function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'su');
}

/** A test of whether a table is selected by `tables` and `exclude`. */
export function tableSelector(options: InspectOptions): (schema: string, name: string) => boolean {
  const only = options.tables && options.tables.length > 0 ? new Set(options.tables) : undefined;
  const excluded = (options.exclude ?? []).map(globToRegExp);
  return (schema, name) => {
    const full = `${schema}.${name}`;
    if (only !== undefined && !only.has(name) && !only.has(full)) return false;
    return !excluded.some((re) => re.test(full) || re.test(name));
  };
}

/** Whether a kind was asked for. */
export const includes = (options: InspectOptions, kind: IncludeKind): boolean =>
  (options.include ?? []).includes(kind);

/**
 * The schemas to read: those asked for, else every schema of `all` but the system ones (unless
 * asked for); and those asked for that do not exist.
 */
export function schemasToRead(
  options: InspectOptions,
  all: readonly { readonly name: string; readonly system: boolean }[],
): { wanted: string[]; missing: string[] } {
  const wanted =
    options.schemas && options.schemas.length > 0
      ? [...options.schemas]
      : all.filter((s) => includes(options, 'system-schemas') || !s.system).map((s) => s.name);
  const known = new Set(all.map((s) => s.name));
  return { wanted, missing: wanted.filter((s) => !known.has(s)) };
}
