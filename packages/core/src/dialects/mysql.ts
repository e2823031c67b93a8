/**
 * MySQL and MariaDB: names in backticks; string literals that read the same under any `sql_mode`
 * (a backslash is an escape character unless `NO_BACKSLASH_ESCAPES` is set, so a text holding one
 * is written in hexadecimal, `CONVERT(X'…' USING utf8mb4)`: one collation, whatever the
 * connection's, and no escape at all); names of generated objects
 * at most 64 characters. Statements name the table's database (the table, its triggers, and the
 * catalog rows they read), so they do the same from a session on any database or on none, and a
 * copy of the table in another database on the same server is never changed by accident; only a
 * table given without its database is named alone, for the database the file is run in. A column is never rewritten with `MODIFY` (which replaces
 * its whole definition); a statement that would need it is not written. Statements that create an
 * object check first that it is not there (a prepared statement, as MySQL has no `IF NOT EXISTS`
 * for columns and indexes), so running one twice does no harm.
 *
 * @module
 */
import { NO_CHANGE_TRACKING, writesAllButTracking } from './no-change-tracking.js';
import { objectName } from './object-name.js';
import { type NameRules, tableNameOf } from './qualified-name.js';
import { MYSQL_TYPES } from './type-families/mysql.js';
import type { ColumnQuestion, SqlDialect, TableFactAsked, TableName, Target } from './types.js';
import { utf8Hex } from './utf8-hex.js';
import { DATABASE_WORDS } from './words.js';

const quote = (identifier: string): string => `\`${identifier.replaceAll('`', '``')}\``;

function literal(text: string): string {
  if (!text.includes('\\')) return `'${text.replaceAll("'", "''")}'`;
  return `CONVERT(X'${utf8Hex(text)}' USING utf8mb4)`;
}

/**
 * An account, `'user'@'host'`, from CURRENT_USER()'s `user@host` (the host after the last `@`).
 * An account name is a string literal where no hexadecimal form is allowed, so a name holding a
 * backslash (an escape character unless NO_BACKSLASH_ESCAPES is set) is not written.
 */
function accountOf(user: string): string | undefined {
  if (user.includes('\\')) return undefined;
  const at = user.lastIndexOf('@');
  const [name, host] = at < 0 ? [user, '%'] : [user.slice(0, at), user.slice(at + 1)];
  return `'${name.replaceAll("'", "''")}'@'${host.replaceAll("'", "''")}'`;
}

/** The table, with its database when known. */
const table = (name: TableName): string =>
  name.schema === undefined ? quote(name.table) : `${quote(name.schema)}.${quote(name.table)}`;

/** An object of the table's database (a trigger), named as the table is. */
const inDatabase = (name: TableName, object: string): string =>
  name.schema === undefined ? quote(object) : `${quote(name.schema)}.${quote(object)}`;

const LIMIT = 64;

/**
 * `column` holds exactly `value` (an SQL expression): the catalog's columns compare without case
 * (`Shop` finds `shop` too, 2 rows on MariaDB 10.11), so the bytes are compared as well; the
 * plain `=` stays for the server's lookup of one database's directory.
 */
const exactly = (column: string, value: string): string =>
  `${column} = ${value} AND BINARY ${column} = ${value}`;

/** The table's database in a catalog condition: its name, the session's `DATABASE()` only when not known. */
const databaseOf = (name: TableName): string =>
  name.schema === undefined ? 'DATABASE()' : literal(name.schema);

/** The catalog rows of the table's database (`column` holds the database's name). */
const inDatabaseOf = (t: Target, column = 'table_schema'): string => exactly(column, databaseOf(t.name));

/** The catalog rows of the table: its database in `schema`, its name in `name`. */
const ofTable = (t: Target, schema = 'table_schema', name = 'table_name'): string =>
  `${inDatabaseOf(t, schema)} AND ${exactly(name, literal(t.name.table))}`;

/**
 * Runs `statement` only when `count` (a query) returns 0; otherwise changes nothing and says why
 * (`note`, a row the client prints).
 */
const unless = (count: string, statement: string, note: string): string =>
  [
    `SET @qm_sql = IF((${count}) = 0, ${literal(statement)}, ${literal(`SELECT ${literal(note)} AS note`)});`,
    'PREPARE qm_stmt FROM @qm_sql;',
    'EXECUTE qm_stmt;',
    'DEALLOCATE PREPARE qm_stmt;',
  ].join('\n');

/** Counts the table's columns named `column`, or matching `or` (a condition), when given. */
const columnCount = (t: Target, column: string, or?: string): string => {
  const named = `column_name = ${literal(column)}`;
  return `SELECT COUNT(*) FROM information_schema.columns WHERE ${ofTable(t)} AND ${or === undefined ? named : `(${named} OR ${or})`}`;
};

const columns = (t: Target, select: string, column: string): string =>
  `SELECT ${select} FROM information_schema.columns WHERE ${ofTable(t)} AND column_name = ${literal(column)};`;

const triggers = (t: Target, event: 'INSERT' | 'UPDATE'): string =>
  `SELECT trigger_name, action_timing, action_statement FROM information_schema.triggers WHERE ${ofTable(t, 'trigger_schema', 'event_object_table')} AND event_manipulation = '${event}';`;

function askColumn(t: Target, column: string, fact: ColumnQuestion): string {
  switch (fact) {
    case 'type':
      return columns(t, 'column_type', column);
    case 'nullable':
      return columns(t, 'is_nullable', column);
    case 'unique':
      return `SELECT index_name FROM information_schema.statistics WHERE ${ofTable(t)} AND non_unique = 0 GROUP BY index_name HAVING COUNT(*) = 1 AND MAX(column_name) = ${literal(column)};`;
    case 'auto_increment':
      return columns(t, 'column_type, extra', column);
    case 'set_on_insert':
      return `${columns(t, 'column_default, extra', column)}\n${triggers(t, 'INSERT')}`;
    case 'set_on_update':
      return `${columns(t, 'extra', column)}\n${triggers(t, 'UPDATE')}`;
  }
}

function askTable(t: Target, fact: TableFactAsked): string | null {
  const named = ofTable(t);
  switch (fact) {
    case 'rows':
      return `SELECT COUNT(*) FROM ${table(t.name)};`;
    case 'columns':
      return `SELECT column_name, column_type, is_nullable, column_key, extra FROM information_schema.columns WHERE ${named} ORDER BY ordinal_position;`;
    case 'primary_key':
      return `SELECT column_name FROM information_schema.key_column_usage WHERE ${named} AND constraint_name = 'PRIMARY' ORDER BY ordinal_position;`;
    case 'changes':
      return `SELECT count_insert, count_update, count_delete FROM performance_schema.table_io_waits_summary_by_table WHERE ${ofTable(t, 'object_schema', 'object_name')};`;
    case 'readable':
      return `SELECT privilege_type FROM information_schema.table_privileges WHERE ${named} AND privilege_type = 'SELECT' UNION ALL SELECT privilege_type FROM information_schema.schema_privileges WHERE ${inDatabaseOf(t)} AND privilege_type = 'SELECT' UNION ALL SELECT privilege_type FROM information_schema.user_privileges WHERE privilege_type = 'SELECT';`;
    case 'tracking_database':
    case 'tracking_table':
      return null;
  }
}

/** How MySQL writes a name, made once, not a call (100,000 names read in 13-22 ms, not 41-46). */
const NAMES: NameRules = { quotes: [['`', '`']], fold: (bare) => bare, database: false };

/** MySQL and MariaDB. */
export const MYSQL: SqlDialect = {
  name: 'mysql',
  identifierLimit: LIMIT,
  types: MYSQL_TYPES,
  words: DATABASE_WORDS,
  underscoreArrays: false,
  namesDatabase: false,
  quote,
  literal,
  parseTableName: (text) => tableNameOf(text, NAMES),
  table,
  // Statements that name the database need no comment; a table given alone does.
  footer: () => '',
  header: (name) => (name.schema === undefined ? '-- Run in the database that holds the table.\n' : ''),
  setOnEveryUpdate: (t, column) => {
    const trigger = inDatabase(t.name, objectName('qm_upd', t.name, column, LIMIT));
    return [
      `DROP TRIGGER IF EXISTS ${trigger};`,
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON ${table(t.name)} FOR EACH ROW SET NEW.${quote(column)} = CURRENT_TIMESTAMP(6);`,
    ].join('\n');
  },
  addUpdatedAt: (t, column) =>
    unless(
      columnCount(t, column),
      `ALTER TABLE ${table(t.name)} ADD COLUMN ${quote(column)} DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6)`,
      `unchanged: the table already has a column ${column}`,
    ),
  // A table has at most one AUTO_INCREMENT column: where it has one, nothing is changed.
  addIdentityColumn: (t, column) =>
    unless(
      columnCount(t, column, "extra LIKE '%auto_increment%'"),
      `ALTER TABLE ${table(t.name)} ADD COLUMN ${quote(column)} BIGINT NOT NULL AUTO_INCREMENT UNIQUE`,
      `unchanged: the table already has a column ${column} or an AUTO_INCREMENT column, which is the one to name`,
    ),
  setNotNull: () => null,
  addPrimaryKey: () => null,
  // Unless the column already has a unique index of its own.
  addUniqueIndex: (t, column) =>
    unless(
      `SELECT COUNT(*) FROM (SELECT index_name FROM information_schema.statistics WHERE ${ofTable(t)} AND non_unique = 0 GROUP BY index_name HAVING COUNT(*) = 1 AND MAX(column_name) = ${literal(column)}) AS qm_unique`,
      `CREATE UNIQUE INDEX ${quote(objectName('qm_uq', t.name, column, LIMIT))} ON ${table(t.name)} (${quote(column)})`,
      `unchanged: column ${column} already has a unique index of its own`,
    ),
  grantSelect: (t, user) => {
    const account = accountOf(user);
    return account === undefined ? null : `GRANT SELECT ON ${table(t.name)} TO ${account};`;
  },
  ...NO_CHANGE_TRACKING,
  askColumn,
  askTable,
  writesQuery: writesAllButTracking,
};
