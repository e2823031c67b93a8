/**
 * The SQL the MySQL/MariaDB catalog reader runs, as named constants. `IN (?)` takes the list of
 * schemas (databases) to read, expanded by the driver. Every query reads `information_schema`
 * (and, where it is on, `performance_schema`), never a table's rows.
 *
 * @module
 */

/** The server, the default database and the user, and whether performance_schema is on. */
export const MY_SETTINGS = `
SELECT VERSION() AS version,
       DATABASE() AS database_name,
       CURRENT_USER() AS user_name,
       @@performance_schema AS performance_schema`;

/** MariaDB: a statement timeout in seconds (`?`). */
export const MARIADB_STATEMENT_TIMEOUT = 'SET SESSION max_statement_time = ?';

/** MySQL: a SELECT timeout in milliseconds (`?`). */
export const MYSQL_STATEMENT_TIMEOUT = 'SET SESSION max_execution_time = ?';

/** MySQL 8: read fresh table statistics instead of the cached ones (TABLE_ROWS). */
export const MYSQL_FRESH_STATISTICS = 'SET SESSION information_schema_stats_expiry = 0';

/** Opens the read-only transaction. */
export const MY_BEGIN = 'START TRANSACTION READ ONLY';

/** Ends it. */
export const MY_END = 'ROLLBACK';

/** Every schema (database) the user can see. */
export const MY_SCHEMAS = 'SELECT SCHEMA_NAME AS schema_name FROM information_schema.SCHEMATA';

/**
 * The tables and views: type, engine, the row estimate (`TABLE_ROWS`: InnoDB's statistics
 * estimate; the sum over partitions for a partitioned table) and create options.
 */
export const MY_TABLES = `
SELECT TABLE_SCHEMA AS schema_name, TABLE_NAME AS table_name, TABLE_TYPE AS table_type,
       ENGINE AS engine, TABLE_ROWS AS table_rows, CREATE_OPTIONS AS create_options
  FROM information_schema.TABLES
 WHERE TABLE_SCHEMA IN (?)`;

/** The columns: type, nullability, default, and EXTRA (auto_increment, on update, generated). */
export const MY_COLUMNS = `
SELECT TABLE_SCHEMA AS schema_name, TABLE_NAME AS table_name, COLUMN_NAME AS column_name,
       COLUMN_TYPE AS column_type, IS_NULLABLE AS is_nullable, COLUMN_DEFAULT AS column_default,
       EXTRA AS extra
  FROM information_schema.COLUMNS
 WHERE TABLE_SCHEMA IN (?)
 ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`;

/** The columns of the primary keys and unique indexes, in key order (a NULL column is an expression). */
export const MY_KEYS = `
SELECT TABLE_SCHEMA AS schema_name, TABLE_NAME AS table_name, INDEX_NAME AS index_name,
       SEQ_IN_INDEX AS seq, COLUMN_NAME AS column_name
  FROM information_schema.STATISTICS
 WHERE TABLE_SCHEMA IN (?) AND NON_UNIQUE = 0
 ORDER BY TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`;

/**
 * The triggers (visible only on tables where the user has the TRIGGER privilege), in the order
 * the server fires those of one event and timing (`ACTION_ORDER`, set by FOLLOWS / PRECEDES).
 * AFTER INSERT triggers are left out: they cannot set a column (only BEFORE ones can) and an
 * error they raise is not read (only UPDATE and DELETE ones are, as rejecting those statements).
 */
export const MY_TRIGGERS = `
SELECT EVENT_OBJECT_SCHEMA AS schema_name, EVENT_OBJECT_TABLE AS table_name, TRIGGER_NAME AS trigger_name,
       EVENT_MANIPULATION AS event, ACTION_TIMING AS timing, ACTION_STATEMENT AS statement
  FROM information_schema.TRIGGERS
 WHERE EVENT_OBJECT_SCHEMA IN (?) AND (ACTION_TIMING = 'BEFORE' OR EVENT_MANIPULATION <> 'INSERT')
 ORDER BY EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE, EVENT_MANIPULATION, ACTION_TIMING, ACTION_ORDER`;

/**
 * The current user's SELECT and TRIGGER privileges, global, per schema (a schema may be a
 * pattern with % and _) and per table. `?` is the grantee, as `'user'@'host'`, three times.
 */
export const MY_PRIVILEGES = `
SELECT 'global' AS level, NULL AS schema_name, NULL AS table_name, PRIVILEGE_TYPE AS privilege
  FROM information_schema.USER_PRIVILEGES
 WHERE GRANTEE = ? AND PRIVILEGE_TYPE IN ('SELECT', 'TRIGGER')
UNION ALL
SELECT 'schema', TABLE_SCHEMA, NULL, PRIVILEGE_TYPE
  FROM information_schema.SCHEMA_PRIVILEGES
 WHERE GRANTEE = ? AND PRIVILEGE_TYPE IN ('SELECT', 'TRIGGER')
UNION ALL
SELECT 'table', TABLE_SCHEMA, TABLE_NAME, PRIVILEGE_TYPE
  FROM information_schema.TABLE_PRIVILEGES
 WHERE GRANTEE = ? AND PRIVILEGE_TYPE IN ('SELECT', 'TRIGGER')`;

/** The server's uptime in seconds: the window of performance_schema's counters. */
export const MY_UPTIME = "SHOW GLOBAL STATUS LIKE 'Uptime'";

/** Rows inserted, updated and deleted per table since the server started (performance_schema on). */
export const MY_COUNTERS = `
SELECT OBJECT_SCHEMA AS schema_name, OBJECT_NAME AS table_name,
       COUNT_INSERT AS n_ins, COUNT_UPDATE AS n_upd, COUNT_DELETE AS n_del
  FROM performance_schema.table_io_waits_summary_by_table
 WHERE OBJECT_TYPE = 'TABLE' AND OBJECT_SCHEMA IN (?)`;
