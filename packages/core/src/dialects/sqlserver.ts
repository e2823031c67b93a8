/**
 * SQL Server: names in brackets (`]` doubled); string literals as `N'…'` (a quote doubled; T-SQL
 * has no other escape); names of generated objects at most 128 characters. A trigger must start
 * its batch, so statements are separated by `GO` lines, as `sqlcmd` and SSMS read them. Each
 * statement that creates something checks first that it is not there. A column is never rewritten
 * with `ALTER COLUMN` (which needs its whole type and resets its collation); a statement that would
 * need it is not written. A three-part name (`sales.dbo.orders`) names its database in every
 * table reference, and the text starts with `USE [sales]` then `GO`: a trigger cannot be created
 * on a table of another database, and `OBJECT_ID`, `OBJECTPROPERTY`, `OBJECT_DEFINITION`,
 * `TYPE_NAME` and `sys.*` read the current database (general knowledge of T-SQL).
 *
 * @module
 */
import { objectName } from './object-name.js';
import { type NameRules, tableNameOf } from './qualified-name.js';
import { SQLSERVER_TYPES } from './type-families/sqlserver.js';
import type { ColumnQuestion, SqlDialect, TableFactAsked, TableName, Target, Written } from './types.js';
import { DATABASE_WORDS } from './words.js';

const quote = (identifier: string): string => `[${identifier.replaceAll(']', ']]')}]`;

const literal = (text: string): string => `N'${text.replaceAll("'", "''")}'`;

/** The table, with its schema and its database when known. */
function table(name: TableName): string {
  const inSchema =
    name.schema === undefined ? quote(name.table) : `${quote(name.schema)}.${quote(name.table)}`;
  return name.database === undefined ? inSchema : `${quote(name.database)}.${inSchema}`;
}

const LIMIT = 128;

/**
 * The batch after `USE [database]` that stops the script in any other database: where `USE`
 * failed (no such database, no permission), `sqlcmd` and SSMS go on with the next batch in the
 * current one, so this raises an error naming both databases and sets `NOEXEC` on, which
 * compiles the batches that follow but runs none, until the `SET NOEXEC OFF` that ends the
 * script. Names go to `RAISERROR` as arguments, never in its format (a `%` in a name).
 * Microsoft's docs: https://learn.microsoft.com/sql/t-sql/functions/db-name-transact-sql,
 * https://learn.microsoft.com/sql/t-sql/language-elements/raiserror-transact-sql,
 * https://learn.microsoft.com/sql/t-sql/statements/set-noexec-transact-sql. Not run on a server
 * here (no SQL Server in the test servers): its text is tested, not its effect.
 */
const guard = (database: string): string =>
  `IF DB_NAME() <> ${literal(database)} BEGIN DECLARE @connected nvarchar(258) = QUOTENAME(DB_NAME()); RAISERROR(N'connected to database %s, this is for database %s: connect to it and run this again', 16, 1, @connected, ${literal(quote(database))}) WITH NOWAIT; SET NOEXEC ON; END;`;

const objectId = (name: TableName): string => `OBJECT_ID(${literal(table(name))})`;

const batches = (...statements: string[]): string => statements.join('\nGO\n');

const columnCheck = (t: Target, column: string): string =>
  `COL_LENGTH(${literal(table(t.name))}, ${literal(column)})`;

function askColumn(t: Target, column: string, fact: ColumnQuestion): string {
  const c = `c.object_id = ${objectId(t.name)} AND c.name = ${literal(column)}`;
  switch (fact) {
    case 'type':
      return `SELECT TYPE_NAME(c.user_type_id), c.max_length, c.precision, c.scale FROM sys.columns AS c WHERE ${c};`;
    case 'nullable':
      return `SELECT c.is_nullable FROM sys.columns AS c WHERE ${c};`;
    case 'unique':
      return `SELECT i.name FROM sys.indexes AS i JOIN sys.index_columns AS ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id JOIN sys.columns AS c ON c.object_id = ic.object_id AND c.column_id = ic.column_id WHERE i.is_unique = 1 AND ${c} AND (SELECT COUNT(*) FROM sys.index_columns AS k WHERE k.object_id = i.object_id AND k.index_id = i.index_id AND k.is_included_column = 0) = 1;`;
    case 'auto_increment':
      return `SELECT c.is_identity FROM sys.columns AS c WHERE ${c};`;
    case 'set_on_insert':
      return `SELECT c.is_identity, OBJECT_DEFINITION(c.default_object_id) FROM sys.columns AS c WHERE ${c};\nSELECT tr.name, OBJECT_DEFINITION(tr.object_id) FROM sys.triggers AS tr WHERE tr.parent_id = ${objectId(t.name)};`;
    case 'set_on_update':
      return `SELECT tr.name, OBJECT_DEFINITION(tr.object_id) FROM sys.triggers AS tr WHERE tr.parent_id = ${objectId(t.name)};`;
  }
}

function askTable(t: Target, fact: TableFactAsked): string {
  const id = objectId(t.name);
  switch (fact) {
    case 'rows':
      return `SELECT COUNT_BIG(*) FROM ${table(t.name)};`;
    case 'columns':
      return `SELECT c.name, TYPE_NAME(c.user_type_id), c.is_nullable FROM sys.columns AS c WHERE c.object_id = ${id} ORDER BY c.column_id;`;
    case 'primary_key':
      return `SELECT c.name FROM sys.indexes AS i JOIN sys.index_columns AS ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id JOIN sys.columns AS c ON c.object_id = ic.object_id AND c.column_id = ic.column_id WHERE i.object_id = ${id} AND i.is_primary_key = 1 ORDER BY ic.key_ordinal;`;
    case 'changes':
      return `SELECT SUM(leaf_insert_count), SUM(leaf_update_count), SUM(leaf_delete_count) FROM sys.dm_db_index_operational_stats(DB_ID(), ${id}, NULL, NULL);`;
    case 'readable':
      return `SELECT HAS_PERMS_BY_NAME(${literal(table(t.name))}, 'OBJECT', 'SELECT') AS readable;`;
    case 'tracking_database':
      return 'SELECT retention_period, retention_period_units_desc, is_auto_cleanup_on FROM sys.change_tracking_databases WHERE database_id = DB_ID();';
    case 'tracking_table':
      return `SELECT is_track_columns_updated_on, min_valid_version FROM sys.change_tracking_tables WHERE object_id = ${id};`;
  }
}

/**
 * What `sqlcmd` and SSMS read in a script's lines before T-SQL does, quotes or not: a line that
 * starts with `GO` (a batch separator), `:` or `!!` (sqlcmd's commands, `!!` runs a shell
 * command), and `$(` (a scripting variable, replaced anywhere). A name that holds one would split a
 * statement or run something else, so no statement is written with it (general knowledge of the
 * tools: https://learn.microsoft.com/sql/tools/sqlcmd/sqlcmd-utility).
 */
const READ_BY_THE_TOOLS = /[\n\r\v\f\u0085\u2028\u2029][ \t]*(?:go(?![\p{L}\p{N}_@#$])|:|!!)|\$\(/iu;

/** Whether a writer's arguments (names, a target's names and key) hold what the tools read. */
function readByTheTools(value: unknown): boolean {
  if (typeof value === 'string') return READ_BY_THE_TOOLS.test(value);
  if (typeof value !== 'object' || value === null) return false;
  // `for...in` reads an array's items and an object's values alike, allocating nothing: 10% of the cheaper modes' words (pnpm bench questions).
  for (const key in value) if (readByTheTools((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** A writer that writes nothing (null) for a name the tools would read (`READ_BY_THE_TOOLS`). */
const refusing =
  <A extends unknown[]>(write: (...args: A) => Written) =>
  (...args: A): Written =>
    args.some(readByTheTools) ? null : write(...args);

/** How SQL Server writes a name, made once, not a call (100,000 names read in 13-22 ms, not 41-46). */
const NAMES: NameRules = {
  quotes: [
    ['[', ']'],
    ['"', '"'],
  ],
  fold: (bare) => bare,
  database: true,
};

/** SQL Server. */
export const SQLSERVER: SqlDialect = {
  name: 'sqlserver',
  identifierLimit: LIMIT,
  types: SQLSERVER_TYPES,
  words: DATABASE_WORDS,
  underscoreArrays: false,
  namesDatabase: true,
  quote,
  literal,
  parseTableName: (text) => tableNameOf(text, NAMES),
  table,
  header: (name) =>
    name.database === undefined ? '' : `USE ${quote(name.database)};\nGO\n${guard(name.database)}\nGO\n`,
  // The session runs again what follows the script, whether the guard stopped it or not.
  footer: (name) => (name.database === undefined ? '' : '\nGO\nSET NOEXEC OFF;'),
  // GRANT takes no database in its object's name: the `USE` of the header gives it.
  grantSelect: refusing(
    (t: Target, user: string) =>
      `GRANT SELECT ON ${table({ schema: t.name.schema, table: t.name.table })} TO ${quote(user)};`,
  ),
  setOnEveryUpdate: refusing((t: Target, column: string) => {
    if (t.key.length === 0) return null;
    const trigger = `${t.name.schema === undefined ? '' : `${quote(t.name.schema)}.`}${quote(objectName('qm_upd', t.name, column, LIMIT))}`;
    const on = t.key.map((k) => `x.${quote(k)} = i.${quote(k)}`).join(' AND ');
    return batches(
      `CREATE OR ALTER TRIGGER ${trigger} ON ${table(t.name)} AFTER UPDATE AS BEGIN SET NOCOUNT ON; IF TRIGGER_NESTLEVEL() > 1 RETURN; UPDATE x SET ${quote(column)} = SYSUTCDATETIME() FROM ${table(t.name)} AS x JOIN inserted AS i ON ${on}; END;`,
    );
  }),
  addUpdatedAt: refusing((t: Target, column: string) => {
    const trigger = SQLSERVER.setOnEveryUpdate(t, column);
    if (typeof trigger !== 'string') return null;
    return batches(
      `IF ${columnCheck(t, column)} IS NULL ALTER TABLE ${table(t.name)} ADD ${quote(column)} DATETIME2 NOT NULL CONSTRAINT ${quote(objectName('qm_df', t.name, column, LIMIT))} DEFAULT SYSUTCDATETIME();`,
      trigger,
    );
  }),
  // A table has at most one IDENTITY column: where it has one, nothing is changed.
  addIdentityColumn: refusing(
    (t: Target, column: string) =>
      `IF ${columnCheck(t, column)} IS NULL AND OBJECTPROPERTY(${objectId(t.name)}, 'TableHasIdentity') = 0 ALTER TABLE ${table(t.name)} ADD ${quote(column)} BIGINT IDENTITY(1,1) NOT NULL CONSTRAINT ${quote(objectName('qm_uq', t.name, column, LIMIT))} UNIQUE;`,
  ),
  setNotNull: () => null,
  addUniqueIndex: refusing(
    (t: Target, column: string) =>
      `IF INDEXPROPERTY(${objectId(t.name)}, ${literal(objectName('qm_uq', t.name, column, LIMIT))}, 'IndexID') IS NULL CREATE UNIQUE INDEX ${quote(objectName('qm_uq', t.name, column, LIMIT))} ON ${table(t.name)} (${quote(column)});`,
  ),
  addPrimaryKey: refusing(
    (t: Target, column: string) =>
      `IF OBJECTPROPERTY(${objectId(t.name)}, 'TableHasPrimaryKey') = 0 ALTER TABLE ${table(t.name)} ADD CONSTRAINT ${quote(objectName('qm_pk', t.name, column, LIMIT))} PRIMARY KEY (${quote(column)});`,
  ),
  enableTrackingOnDatabase: (minutes) =>
    `IF NOT EXISTS (SELECT 1 FROM sys.change_tracking_databases WHERE database_id = DB_ID()) ALTER DATABASE CURRENT SET CHANGE_TRACKING = ON (CHANGE_RETENTION = ${minutes} MINUTES, AUTO_CLEANUP = ON);`,
  enableTrackingOnTable: refusing(
    (t: Target) =>
      `IF NOT EXISTS (SELECT 1 FROM sys.change_tracking_tables WHERE object_id = ${objectId(t.name)}) ALTER TABLE ${table(t.name)} ENABLE CHANGE_TRACKING;`,
  ),
  setTrackingRetention: (minutes) =>
    `ALTER DATABASE CURRENT SET CHANGE_TRACKING (CHANGE_RETENTION = ${minutes} MINUTES);`,
  askColumn: refusing(askColumn),
  askTable: refusing(askTable),
  // As `refusing` decides: a query unless a name is one the tools would read.
  writesQuery: (t, ask) => !readByTheTools(t) && ('table' in ask || !readByTheTools(ask.column)),
};
