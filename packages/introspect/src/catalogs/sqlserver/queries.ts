/**
 * The SQL the SQL Server catalog reader runs, as named constants: six catalog queries whatever the
 * number of tables. `@p0` is the JSON array of schemas to read. Every query reads the catalog
 * views (`sys.*`), never a table's rows.
 *
 * @module
 */

/** Session setting: wait at most 60 s for a lock on catalog metadata. */
export const MS_LOCK_TIMEOUT = 'SET LOCK_TIMEOUT 60000';

/**
 * The server, the database, the login, and change tracking on the database
 * (`sys.change_tracking_databases`: retention and auto-cleanup).
 */
export const MS_SETTINGS = `
SELECT CAST(SERVERPROPERTY('ProductVersion') AS nvarchar(128)) AS version,
       CAST(SERVERPROPERTY('Edition') AS nvarchar(128)) AS edition,
       DB_NAME() AS database_name,
       SUSER_SNAME() AS user_name,
       CASE WHEN ctd.database_id IS NULL THEN 0 ELSE 1 END AS ct_enabled,
       ctd.retention_period,
       ctd.retention_period_units_desc,
       ctd.is_auto_cleanup_on
  FROM (SELECT DB_ID() AS id) AS db
  LEFT JOIN sys.change_tracking_databases AS ctd ON ctd.database_id = db.id`;

/** The schemas, with whether each is a system schema (sys, INFORMATION_SCHEMA, guest, the db_* role schemas). */
export const MS_SCHEMAS = `
SELECT s.name AS schema_name,
       CASE WHEN s.name IN ('sys', 'INFORMATION_SCHEMA', 'guest') OR s.schema_id >= 16384 THEN 1 ELSE 0 END AS is_system
  FROM sys.schemas AS s`;

/** The user objects of the schemas asked for. */
const IN_SCHEMAS = `o.type IN ('U', 'V') AND o.is_ms_shipped = 0
   AND s.name IN (SELECT [value] FROM OPENJSON(@p0))`;

/**
 * The tables and views: whether the user may SELECT, the rows (\`sys.partitions\` of the heap or
 * clustered index, summed over partitions) and change tracking on the table.
 */
export const MS_TABLES = `
SELECT o.object_id,
       s.name AS schema_name,
       o.name AS table_name,
       o.type AS object_type,
       HAS_PERMS_BY_NAME(QUOTENAME(s.name) + '.' + QUOTENAME(o.name), 'OBJECT', 'SELECT') AS readable,
       p.row_count,
       p.partitions,
       CASE WHEN ctt.object_id IS NULL THEN 0 ELSE 1 END AS ct_table_enabled
  FROM sys.objects AS o
  JOIN sys.schemas AS s ON s.schema_id = o.schema_id
  LEFT JOIN (SELECT object_id, SUM(rows) AS row_count, COUNT(*) AS partitions
               FROM sys.partitions WHERE index_id IN (0, 1) GROUP BY object_id) AS p ON p.object_id = o.object_id
  LEFT JOIN sys.change_tracking_tables AS ctt ON ctt.object_id = o.object_id
 WHERE ${IN_SCHEMAS}`;

/** The columns: type (with its size), NULL, IDENTITY, computed, and the default's definition. */
export const MS_COLUMNS = `
SELECT c.object_id,
       c.name AS column_name,
       t.name AS type_name,
       bt.name AS base_type_name,
       c.max_length,
       c.precision,
       c.scale,
       c.is_nullable,
       c.is_identity,
       c.is_computed,
       dc.definition AS default_definition
  FROM sys.columns AS c
  JOIN sys.objects AS o ON o.object_id = c.object_id
  JOIN sys.schemas AS s ON s.schema_id = o.schema_id
  JOIN sys.types AS t ON t.user_type_id = c.user_type_id
  LEFT JOIN sys.types AS bt ON bt.user_type_id = t.system_type_id AND t.is_user_defined = 1
  LEFT JOIN sys.default_constraints AS dc ON dc.object_id = c.default_object_id
 WHERE ${IN_SCHEMAS}
 ORDER BY c.object_id, c.column_id`;

/** The key columns of primary keys and unique indexes that are enabled and not filtered. */
export const MS_KEYS = `
SELECT i.object_id,
       i.index_id,
       i.is_primary_key,
       ic.key_ordinal,
       c.name AS column_name
  FROM sys.indexes AS i
  JOIN sys.index_columns AS ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id AND ic.key_ordinal > 0
  JOIN sys.columns AS c ON c.object_id = ic.object_id AND c.column_id = ic.column_id
  JOIN sys.objects AS o ON o.object_id = i.object_id
  JOIN sys.schemas AS s ON s.schema_id = o.schema_id
 WHERE ${IN_SCHEMAS} AND (i.is_primary_key = 1 OR i.is_unique = 1) AND i.has_filter = 0 AND i.is_disabled = 0
 ORDER BY i.object_id, i.index_id, ic.key_ordinal`;

/** The DML triggers: events, INSTEAD OF, disabled, and their code (NULL when encrypted or not visible). */
export const MS_TRIGGERS = `
SELECT tr.parent_id AS object_id,
       tr.name AS trigger_name,
       tr.is_disabled,
       tr.is_instead_of_trigger,
       te.type_desc AS event,
       m.definition
  FROM sys.triggers AS tr
  JOIN sys.trigger_events AS te ON te.object_id = tr.object_id
  LEFT JOIN sys.sql_modules AS m ON m.object_id = tr.object_id
  JOIN sys.objects AS o ON o.object_id = tr.parent_id
  JOIN sys.schemas AS s ON s.schema_id = o.schema_id
 WHERE tr.parent_class = 1 AND ${IN_SCHEMAS}`;
