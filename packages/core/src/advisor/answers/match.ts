/**
 * Which entries of an answers document concern a table: an entry's key is a table's name
 * (`sales.orders`) or a glob of one (`sales.*`: `*` any run of characters, `?` one character),
 * matched against the record's `table` as written and against its unquoted form (`inspect` writes
 * `"Sales"."Orders"` or `` `sales`.`orders` ``; the key `Sales.Orders` names it). A name one of
 * whose parts holds a dot has no unquoted form (the key `a.b` is schema a, table b, not the table
 * `"a.b"`): its key is the name as written, quotes and all. When several
 * match, a table's own name beats a glob, and between globs the later one in the file wins, as
 * the last matching pattern does in `.gitignore` (general knowledge).
 *
 * @module
 */
import { type NameRules, parseQualified } from '../../dialects/qualified-name.js';
import { isRecord } from '../../issues/is-record.js';
import { neverThrows } from '../../issues/unreadable.js';

/** Every quote pair of the dialects, with names taken as spelt: the unquoted form of any source's name. */
const ANY_QUOTES: NameRules = {
  quotes: [
    ['"', '"'],
    ['`', '`'],
    ['[', ']'],
  ],
  fold: (bare) => bare,
};

/** Whether a key is a glob (holds `*` or `?`); false for what is not a string. */
export const isGlob = (pattern: string): boolean =>
  // Searched, not matched by a pattern: the answers file asks it of each table of each question (6 ms of its 250, 1 thread).
  typeof pattern === 'string' && (pattern.includes('*') || pattern.includes('?'));

/** Any opening quote of `ANY_QUOTES`. */
const OPENING_QUOTE = /["`[]/;

/** A glob as a regular expression over the whole name. */
function globRegExp(glob: string): RegExp {
  let source = '';
  for (const ch of glob) {
    if (ch === '*') source += '[^]*';
    else if (ch === '?') source += '[^]';
    else source += ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'u');
}

/** The parts of a qualified table name, each unquoted (`"Sales"."Orders"` gives `Sales`, `Orders`); undefined when it is not one. */
export const plainParts = (table: string): string[] | undefined => parseQualified(table, ANY_QUOTES);

/**
 * The names a record answers to: its `table`, and that name unquoted when it is a qualified SQL
 * name; none when its `table` cannot be read (a throwing getter, a revoked proxy).
 */
export function namesOf(record: unknown): readonly string[] {
  return neverThrows(tableNamesOf, [record], () => []);
}

function tableNamesOf(record: unknown): readonly string[] {
  if (!isRecord(record) || typeof record.table !== 'string') return [];
  return namesOfTable(record.table);
}

/** The names a table named `table` answers to (see `namesOf`), from its name alone. */
export function namesOfTable(table: string): readonly string[] {
  // No opening quote: every part is bare, spelt as written, so the unquoted form is the name itself.
  if (!OPENING_QUOTE.test(table)) return [table];
  const parts = plainParts(table);
  // A part that holds a dot has no unquoted form: `a.b` names schema a, table b, never `"a.b"`.
  if (parts === undefined || parts.some((p) => p.includes('.'))) return [table];
  const plain = parts.join('.');
  return plain === table ? [table] : [table, plain];
}

/** Finds the entries that concern a table, strongest first, as indices into the patterns. */
export type TableMatcher = (record: unknown) => readonly number[];

/** The matcher of `patterns` (the keys of `tables`, in file order). */
export function tableMatcher(patterns: readonly string[]): TableMatcher {
  const exact = new Map<string, number[]>();
  const globs: { index: number; re: RegExp }[] = [];
  patterns.forEach((pattern, index) => {
    if (isGlob(pattern)) globs.unshift({ index, re: globRegExp(pattern) });
    else exact.set(pattern, [index, ...(exact.get(pattern) ?? [])]);
  });
  return (record) => {
    const names = namesOf(record);
    if (names.length === 0) return [];
    const own: number[] = [];
    for (const name of names) for (const i of exact.get(name) ?? []) if (!own.includes(i)) own.push(i);
    own.sort((a, b) => b - a);
    for (const g of globs) if (names.some((n) => g.re.test(n))) own.push(g.index);
    return own;
  };
}
