/**
 * The family of a column type, by dialect: a type name is looked up by its first word in lower
 * case (`DATETIME2(3)` by `datetime2`, `timestamp with time zone` by `timestamp`); an array type
 * (`integer[]`, PostgreSQL's `_int4`) is an array. Without a dialect, or for a name the dialect's
 * table lacks, a name is of the family every dialect that knows it agrees on, and `unknown` when
 * they disagree (`timestamp`: a date and time on PostgreSQL, MySQL and Oracle, a row version on
 * SQL Server) or none knows it: never a guess.
 *
 * @module
 */
import { DIALECTS } from '../index.js';
import type { Dialect, SqlDialect } from '../types.js';
import type { TypeFamily, TypeFamilyTable } from './families.js';

/** A value for each dialect of the catalogue (`DIALECTS`), by name. */
function byDialect<T>(of: (d: SqlDialect) => T): { readonly [D in Dialect]: T } {
  return Object.fromEntries(Object.values(DIALECTS).map((d) => [d.name, of(d)])) as { [D in Dialect]: T };
}

/** Each dialect's table of type names by family, as its dialect object holds it (`types`). */
export const TYPE_FAMILY_TABLES = byDialect((d) => d.types);

function indexOf(table: TypeFamilyTable): ReadonlyMap<string, TypeFamily> {
  const out = new Map<string, TypeFamily>();
  for (const [family, names] of Object.entries(table) as [TypeFamily, readonly string[]][])
    for (const name of names) out.set(name, family);
  return out;
}

const OWN: readonly ReadonlyMap<string, TypeFamily>[] = Object.values(TYPE_FAMILY_TABLES).map(indexOf);

/** For no dialect: the family the dialects that know a name agree on, else `unknown`. */
const AGREED: ReadonlyMap<string, TypeFamily> = (() => {
  const out = new Map<string, TypeFamily>();
  const names = new Set(OWN.flatMap((m) => [...m.keys()]));
  for (const name of names) {
    const families = new Set<TypeFamily>();
    for (const m of OWN) {
      const f = m.get(name);
      if (f !== undefined) families.add(f);
    }
    out.set(name, families.size === 1 ? ([...families][0] as TypeFamily) : 'unknown');
  }
  return out;
})();

/**
 * Each dialect's names, then the names the other dialects agree on that it lacks (`bigint` on
 * Oracle): one map per dialect, made once, so a name is found in one lookup.
 */
const BY_DIALECT = byDialect(
  (d): ReadonlyMap<string, TypeFamily> => new Map([...AGREED, ...indexOf(d.types)]),
);

/** The first word of a type name, in lower case: `DATETIME2(3)` gives `datetime2`. */
function firstWord(type: string): string {
  let start = 0;
  const n = type.length;
  while (start < n && type.charCodeAt(start) <= 32) start++;
  let end = start;
  while (end < n) {
    const c = type.charCodeAt(end);
    if (c <= 32 || c === 40 /* ( */ || c === 91 /* [ */) break;
    end++;
  }
  return type.slice(start, end).toLowerCase();
}

/** The family of a type name in a dialect (or in none known); `unknown` for no type or a name not in the tables. */
export function typeFamily(type: string | undefined, dialect: Dialect | null | undefined): TypeFamily {
  if (typeof type !== 'string') return 'unknown';
  const map = (typeof dialect === 'string' ? BY_DIALECT[dialect] : undefined) ?? AGREED;
  // A bare lower-case name (`integer`, `timestamp`) is its own first word: found with no string built.
  const bare = map.get(type);
  if (bare !== undefined) return bare;
  if (type.includes('[')) return 'array';
  const found = map.get(firstWord(type));
  if (found !== undefined) return found;
  return dialect === 'postgresql' && type.startsWith('_') ? 'array' : 'unknown';
}
