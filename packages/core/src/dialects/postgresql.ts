/**
 * PostgreSQL: names in double quotes; string literals in `E'…'` form when they hold a backslash
 * (read the same whatever `standard_conforming_strings` says); function bodies dollar-quoted with a
 * tag the body does not hold; names of generated objects at most 63 bytes. Statements that change
 * more than one object run as one `DO` block, so a failure leaves nothing half done, and pasted
 * inside a transaction the user has open, they commit nothing of theirs. A statement cannot name
 * another database: for a table given with its database (`shop.public.orders`), every change runs
 * in one block whose first statement stops it in any other database, and every query of a question
 * stops itself there (a session on another database may hold a table of the same schema and name).
 *
 * @module
 */
import { dollarQuote } from './dollar-tag.js';
import { NO_CHANGE_TRACKING, writesAllButTracking } from './no-change-tracking.js';
import { objectName } from './object-name.js';
import { type NameRules, tableNameOf } from './qualified-name.js';
import { POSTGRESQL_TYPES } from './type-families/postgresql.js';
import type { ColumnQuestion, SqlDialect, TableFactAsked, TableName, Target } from './types.js';
import { DATABASE_WORDS } from './words.js';

const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

const isPrintable = (text: string): boolean => /^[\x20-\x7e]*$/.test(text);

/**
 * A name quoted in printable ASCII only, for a comment line that a newline or a bidi control in
 * the name must not end or reorder: PostgreSQL's Unicode escapes (`U&"a\000Ab"`) where it holds
 * any other character, the plain quoted name where it does not.
 */
const printableName = (identifier: string): string =>
  isPrintable(identifier)
    ? quote(identifier)
    : `U&"${escaped(identifier, '"', (code, hex) => (code <= 0xffff ? `\\${hex(4)}` : `\\+${hex(6)}`))}"`;

/**
 * `text` in printable ASCII between quotes `q`: `q` and a backslash doubled, every other
 * character outside printable ASCII written by `unicode` from its code point.
 */
const escaped = (
  text: string,
  q: string,
  unicode: (code: number, hex: (digits: number) => string) => string,
): string =>
  Array.from(text, (ch) => {
    const code = ch.codePointAt(0) as number;
    if (ch === '\\') return '\\\\';
    if (ch === q) return q + q;
    if (code >= 0x20 && code <= 0x7e) return ch;
    return unicode(code, (digits) => code.toString(16).toUpperCase().padStart(digits, '0'));
  }).join('');

function literal(text: string): string {
  const doubled = text.replaceAll("'", "''");
  return text.includes('\\') ? `E'${doubled.replaceAll('\\', '\\\\')}'` : `'${doubled}'`;
}

/**
 * A string literal in printable ASCII whatever the text, so that a newline or a bidi control in a
 * name cannot reorder the line it is on: `E'…'` with Unicode escapes (`\u000A`, read the same
 * under any setting of the session) where it holds any other character.
 */
const printableLiteral = (text: string): string =>
  isPrintable(text)
    ? literal(text)
    : `E'${escaped(text, "'", (code, hex) => (code <= 0xffff ? `\\u${hex(4)}` : `\\U${hex(8)}`))}'`;

const table = (name: TableName): string =>
  name.schema === undefined ? quote(name.table) : `${quote(name.schema)}.${quote(name.table)}`;

/** The table as a `regclass` value: an error, not a wrong answer, when it does not exist. */
const regclass = (name: TableName): string => `${literal(table(name))}::regclass`;

const LIMIT = 63;

const generated = (prefix: string, name: TableName, column: string): string =>
  objectName(prefix, name, column, LIMIT);

/** A function in the table's schema. */
const inSchema = (name: TableName, object: string): string =>
  name.schema === undefined ? quote(object) : `${quote(name.schema)}.${quote(object)}`;

/** The words of the error that stops a statement in another database than `expected` (a literal), as an expression. */
const elsewhere = (expected: string): string =>
  `'connected to database ' || quote_ident(current_database()) || ', this is for database ' || quote_ident(${expected}) || ': connect to ' || quote_ident(${expected}) || ' and run it again'`;

/**
 * The query `statement` (one, ending in `;`) that stops in any database but `database` before it
 * reads a row, with an error naming both: a condition on no column is checked once, before any row
 * (a one-time filter), and fails its cast with the words. One statement and no transaction, so
 * that pasted inside a transaction the user has open it commits nothing of theirs.
 */
function guardedQuery(database: string, statement: string): string {
  const expected = printableLiteral(database);
  return `SELECT * FROM (${statement.slice(0, -1)}) AS q WHERE CASE WHEN current_database() = ${expected} THEN true ELSE (${elsewhere(expected)})::boolean END;`;
}

/** The first statement of a block that runs only in the database `database`: in any other it stops the block with the words. */
function guard(database: string): string[] {
  const expected = printableLiteral(database);
  return [
    `IF current_database() <> ${expected} THEN`,
    `  RAISE EXCEPTION '%', ${elsewhere(expected)};`,
    'END IF;',
  ];
}

/**
 * `statements` as they run for the table `name`: where it has a database, one block led by that
 * database's guard, so that nothing runs in another; else as they are, in one block only where
 * they must all or none take effect. `run`: `atomic`, a change of several objects; `each`, a change
 * whose statements may take effect alone. A block is one `DO` statement, not `BEGIN`…`COMMIT`: all
 * or nothing alone, and pasted inside a transaction the user has open, part of theirs (a `COMMIT`
 * would commit their work too).
 */
function forTable(name: TableName, run: 'atomic' | 'each', ...statements: string[]): string {
  const guarded = name.database === undefined ? [] : guard(name.database);
  if (guarded.length === 0 && run !== 'atomic') return statements.join('\n');
  return `DO ${dollarQuote(['', 'BEGIN', ...guarded, ...statements, 'END', ''].join('\n'))};`;
}

/** A question's `queries` for the table `name`: where it has a database, each stopping itself in any other. */
function readFor(name: TableName, queries: readonly string[]): string {
  const { database } = name;
  return (database === undefined ? queries : queries.map((q) => guardedQuery(database, q))).join('\n');
}

function updateTrigger(t: Target, column: string): string[] {
  const fn = inSchema(t.name, generated('qm_set', t.name, column));
  const trigger = quote(generated('qm_upd', t.name, column));
  const body = `\nBEGIN\n  NEW.${quote(column)} := now();\n  RETURN NEW;\nEND\n`;
  return [
    `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS ${dollarQuote(body)};`,
    `DROP TRIGGER IF EXISTS ${trigger} ON ${table(t.name)};`,
    `CREATE TRIGGER ${trigger} BEFORE UPDATE ON ${table(t.name)} FOR EACH ROW EXECUTE FUNCTION ${fn}();`,
  ];
}

const attribute = (t: Target, column: string): string =>
  `a.attrelid = ${regclass(t.name)} AND a.attname = ${literal(column)} AND NOT a.attisdropped`;

/** The triggers of the table with their firing state (`O`, `A` fire in ordinary sessions; `R`, `D` do not) and functions' source, for an event. */
const triggers = (t: Target, event: 'INSERT' | 'UPDATE'): string =>
  `SELECT tg.tgname, tg.tgenabled, pg_get_triggerdef(tg.oid), p.prosrc FROM pg_trigger AS tg JOIN pg_proc AS p ON p.oid = tg.tgfoid WHERE tg.tgrelid = ${regclass(t.name)} AND NOT tg.tgisinternal AND (tg.tgtype & ${event === 'INSERT' ? 4 : 16}) <> 0;`;

function columnQuery(t: Target, column: string, fact: ColumnQuestion): readonly string[] {
  const a = attribute(t, column);
  switch (fact) {
    case 'type':
      // A domain's base type decides (through domains over domains), as inspect reads it.
      return [
        `WITH RECURSIVE t (oid, mod) AS (SELECT a.atttypid, a.atttypmod FROM pg_attribute AS a WHERE ${a} UNION ALL SELECT y.typbasetype, y.typtypmod FROM t JOIN pg_type AS y ON y.oid = t.oid WHERE y.typtype = 'd') SELECT format_type(t.oid, t.mod) FROM t JOIN pg_type AS y ON y.oid = t.oid WHERE y.typtype <> 'd';`,
      ];
    case 'nullable':
      return [`SELECT NOT a.attnotnull AS nullable FROM pg_attribute AS a WHERE ${a};`];
    case 'unique':
      return [
        `SELECT pg_get_indexdef(i.indexrelid) FROM pg_index AS i JOIN pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] WHERE i.indisunique AND i.indnkeyatts = 1 AND ${a};`,
      ];
    case 'auto_increment':
      return [
        `SELECT a.attidentity, pg_get_expr(d.adbin, d.adrelid) FROM pg_attribute AS a LEFT JOIN pg_attrdef AS d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE ${a};`,
      ];
    case 'set_on_insert':
      return [
        `SELECT a.attidentity, pg_get_expr(d.adbin, d.adrelid) FROM pg_attribute AS a LEFT JOIN pg_attrdef AS d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE ${a};`,
        triggers(t, 'INSERT'),
      ];
    case 'set_on_update':
      return [triggers(t, 'UPDATE')];
  }
}

function tableQuery(t: Target, fact: TableFactAsked): readonly string[] | null {
  const r = regclass(t.name);
  switch (fact) {
    case 'rows':
      return [`SELECT count(*) FROM ${table(t.name)};`];
    case 'columns':
      // A domain column's base type (through domains over domains), as inspect and the `type` question read it.
      return [
        `WITH RECURSIVE t (num, attname, nullable, oid, mod) AS (SELECT a.attnum, a.attname, NOT a.attnotnull, a.atttypid, a.atttypmod FROM pg_attribute AS a WHERE a.attrelid = ${r} AND a.attnum > 0 AND NOT a.attisdropped UNION ALL SELECT t.num, t.attname, t.nullable, y.typbasetype, y.typtypmod FROM t JOIN pg_type AS y ON y.oid = t.oid WHERE y.typtype = 'd') SELECT t.attname, format_type(t.oid, t.mod), t.nullable FROM t JOIN pg_type AS y ON y.oid = t.oid WHERE y.typtype <> 'd' ORDER BY t.num;`,
      ];
    case 'primary_key':
      return [
        `SELECT a.attname FROM pg_index AS i JOIN pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey) WHERE i.indrelid = ${r} AND i.indisprimary;`,
      ];
    case 'changes':
      return [
        `SELECT n_tup_ins, n_tup_upd, n_tup_del, stats_reset FROM pg_stat_user_tables AS s CROSS JOIN pg_stat_database AS d WHERE s.relid = ${r} AND d.datname = current_database();`,
      ];
    case 'readable':
      return [
        `SELECT has_schema_privilege(n.oid, 'USAGE') AND has_table_privilege(c.oid, 'SELECT') AS readable FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace WHERE c.oid = ${r};`,
      ];
    case 'tracking_database':
    case 'tracking_table':
      return null;
  }
}

/** How PostgreSQL writes a name, made once, not a call (100,000 names read in 13-22 ms, not 41-46). */
const NAMES: NameRules = { quotes: [['"', '"']], fold: (bare) => bare.toLowerCase(), database: true };

/** PostgreSQL. */
export const POSTGRESQL: SqlDialect = {
  name: 'postgresql',
  identifierLimit: LIMIT,
  types: POSTGRESQL_TYPES,
  words: DATABASE_WORDS,
  underscoreArrays: true,
  namesDatabase: true,
  quote,
  literal,
  parseTableName: (text) => tableNameOf(text, NAMES),
  table,
  // A statement cannot name another database: the first line says which one to run it in, and why each text stops in any other.
  footer: () => '',
  header: (name) =>
    name.database === undefined
      ? ''
      : `-- Run in database ${printableName(name.database)} (connect to it first): PostgreSQL statements cannot name another database; in any other they stop with an error.\n`,
  grantSelect: (t, user) =>
    forTable(
      t.name,
      'each',
      ...(t.name.schema === undefined
        ? []
        : [`GRANT USAGE ON SCHEMA ${quote(t.name.schema)} TO ${quote(user)};`]),
      `GRANT SELECT ON ${table(t.name)} TO ${quote(user)};`,
    ),
  setOnEveryUpdate: (t, column) => forTable(t.name, 'atomic', ...updateTrigger(t, column)),
  addUpdatedAt: (t, column) =>
    forTable(
      t.name,
      'atomic',
      `ALTER TABLE ${table(t.name)} ADD COLUMN IF NOT EXISTS ${quote(column)} timestamptz NOT NULL DEFAULT now();`,
      ...updateTrigger(t, column),
    ),
  addIdentityColumn: (t, column) =>
    forTable(
      t.name,
      'each',
      `ALTER TABLE ${table(t.name)} ADD COLUMN IF NOT EXISTS ${quote(column)} bigint GENERATED BY DEFAULT AS IDENTITY UNIQUE;`,
    ),
  setNotNull: (t, column) =>
    forTable(t.name, 'each', `ALTER TABLE ${table(t.name)} ALTER COLUMN ${quote(column)} SET NOT NULL;`),
  addPrimaryKey: () => null,
  addUniqueIndex: (t, column) =>
    forTable(
      t.name,
      'each',
      `CREATE UNIQUE INDEX IF NOT EXISTS ${quote(generated('qm_uq', t.name, column))} ON ${table(t.name)} (${quote(column)});`,
    ),
  ...NO_CHANGE_TRACKING,
  askColumn: (t, column, fact) => readFor(t.name, columnQuery(t, column, fact)),
  askTable: (t, fact) => {
    const query = tableQuery(t, fact);
    return query === null ? null : readFor(t.name, query);
  },
  writesQuery: writesAllButTracking,
};
