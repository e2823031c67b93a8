/**
 * The facts a check may need and not have, each as a question in words, the trait that holds the
 * answer, and the query that establishes it in the source's dialect, or a plain statement that no
 * query can (a pipeline setting, an unknown source). One definition per fact: every check that
 * reads a fact asks it the same way.
 *
 * @module
 */
import type { ChangeKind } from '../../catalogue/types.js';
import type { ColumnFacts } from '../facts/column-facts.js';
import type { Dialect } from '../facts/sources.js';
import type { TableFacts } from '../facts/table-facts.js';
import { literal, nameParts, tableRef } from './names.js';

/** A key path into the traits, such as `['columns', 2, 'nullable']` or `['rows']`. */
export type TraitPath = readonly (string | number)[];

/** A fact to establish. */
export interface FactQuestion {
  /** The trait that holds the answer. */
  readonly path: TraitPath;
  /** The question, in words. */
  readonly question: string;
  /** The query that answers it, in the source's dialect; null when there is none. */
  readonly query: string | null;
  /** Why there is no query, when there is none. */
  readonly noQuery?: string;
}

/** The facts of the table a check can ask. */
export type TableFactName =
  | 'rows'
  | 'source'
  | 'pipeline_mode'
  | 'replication_frequency_minutes'
  | 'columns'
  | 'primary_key'
  | ChangeKind
  | 'change_tracking.database_enabled'
  | 'change_tracking.table_enabled'
  | 'change_tracking.retention_minutes';

/** The facts of a column a check can ask. */
export type ColumnFactName =
  | 'type'
  | 'nullable'
  | 'unique'
  | 'primary_key'
  | 'auto_increment'
  | 'set_on_insert'
  | 'set_on_update';

const NO_DIALECT = 'no query until the kind of source is known: give `source` for one in its dialect';

function noQuery(path: TraitPath, question: string, why: string): FactQuestion {
  return { path, question, query: null, noQuery: why };
}

function dialectQuery(
  facts: TableFacts,
  path: TraitPath,
  question: string,
  query: (d: Dialect) => string | null,
): FactQuestion {
  const d = facts.profile.dialect;
  if (d === null)
    return noQuery(
      path,
      question,
      facts.source === undefined ? NO_DIALECT : `no query for ${facts.profile.label}`,
    );
  const sql = query(d);
  return sql === null
    ? noQuery(path, question, `no query for ${facts.profile.label}`)
    : { path, question, query: sql };
}

/** `information_schema.columns` (PostgreSQL, MySQL, SQL Server) or `all_tab_columns` (Oracle) for one column. */
function columnCatalog(
  d: Dialect,
  facts: TableFacts,
  column: string,
  select: string,
  oracleSelect: string,
): string {
  const { schema, table } = nameParts(facts);
  if (d === 'oracle')
    return `SELECT ${oracleSelect} FROM all_tab_columns WHERE owner = ${literal(schema.toUpperCase())} AND table_name = ${literal(table.toUpperCase())} AND column_name = ${literal(column.toUpperCase())};`;
  return `SELECT ${select} FROM information_schema.columns WHERE table_schema = ${literal(schema)} AND table_name = ${literal(table)} AND column_name = ${literal(column)};`;
}

function triggers(d: Dialect, facts: TableFacts): string {
  const t = tableRef(facts);
  const { table } = nameParts(facts);
  switch (d) {
    case 'postgresql':
      return `SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE tgrelid = ${literal(t)}::regclass AND NOT tgisinternal;`;
    case 'mysql':
      return `SELECT trigger_name, action_timing, event_manipulation, action_statement FROM information_schema.triggers WHERE event_object_table = ${literal(table)};`;
    case 'sqlserver':
      return `SELECT name, OBJECT_DEFINITION(object_id) FROM sys.triggers WHERE parent_id = OBJECT_ID(${literal(t)});`;
    case 'oracle':
      return `SELECT trigger_name, triggering_event, trigger_body FROM all_triggers WHERE table_name = ${literal(table.toUpperCase())};`;
  }
}

/** Asks a fact of a column. */
export function askColumn(fact: ColumnFactName, column: ColumnFacts, facts: TableFacts): FactQuestion {
  const path: TraitPath = ['columns', column.index, fact];
  const name = column.name;
  const c = `\`${name}\``;
  switch (fact) {
    case 'type':
      return dialectQuery(facts, path, `What is the data type of column ${c}?`, (d) =>
        columnCatalog(d, facts, name, 'data_type', 'data_type'),
      );
    case 'nullable':
      return dialectQuery(facts, path, `Can column ${c} hold NULLs (is it declared NOT NULL)?`, (d) =>
        columnCatalog(d, facts, name, 'is_nullable', 'nullable'),
      );
    case 'unique':
      return dialectQuery(facts, path, `Does column ${c} have a unique constraint or index?`, (d) => {
        const t = tableRef(facts);
        const { schema, table } = nameParts(facts);
        switch (d) {
          case 'postgresql':
            return `SELECT indexdef FROM pg_indexes WHERE schemaname = ${literal(schema)} AND tablename = ${literal(table)} AND indexdef LIKE 'CREATE UNIQUE%';`;
          case 'mysql':
            return `SHOW INDEX FROM ${t} WHERE Non_unique = 0 AND Column_name = ${literal(name)};`;
          case 'sqlserver':
            return `SELECT i.name FROM sys.indexes AS i JOIN sys.index_columns AS ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id WHERE i.object_id = OBJECT_ID(${literal(t)}) AND i.is_unique = 1 AND COL_NAME(ic.object_id, ic.column_id) = ${literal(name)};`;
          case 'oracle':
            return `SELECT i.index_name FROM all_indexes i JOIN all_ind_columns c ON c.index_owner = i.owner AND c.index_name = i.index_name WHERE i.table_name = ${literal(table.toUpperCase())} AND i.uniqueness = 'UNIQUE' AND c.column_name = ${literal(name.toUpperCase())};`;
        }
      });
    case 'primary_key':
      return askTable('primary_key', facts, path, `Is column ${c} part of the primary key?`);
    case 'auto_increment':
      return dialectQuery(
        facts,
        path,
        `Is column ${c} an identity, serial or auto-increment column?`,
        (d) => {
          const t = tableRef(facts);
          switch (d) {
            case 'postgresql':
              return columnCatalog(d, facts, name, 'is_identity, column_default', '');
            case 'mysql':
              return columnCatalog(d, facts, name, 'extra', '');
            case 'sqlserver':
              return `SELECT COLUMNPROPERTY(OBJECT_ID(${literal(t)}), ${literal(name)}, 'IsIdentity');`;
            case 'oracle':
              return columnCatalog(d, facts, name, '', 'identity_column, data_default');
          }
        },
      );
    case 'set_on_insert':
      return dialectQuery(
        facts,
        path,
        `Does the database set column ${c} on every insert (a default or an insert trigger)?`,
        (d) => `${columnCatalog(d, facts, name, 'column_default', 'data_default')} ${triggers(d, facts)}`,
      );
    case 'set_on_update':
      return dialectQuery(
        facts,
        path,
        `Does the database set column ${c} on every update (ON UPDATE, or an update trigger)?`,
        (d) => (d === 'mysql' ? columnCatalog(d, facts, name, 'extra', '') : triggers(d, facts)),
      );
  }
}

function changeCounters(d: Dialect, facts: TableFacts): string {
  const t = tableRef(facts);
  const { schema, table } = nameParts(facts);
  switch (d) {
    case 'postgresql':
      return `SELECT n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables WHERE schemaname = ${literal(schema)} AND relname = ${literal(table)};`;
    case 'mysql':
      return `SELECT count_insert, count_update, count_delete FROM performance_schema.table_io_waits_summary_by_table WHERE object_schema = ${literal(schema)} AND object_name = ${literal(table)};`;
    case 'sqlserver':
      return `SELECT SUM(leaf_insert_count), SUM(leaf_update_count), SUM(leaf_delete_count) FROM sys.dm_db_index_operational_stats(DB_ID(), OBJECT_ID(${literal(t)}), NULL, NULL);`;
    case 'oracle':
      return `SELECT inserts, updates, deletes, timestamp FROM all_tab_modifications WHERE table_owner = ${literal(schema.toUpperCase())} AND table_name = ${literal(table.toUpperCase())};`;
  }
}

/** Asks a fact of the table; `path` and `question` override the default ones (a column's part in the key). */
export function askTable(
  fact: TableFactName,
  facts: TableFacts,
  path?: TraitPath,
  question?: string,
): FactQuestion {
  const t = tableRef(facts);
  const named = facts.table ?? 'the table';
  switch (fact) {
    case 'rows':
      return dialectQuery(
        facts,
        ['rows'],
        `How many rows does ${named} have?`,
        () => `SELECT COUNT(*) FROM ${t};`,
      );
    case 'source':
      return noQuery(
        ['source'],
        'Which kind of database is the source?',
        "no query: it is the pipeline's source setting",
      );
    case 'pipeline_mode':
      return noQuery(
        ['pipeline_mode'],
        'Is the pipeline log-based, table or custom SQL?',
        "no query: it is the pipeline's ingestion mode setting",
      );
    case 'replication_frequency_minutes':
      return noQuery(
        ['replication_frequency_minutes'],
        'How often does the pipeline replicate?',
        "no query: it is the pipeline's schedule (ingestion frequency)",
      );
    case 'columns':
      return dialectQuery(facts, ['columns'], `What are the columns of ${named}?`, (d) => {
        const { schema, table } = nameParts(facts);
        return d === 'oracle'
          ? `SELECT column_name, data_type, nullable FROM all_tab_columns WHERE owner = ${literal(schema.toUpperCase())} AND table_name = ${literal(table.toUpperCase())};`
          : `SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = ${literal(schema)} AND table_name = ${literal(table)};`;
      });
    case 'primary_key':
      return dialectQuery(
        facts,
        path ?? ['columns'],
        question ?? `Which columns form the primary key of ${named}?`,
        (d) => {
          const { schema, table } = nameParts(facts);
          return d === 'oracle'
            ? `SELECT cc.column_name FROM all_constraints c JOIN all_cons_columns cc ON cc.owner = c.owner AND cc.constraint_name = c.constraint_name WHERE c.constraint_type = 'P' AND c.owner = ${literal(schema.toUpperCase())} AND c.table_name = ${literal(table.toUpperCase())};`
            : `SELECT kcu.column_name FROM information_schema.table_constraints AS tc JOIN information_schema.key_column_usage AS kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema AND kcu.table_name = tc.table_name WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = ${literal(schema)} AND tc.table_name = ${literal(table)};`;
        },
      );
    case 'inserts':
    case 'updates':
    case 'deletes':
      return dialectQuery(facts, ['changes', fact], `Does ${named} get ${fact}, and how many a day?`, (d) =>
        changeCounters(d, facts),
      );
    case 'change_tracking.database_enabled':
    case 'change_tracking.retention_minutes':
      return dialectQuery(
        facts,
        fact.split('.'),
        fact === 'change_tracking.database_enabled'
          ? 'Is change tracking enabled on the database?'
          : 'How long does the database keep tracked changes (the retention)?',
        (d) =>
          d === 'sqlserver'
            ? 'SELECT retention_period, retention_period_units_desc, is_auto_cleanup_on FROM sys.change_tracking_databases WHERE database_id = DB_ID();'
            : null,
      );
    case 'change_tracking.table_enabled':
      return dialectQuery(
        facts,
        ['change_tracking', 'table_enabled'],
        `Is change tracking enabled on ${named}?`,
        (d) =>
          d === 'sqlserver'
            ? `SELECT is_track_columns_updated_on, min_valid_version FROM sys.change_tracking_tables WHERE object_id = OBJECT_ID(${literal(t)});`
            : null,
      );
  }
}
