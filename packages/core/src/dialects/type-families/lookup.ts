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
import type { TypeFamily, TypeFamilyTable } from './families.js';
import { MYSQL_TYPES } from './mysql.js';
import { ORACLE_TYPES } from './oracle.js';
import { POSTGRESQL_TYPES } from './postgresql.js';
import { SQLSERVER_TYPES } from './sqlserver.js';

/**
 * Each dialect's table of type names by family, keyed by the advisor's `Dialect` names (the
 * advisor passes its `Dialect` here, so the two lists cannot drift apart without a type error;
 * the name is not imported, so that this folder imports nothing of the advisor).
 */
export const TYPE_FAMILY_TABLES: { readonly [D in TypeDialect]: TypeFamilyTable } = {
  postgresql: POSTGRESQL_TYPES,
  mysql: MYSQL_TYPES,
  sqlserver: SQLSERVER_TYPES,
  oracle: ORACLE_TYPES,
};

/** A dialect with a table of type names. */
export type TypeDialect = 'postgresql' | 'mysql' | 'sqlserver' | 'oracle';

function indexOf(table: TypeFamilyTable): ReadonlyMap<string, TypeFamily> {
  const out = new Map<string, TypeFamily>();
  for (const [family, names] of Object.entries(table) as [TypeFamily, readonly string[]][])
    for (const name of names) out.set(name, family);
  return out;
}

const OWN: { readonly [D in TypeDialect]: ReadonlyMap<string, TypeFamily> } = {
  postgresql: indexOf(POSTGRESQL_TYPES),
  mysql: indexOf(MYSQL_TYPES),
  sqlserver: indexOf(SQLSERVER_TYPES),
  oracle: indexOf(ORACLE_TYPES),
};

/** For no dialect: the family the dialects that know a name agree on, else `unknown`. */
const AGREED: ReadonlyMap<string, TypeFamily> = (() => {
  const out = new Map<string, TypeFamily>();
  const names = new Set(Object.values(OWN).flatMap((m) => [...m.keys()]));
  for (const name of names) {
    const families = new Set<TypeFamily>();
    for (const m of Object.values(OWN)) {
      const f = m.get(name);
      if (f !== undefined) families.add(f);
    }
    out.set(name, families.size === 1 ? ([...families][0] as TypeFamily) : 'unknown');
  }
  return out;
})();

/**
 * Each dialect's names, then the names the other dialects agree on that it lacks (`bigint` on
 * Oracle): one map per dialect, so a name is found in one lookup.
 */
const BY_DIALECT: { readonly [D in TypeDialect]: ReadonlyMap<string, TypeFamily> } = {
  postgresql: new Map([...AGREED, ...OWN.postgresql]),
  mysql: new Map([...AGREED, ...OWN.mysql]),
  sqlserver: new Map([...AGREED, ...OWN.sqlserver]),
  oracle: new Map([...AGREED, ...OWN.oracle]),
};

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
export function typeFamily(type: string | undefined, dialect: TypeDialect | null | undefined): TypeFamily {
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
