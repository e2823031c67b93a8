/**
 * The SQL the PostgreSQL catalog reader runs, as named constants: a read-only snapshot, then six
 * catalog queries whatever the number of tables. `$1` is the list of schemas to read (`text[]`) in
 * PG_TABLES, and the oids of the relations PG_TABLES found (`oid[]`) in the four after it.
 * Every query reads the system catalogs (`pg_catalog`) only, never a table's rows.
 *
 * @module
 */

/** Opens the read-only transaction: one snapshot for every catalog query. */
export const PG_BEGIN = 'BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY';

/** Ends it. */
export const PG_END = 'ROLLBACK';

/**
 * Exports the snapshot of the transaction PG_BEGIN opened, for a second connection to read the
 * same catalog state beside the first (PostgreSQL 10 and later export one on a standby too).
 */
export const PG_EXPORT_SNAPSHOT = 'SELECT pg_export_snapshot() AS snapshot';

/**
 * Makes the transaction PG_BEGIN just opened (on a second connection) read the snapshot that
 * PG_EXPORT_SNAPSHOT exported, quoted as a string literal: the same catalog state as the first.
 */
export const pgImportSnapshot = (snapshot: string): string =>
  `SET TRANSACTION SNAPSHOT '${snapshot.replaceAll("'", "''")}'`;

/** The relation kinds read: tables, partitioned tables, views, materialized views, foreign tables. */
const RELKINDS = `c.relkind IN ('r', 'p', 'v', 'm', 'f')`;

/** The relations of the schemas asked for (\`$1\`, \`text[]\`): PG_TABLES. */
const IN_SCHEMAS = `n.nspname = ANY ($1::text[]) AND ${RELKINDS}`;

/**
 * The rows of the relations PG_TABLES found (\`$1\`, their oids as \`oid[]\`), by \`column\`:
 * one probe of the catalog's index on it per relation. pg_class has no index on the schema, so
 * filtering by schema name scans all of pg_class: 0.2-0.4 s per statement in a database of
 * 164,000 relations; PG_TABLES scans it once and the other statements take its oids.
 */
const IN_RELATIONS = (column: string): string => `${column} = ANY ($1::oid[])`;

/**
 * The server, the database, the user, the statistics window (`pg_stat_database.stats_reset`:
 * the counters of `pg_stat_all_tables` run from there), and every schema with whether it is a
 * system schema.
 */
export const PG_SETTINGS = `
SELECT current_setting('server_version') AS version,
       current_setting('server_version_num')::int AS version_num,
       current_database() AS database,
       current_user AS user_name,
       current_setting('track_counts') AS track_counts,
       d.stats_reset::text AS stats_reset,
       extract(epoch FROM now() - d.stats_reset) / 86400.0 AS stats_days,
       (SELECT coalesce(json_agg(json_build_array(s.nspname,
                 s.nspname IN ('pg_catalog', 'information_schema')
                 OR s.nspname LIKE 'pg\\_toast%' OR s.nspname LIKE 'pg\\_temp\\_%') ORDER BY s.nspname), '[]')
          FROM pg_namespace s) AS schemas
FROM pg_stat_database d
WHERE d.datname = current_database()`;

/**
 * The relations: kind, quoted qualified name (\`quote_ident\`, which quotes a part only where it
 * needs quoting), whether the user may read it, the row estimate (\`reltuples\`: -1 when never
 * vacuumed or analysed; a partitioned table's is the sum over its leaf partitions, and a table
 * with INHERITS children's the sum over it and its descendants, whose names and oids are listed)
 * and the change counters of \`pg_stat_all_tables\` (summed the same way). The counters are read with the functions behind that view
 * (\`pg_stat_get_tuples_inserted\`, ...): the view first aggregates index statistics for every
 * table of the database, which took 66-115 ms against 17 ms on 10,000 tables. The trees start
 * from \`pg_inherits\` (a partitioned table without partitions has no leaves either way), and
 * whether a relation is an INHERITS child is one hashed \`IN\` over it: one pass, not a probe or a
 * second scan of \`pg_class\` per relation.
 */
export const PG_TABLES = `
WITH RECURSIVE tree AS (
  SELECT DISTINCT i.inhparent AS root, i.inhparent AS relid
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE ${IN_SCHEMAS}
     AND (c.relkind = 'p' OR (c.relkind = 'r' AND NOT c.relispartition))
  UNION ALL
  SELECT tree.root, i.inhrelid FROM tree JOIN pg_inherits i ON i.inhparent = tree.relid
), leaves AS (
  SELECT tree.root,
         count(*) FILTER (WHERE l.oid <> tree.root) AS partitions,
         CASE WHEN bool_or(l.reltuples < 0) THEN -1 ELSE sum(l.reltuples) END AS tuples,
         sum(pg_stat_get_tuples_inserted(l.oid)) AS ins,
         sum(pg_stat_get_tuples_updated(l.oid)) AS upd,
         sum(pg_stat_get_tuples_deleted(l.oid)) AS del,
         array_agg(l.oid::int8 ORDER BY l.oid) FILTER (WHERE l.oid <> tree.root) AS child_oids,
         array_agg(quote_ident(ln.nspname) || '.' || quote_ident(l.relname) ORDER BY ln.nspname, l.relname)
           FILTER (WHERE l.oid <> tree.root) AS children
    FROM tree
    JOIN pg_class l ON l.oid = tree.relid AND l.relkind <> 'p'
    JOIN pg_namespace ln ON ln.oid = l.relnamespace
   GROUP BY tree.root
)
SELECT c.oid::int8 AS oid,
       n.nspname AS schema_name,
       c.relname AS table_name,
       quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS qualified,
       c.relkind::text AS relkind,
       c.relispartition AS is_partition,
       (NOT c.relispartition AND c.oid IN (
          SELECT i.inhrelid FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent
           WHERE p.relkind = 'r')) AS is_inheritance_child,
       has_schema_privilege(n.oid, 'USAGE') AND has_table_privilege(c.oid, 'SELECT') AS readable,
       CASE WHEN c.relkind = 'p' OR leaves.root IS NOT NULL THEN coalesce(leaves.tuples, 0) ELSE c.reltuples END::float8 AS tuples,
       c.relpages AS pages,
       leaves.partitions,
       CASE WHEN c.relkind = 'r' THEN leaves.child_oids END AS child_oids,
       CASE WHEN c.relkind = 'r' THEN leaves.children END AS children,
       CASE WHEN c.relkind = 'p' OR leaves.root IS NOT NULL THEN leaves.ins ELSE pg_stat_get_tuples_inserted(c.oid) END::int8 AS n_ins,
       CASE WHEN c.relkind = 'p' OR leaves.root IS NOT NULL THEN leaves.upd ELSE pg_stat_get_tuples_updated(c.oid) END::int8 AS n_upd,
       CASE WHEN c.relkind = 'p' OR leaves.root IS NOT NULL THEN leaves.del ELSE pg_stat_get_tuples_deleted(c.oid) END::int8 AS n_del
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN leaves ON leaves.root = c.oid
 WHERE ${IN_SCHEMAS}`;

/**
 * The columns of the relations \`$1\` (\`oid[]\`: those PG_TABLES found): type, NOT NULL, identity,
 * generated, and the default expression. A column of a domain (\`CREATE DOMAIN ts_utc AS
 * timestamptz\`) is given the type at the end of its chain of domains, with that domain's
 * modifiers (\`typtypmod\`), and the domain's name in \`domain_name\`; only the types of these
 * columns are looked up (by oid), not every domain of the database. No ORDER BY (the reader orders
 * each table's columns by \`attnum\`): the rows then come as computed, not once all are (10,000
 * tables: the last row 137 ms after the statement instead of 174 ms).
 */
export const PG_COLUMNS = `
WITH RECURSIVE attrs AS (
  SELECT a.attrelid, a.attnum, a.attname, a.atttypid, a.atttypmod, a.attnotnull, a.attidentity, a.attgenerated
    FROM pg_attribute a
   WHERE ${IN_RELATIONS('a.attrelid')} AND a.attnum > 0 AND NOT a.attisdropped
), domains AS (
  SELECT t.oid AS domain, t.typbasetype AS base, t.typtypmod AS typmod
    FROM pg_type t
   WHERE t.oid IN (SELECT attrs.atttypid FROM attrs) AND t.typtype = 'd'
  UNION ALL
  SELECT d.domain, t.typbasetype, t.typtypmod FROM domains d JOIN pg_type t ON t.oid = d.base AND t.typtype = 'd'
), domain_bases AS (
  SELECT d.domain, d.base, d.typmod FROM domains d JOIN pg_type t ON t.oid = d.base WHERE t.typtype <> 'd'
)
SELECT a.attrelid::int8 AS oid,
       a.attnum AS attnum,
       a.attname AS column_name,
       format_type(coalesce(b.base, a.atttypid), CASE WHEN b.base IS NULL THEN a.atttypmod ELSE b.typmod END) AS data_type,
       CASE WHEN b.base IS NOT NULL THEN format_type(a.atttypid, a.atttypmod) END AS domain_name,
       a.attnotnull AS not_null,
       a.attidentity::text AS identity,
       a.attgenerated::text AS generated,
       pg_get_expr(d.adbin, d.adrelid) AS default_expr
  FROM attrs a
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  LEFT JOIN domain_bases b ON b.domain = a.atttypid`;

/**
 * The primary keys and unique indexes of the relations \`$1\` that are valid, not partial and not on expressions, with
 * their columns' numbers (\`attnum\`, matched with PG_COLUMNS) and how many of them are key columns
 * (the rest are INCLUDE columns), as the text of an \`int2vector\` (\`1 3\`: an \`int2[]\` went through the
 * driver's array parser, 62 ms of 1,000 tables' 2,000 keys). Unique constraints are backed by such indexes. (Resolving the
 * names here, with a subquery per index, took 190 ms of 10,000 tables' 20,000 indexes.)
 */
export const PG_KEYS = `
SELECT i.indrelid::int8 AS oid,
       i.indisprimary AS is_primary,
       i.indkey::text AS key_attnums,
       i.indnkeyatts AS key_count
  FROM pg_index i
 WHERE ${IN_RELATIONS('i.indrelid')} AND (i.indisprimary OR i.indisunique) AND i.indisvalid
   AND i.indpred IS NULL AND i.indexprs IS NULL`;

/** A trigger that fires in ordinary sessions: \`tgenabled\` O or A (read.ts notes the others and reads no further). */
const FIRES = `t.tgenabled IN ('O', 'A')`;

/** A trigger that can set a column: it fires, and is row-level and BEFORE (tgtype bits 1 and 2, not 64). */
const CAN_SET = `${FIRES} AND (t.tgtype::int & 67) = 3`;

/**
 * The user-defined triggers of the relations \`$1\`: the \`tgtype\` bits (1 row, 2 before, 4 insert, 8 delete, 16 update,
 * 64 instead of), enabled state, WHEN condition, column list (\`UPDATE OF\`) and function, in
 * the order PostgreSQL fires the triggers of one event and timing: by name. The definition (for
 * the WHEN condition) and the arguments (moddatetime's column) are read only for the triggers
 * that can set a column: \`pg_get_triggerdef\` deparses each trigger it is given.
 */
export const PG_TRIGGERS = `
SELECT t.tgrelid::int8 AS oid,
       t.tgname AS trigger_name,
       t.tgtype::int AS trigger_type,
       t.tgenabled::text AS enabled,
       t.tgqual IS NOT NULL AS has_when,
       CASE WHEN t.tgqual IS NOT NULL AND ${CAN_SET} THEN pg_get_triggerdef(t.oid) END AS definition,
       cardinality(t.tgattr::int2[]) > 0 AS has_columns,
       t.tgfoid::int8 AS function_oid,
       CASE WHEN t.tgnargs > 0 AND ${CAN_SET} THEN t.tgargs END AS args
  FROM pg_trigger t
 WHERE ${IN_RELATIONS('t.tgrelid')} AND NOT t.tgisinternal
 ORDER BY t.tgrelid, t.tgname COLLATE "C"`;

/**
 * The functions of the triggers of the relations \`$1\` that fire, once each however many tables share one: language and
 * source (for a C function, its symbol, such as \`moddatetime\` of the contrib extension of that name).
 */
export const PG_TRIGGER_FUNCTIONS = `
SELECT p.oid::int8 AS oid,
       quote_ident(pn.nspname) || '.' || quote_ident(p.proname) AS function_name,
       l.lanname AS language,
       p.prosrc AS source
  FROM pg_proc p
  JOIN pg_language l ON l.oid = p.prolang
  JOIN pg_namespace pn ON pn.oid = p.pronamespace
 WHERE p.oid IN (SELECT t.tgfoid
                   FROM pg_trigger t
                  WHERE ${IN_RELATIONS('t.tgrelid')} AND NOT t.tgisinternal AND ${FIRES})`;

/** The catalog queries, in the order they run (the settings query first). */
export const PG_CATALOG_QUERIES = [
  PG_TABLES,
  PG_COLUMNS,
  PG_KEYS,
  PG_TRIGGERS,
  PG_TRIGGER_FUNCTIONS,
] as const;
