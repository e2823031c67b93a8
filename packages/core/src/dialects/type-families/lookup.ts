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
import type { DialectName, SqlDialect } from '../types.js';
import type { TypeFamily, TypeFamilyTable } from './families.js';
import { indexWithValues, type NameIndex, nameIndex, valueOfName } from './name-index.js';

/** A value for each dialect of the catalogue (`DIALECTS`), by name. */
function byDialect<T>(of: (d: SqlDialect) => T): { readonly [D in DialectName]: T } {
  return Object.fromEntries(Object.values(DIALECTS).map((d) => [d.name, of(d)])) as { [D in DialectName]: T };
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
 * What the type names of one dialect (or of none) stand for: a family, or what a family says of
 * a column (`advisor/facts/column-types.ts`), with what an array type and a name not in the tables
 * stand for. {@link lookUpType} finds a name's value in one lookup for most names.
 */
export interface TypeNameTable<T> {
  /** Each name in lower case: a dialect's own, and those the other dialects agree on that it lacks; for none, those they agree on. */
  readonly byName: ReadonlyMap<string, T>;
  /** An array type (`integer[]`, and PostgreSQL's `_int4`). */
  readonly array: T;
  /** A name not in the tables. */
  readonly unknown: T;
  /** Whether a name with a leading `_` is an array type (PostgreSQL's element type names). */
  readonly underscoreArrays: boolean;
  /** The names of `byName` in an index of plain arrays, which {@link lookUpType} reads. */
  readonly index: NameIndex<T>;
}

const familyTable = (
  byName: ReadonlyMap<string, TypeFamily>,
  underscoreArrays: boolean,
): TypeNameTable<TypeFamily> =>
  Object.freeze({ byName, array: 'array', unknown: 'unknown', underscoreArrays, index: nameIndex(byName) });

/**
 * Each dialect's names, then the names the other dialects agree on that it lacks (`bigint` on
 * Oracle): one map per dialect, made once, so a name is found in one lookup.
 */
const BY_DIALECT = byDialect((d) =>
  familyTable(new Map([...AGREED, ...indexOf(d.types)]), d.underscoreArrays),
);

/** For no dialect (or one without a table): the names the dialects agree on. */
const NO_DIALECT = familyTable(AGREED, false);

/** The families of the type names of a dialect, or of none known. */
export function familiesIn(dialect: DialectName | null | undefined): TypeNameTable<TypeFamily> {
  // Own keys only: a caller's string such as `toString` names no dialect (it gives the agreed names).
  return typeof dialect === 'string' && Object.hasOwn(BY_DIALECT, dialect) ? BY_DIALECT[dialect] : NO_DIALECT;
}

/** The same table with each family replaced by what `of` says of it, worked out once per family. */
export function mapTypeNameTable<U>(
  table: TypeNameTable<TypeFamily>,
  of: (family: TypeFamily) => U,
): TypeNameTable<U> {
  const byName = new Map<string, U>();
  const inOrder: U[] = [];
  for (const [name, family] of table.byName) {
    const value = of(family);
    byName.set(name, value);
    inOrder.push(value);
  }
  return Object.freeze({
    byName,
    array: of(table.array),
    unknown: of(table.unknown),
    underscoreArrays: table.underscoreArrays,
    index: indexWithValues(table.index, inOrder),
  });
}

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

/** What a type name stands for in a table: its value by name or by its first word in lower case, an array, or unknown. */
export function lookUpType<T>(table: TypeNameTable<T>, type: string): T {
  // A bare lower-case name (`integer`, `timestamp`) is its own first word: found with no string built.
  // A name ends in `[a-z0-9_]` (dialects.test.ts), so `varchar(255)` is never one: not hashing that
  // fresh string is ~2% of chooseMode's own cost (valgrind instructions).
  if (type.charCodeAt(type.length - 1) !== 41 /* ) */) {
    // The index, not `byName`: no string is hashed (with the `(` case below, ~4% of chooseMode's own cost).
    const bare = valueOfName(table.index, type);
    if (bare !== undefined) return bare;
  }
  if (type.includes('[')) return table.array;
  // `varchar(255)`: the name before `(`, when it is a name, is its first word (every name is its own:
  // dialects.test.ts), found with no scan by character: ~6% of chooseMode's own cost (valgrind instructions).
  const paren = type.indexOf('(');
  const word = paren > 0 ? valueOfName(table.index, type.slice(0, paren)) : undefined;
  if (word !== undefined) return word;
  const found = table.byName.get(firstWord(type));
  if (found !== undefined) return found;
  return table.underscoreArrays && type.startsWith('_') ? table.array : table.unknown;
}
