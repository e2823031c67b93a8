/**
 * The trait readers, generated from the field table (`model.ts`) by scripts/docs/trait-readers.ts:
 * do not edit; change the table and run `pnpm run docs`. Each object's fields are read in one
 * `for...in` pass; nesting is the model's (a record, its columns, `changes`, `change_tracking`),
 * never the input's, so no reader recurses deeper than that.
 *
 * @module
 */
import type { ChangeAnswer, PipelineMode, SourceKind } from '../model.js';
import { INVALID, isColumnName, isRecord, isStringList, nameBit, PAIRWISE_MAX } from '../read-support.js';

/** The values of a traits record, each valid for its field (or undefined: not given, or of the wrong kind when read leniently). */
export interface TableValues {
  /** The qualified table name, such as `dbo.orders`. */
  readonly table: string | undefined;
  /** The schema (MySQL: the database) of the table, exactly as spelt. */
  readonly schema: string | undefined;
  /** The database user that read the catalog (`inspect`), as the database names it (MySQL: `user@host`): the user a grant of SELECT is written for. */
  readonly reader: string | undefined;
  /** Whether `reader` may read the table's rows (SELECT, and USAGE on its schema where the database needs it). `false`: a pipeline reading as that user fails, so no mode is recommended until the pipeline's user is known to read the table. */
  readonly readable: boolean | undefined;
  /** Whether the source lets its records be queried (Salesforce's describe: `queryable`). `false`: no mode can read it. */
  readonly queryable: boolean | undefined;
  /** Whether the source lets it be replicated (Salesforce's describe: `replicateable`, replication by getUpdated and getDeleted). `false`: no mode is recommended for it. */
  readonly replicateable: boolean | undefined;
  /** The kind of source. */
  readonly source: SourceKind | undefined;
  /** The pipeline mode. */
  readonly pipeline_mode: PipelineMode | undefined;
  /** The number of rows. */
  readonly rows: number | undefined;
  /** Whether `rows` is the database's statistics estimate, not a count. Unless it is `false`, `rows` is taken as an estimate. */
  readonly rows_estimate: boolean | undefined;
  /** The table's columns, taken as the complete list when given. */
  readonly columns: readonly (ColumnValues | undefined)[] | undefined;
  /** How the table changes. */
  readonly changes: ChangesValues | undefined;
  /** The change-tracking feature's state. */
  readonly change_tracking: ChangeTrackingValues | undefined;
  /** How often the pipeline replicates, in minutes. */
  readonly replication_frequency_minutes: number | undefined;
  /** What could not be read or was left unknown, and why, in sentences. */
  readonly notes: readonly string[] | undefined;
}

/** Whether a traits record is valid, by one `for...in` pass over its keys without allocating (false: not sure, the validator decides). */
export function isTableValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'table':
        if (!(typeof v === 'string')) return false;
        break;
      case 'schema':
        if (!(typeof v === 'string')) return false;
        break;
      case 'reader':
        if (!(typeof v === 'string')) return false;
        break;
      case 'readable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'queryable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'replicateable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'source':
        if (!((v === 'postgresql' || v === 'mysql' || v === 'sqlserver' || v === 'oracle' || v === 'salesforce' || v === 'crm' || v === 'other'))) return false;
        break;
      case 'pipeline_mode':
        if (!((v === 'log_based' || v === 'table' || v === 'custom_sql'))) return false;
        break;
      case 'rows':
        if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) return false;
        break;
      case 'rows_estimate':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'columns':
        if (!(columnsValid(v))) return false;
        break;
      case 'changes':
        if (!(isChangesValid(v))) return false;
        break;
      case 'change_tracking':
        if (!(isChangeTrackingValid(v))) return false;
        break;
      case 'replication_frequency_minutes':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return false;
        break;
      case 'notes':
        if (!(isStringList(v))) return false;
        break;
      default:
        return false;
    }
  }
  return required === 0;
}

/** The values of a traits record, each checked as it is read (one `for...in` pass); `INVALID` when the quick check would not find it valid. */
export function readTableStrict(value: unknown): TableValues | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  let f_table: string | undefined;
  let f_schema: string | undefined;
  let f_reader: string | undefined;
  let f_readable: boolean | undefined;
  let f_queryable: boolean | undefined;
  let f_replicateable: boolean | undefined;
  let f_source: SourceKind | undefined;
  let f_pipeline_mode: PipelineMode | undefined;
  let f_rows: number | undefined;
  let f_rows_estimate: boolean | undefined;
  let f_columns: readonly (ColumnValues | undefined)[] | undefined;
  let f_changes: ChangesValues | undefined;
  let f_change_tracking: ChangeTrackingValues | undefined;
  let f_replication_frequency_minutes: number | undefined;
  let f_notes: readonly string[] | undefined;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'table':
        if (!(typeof v === 'string')) return INVALID;
        f_table = v;
        break;
      case 'schema':
        if (!(typeof v === 'string')) return INVALID;
        f_schema = v;
        break;
      case 'reader':
        if (!(typeof v === 'string')) return INVALID;
        f_reader = v;
        break;
      case 'readable':
        if (!(typeof v === 'boolean')) return INVALID;
        f_readable = v;
        break;
      case 'queryable':
        if (!(typeof v === 'boolean')) return INVALID;
        f_queryable = v;
        break;
      case 'replicateable':
        if (!(typeof v === 'boolean')) return INVALID;
        f_replicateable = v;
        break;
      case 'source':
        if (!((v === 'postgresql' || v === 'mysql' || v === 'sqlserver' || v === 'oracle' || v === 'salesforce' || v === 'crm' || v === 'other'))) return INVALID;
        f_source = v;
        break;
      case 'pipeline_mode':
        if (!((v === 'log_based' || v === 'table' || v === 'custom_sql'))) return INVALID;
        f_pipeline_mode = v;
        break;
      case 'rows':
        if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) return INVALID;
        f_rows = v;
        break;
      case 'rows_estimate':
        if (!(typeof v === 'boolean')) return INVALID;
        f_rows_estimate = v;
        break;
      case 'columns': {
        const r = readColumnsStrict(v);
        if (r === INVALID) return INVALID;
        f_columns = r;
        break;
      }
      case 'changes': {
        const r = readChangesStrict(v);
        if (r === INVALID) return INVALID;
        f_changes = r;
        break;
      }
      case 'change_tracking': {
        const r = readChangeTrackingStrict(v);
        if (r === INVALID) return INVALID;
        f_change_tracking = r;
        break;
      }
      case 'replication_frequency_minutes':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return INVALID;
        f_replication_frequency_minutes = v;
        break;
      case 'notes':
        if (!(isStringList(v))) return INVALID;
        f_notes = v;
        break;
      default:
        return INVALID;
    }
  }
  if (required !== 0) return INVALID;
  return {
    table: f_table,
    schema: f_schema,
    reader: f_reader,
    readable: f_readable,
    queryable: f_queryable,
    replicateable: f_replicateable,
    source: f_source,
    pipeline_mode: f_pipeline_mode,
    rows: f_rows,
    rows_estimate: f_rows_estimate,
    columns: f_columns,
    changes: f_changes,
    change_tracking: f_change_tracking,
    replication_frequency_minutes: f_replication_frequency_minutes,
    notes: f_notes,
  };
}

/** The values of a traits record (its enumerable keys, as `for...in` visits them): a value of the wrong kind reads as unknown; undefined when it is not an object. */
export function readTableLenient(value: unknown): TableValues | undefined {
  if (!isRecord(value)) return undefined;
  let f_table: string | undefined;
  let f_schema: string | undefined;
  let f_reader: string | undefined;
  let f_readable: boolean | undefined;
  let f_queryable: boolean | undefined;
  let f_replicateable: boolean | undefined;
  let f_source: SourceKind | undefined;
  let f_pipeline_mode: PipelineMode | undefined;
  let f_rows: number | undefined;
  let f_rows_estimate: boolean | undefined;
  let f_columns: readonly (ColumnValues | undefined)[] | undefined;
  let f_changes: ChangesValues | undefined;
  let f_change_tracking: ChangeTrackingValues | undefined;
  let f_replication_frequency_minutes: number | undefined;
  let f_notes: readonly string[] | undefined;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'table':
        if (typeof v === 'string') f_table = v;
        break;
      case 'schema':
        if (typeof v === 'string') f_schema = v;
        break;
      case 'reader':
        if (typeof v === 'string') f_reader = v;
        break;
      case 'readable':
        if (typeof v === 'boolean') f_readable = v;
        break;
      case 'queryable':
        if (typeof v === 'boolean') f_queryable = v;
        break;
      case 'replicateable':
        if (typeof v === 'boolean') f_replicateable = v;
        break;
      case 'source':
        if ((v === 'postgresql' || v === 'mysql' || v === 'sqlserver' || v === 'oracle' || v === 'salesforce' || v === 'crm' || v === 'other')) f_source = v;
        break;
      case 'pipeline_mode':
        if ((v === 'log_based' || v === 'table' || v === 'custom_sql')) f_pipeline_mode = v;
        break;
      case 'rows':
        if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) f_rows = v;
        break;
      case 'rows_estimate':
        if (typeof v === 'boolean') f_rows_estimate = v;
        break;
      case 'columns':
        f_columns = readColumnsLenient(v);
        break;
      case 'changes':
        f_changes = readChangesLenient(v);
        break;
      case 'change_tracking':
        f_change_tracking = readChangeTrackingLenient(v);
        break;
      case 'replication_frequency_minutes':
        if (typeof v === 'number' && Number.isFinite(v) && v > 0) f_replication_frequency_minutes = v;
        break;
      case 'notes':
        if (isStringList(v)) f_notes = v;
        break;
    }
  }
  return {
    table: f_table,
    schema: f_schema,
    reader: f_reader,
    readable: f_readable,
    queryable: f_queryable,
    replicateable: f_replicateable,
    source: f_source,
    pipeline_mode: f_pipeline_mode,
    rows: f_rows,
    rows_estimate: f_rows_estimate,
    columns: f_columns,
    changes: f_changes,
    change_tracking: f_change_tracking,
    replication_frequency_minutes: f_replication_frequency_minutes,
    notes: f_notes,
  };
}

/** The values of a column, each valid for its field (or undefined: not given, or of the wrong kind when read leniently). */
export interface ColumnValues {
  /** The column name, exactly as the database spells it (case included). */
  readonly name: string;
  /** The data type as the database names it, such as `timestamp` or `bigint`. */
  readonly type: string | undefined;
  /** Whether the column may hold NULL values. */
  readonly nullable: boolean | undefined;
  /** Whether the values are unique (a unique constraint or index). */
  readonly unique: boolean | undefined;
  /** Whether the column is part of the primary key. */
  readonly primary_key: boolean | undefined;
  /** Whether the column is auto-increment, identity or serial. */
  readonly auto_increment: boolean | undefined;
  /** Whether the database sets the column on every insert. */
  readonly set_on_insert: boolean | undefined;
  /** Whether the database sets the column on every update. */
  readonly set_on_update: boolean | undefined;
  /** Whether the column is computed by the source rather than stored by writes (Salesforce formula and roll-up fields, the describe's `calculated`): its changes need not change the record's modification time. */
  readonly calculated: boolean | undefined;
  /** Whether the source can filter on the column (Salesforce's describe: `filterable`); `false`: it cannot be a mode's column. */
  readonly filterable: boolean | undefined;
  /** Whether the source can sort on the column (Salesforce's describe: `sortable`); `false`: it cannot be a mode's column. */
  readonly sortable: boolean | undefined;
}

/** Whether a column is valid, by one `for...in` pass over its keys without allocating (false: not sure, the validator decides). */
export function isColumnValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'name':
        if (!(isColumnName(v))) return false;
        required++;
        break;
      case 'type':
        if (!(typeof v === 'string')) return false;
        break;
      case 'nullable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'unique':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'primary_key':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'auto_increment':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'set_on_insert':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'set_on_update':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'calculated':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'filterable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'sortable':
        if (!(typeof v === 'boolean')) return false;
        break;
      default:
        return false;
    }
  }
  return required === 1;
}

/** The values of a column, each checked as it is read (one `for...in` pass); `INVALID` when the quick check would not find it valid. */
export function readColumnStrict(value: unknown): ColumnValues | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  let f_name: string | undefined;
  let f_type: string | undefined;
  let f_nullable: boolean | undefined;
  let f_unique: boolean | undefined;
  let f_primary_key: boolean | undefined;
  let f_auto_increment: boolean | undefined;
  let f_set_on_insert: boolean | undefined;
  let f_set_on_update: boolean | undefined;
  let f_calculated: boolean | undefined;
  let f_filterable: boolean | undefined;
  let f_sortable: boolean | undefined;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'name':
        if (!(isColumnName(v))) return INVALID;
        f_name = v;
        required++;
        break;
      case 'type':
        if (!(typeof v === 'string')) return INVALID;
        f_type = v;
        break;
      case 'nullable':
        if (!(typeof v === 'boolean')) return INVALID;
        f_nullable = v;
        break;
      case 'unique':
        if (!(typeof v === 'boolean')) return INVALID;
        f_unique = v;
        break;
      case 'primary_key':
        if (!(typeof v === 'boolean')) return INVALID;
        f_primary_key = v;
        break;
      case 'auto_increment':
        if (!(typeof v === 'boolean')) return INVALID;
        f_auto_increment = v;
        break;
      case 'set_on_insert':
        if (!(typeof v === 'boolean')) return INVALID;
        f_set_on_insert = v;
        break;
      case 'set_on_update':
        if (!(typeof v === 'boolean')) return INVALID;
        f_set_on_update = v;
        break;
      case 'calculated':
        if (!(typeof v === 'boolean')) return INVALID;
        f_calculated = v;
        break;
      case 'filterable':
        if (!(typeof v === 'boolean')) return INVALID;
        f_filterable = v;
        break;
      case 'sortable':
        if (!(typeof v === 'boolean')) return INVALID;
        f_sortable = v;
        break;
      default:
        return INVALID;
    }
  }
  if (required !== 1) return INVALID;
  return {
    name: f_name as string,
    type: f_type,
    nullable: f_nullable,
    unique: f_unique,
    primary_key: f_primary_key,
    auto_increment: f_auto_increment,
    set_on_insert: f_set_on_insert,
    set_on_update: f_set_on_update,
    calculated: f_calculated,
    filterable: f_filterable,
    sortable: f_sortable,
  };
}

/** The values of a column (its enumerable keys, as `for...in` visits them): a value of the wrong kind reads as unknown; undefined when it is not an object or lacks a required field. */
export function readColumnLenient(value: unknown): ColumnValues | undefined {
  if (!isRecord(value)) return undefined;
  let f_name: string | undefined;
  let f_type: string | undefined;
  let f_nullable: boolean | undefined;
  let f_unique: boolean | undefined;
  let f_primary_key: boolean | undefined;
  let f_auto_increment: boolean | undefined;
  let f_set_on_insert: boolean | undefined;
  let f_set_on_update: boolean | undefined;
  let f_calculated: boolean | undefined;
  let f_filterable: boolean | undefined;
  let f_sortable: boolean | undefined;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'name':
        if (isColumnName(v)) f_name = v;
        break;
      case 'type':
        if (typeof v === 'string') f_type = v;
        break;
      case 'nullable':
        if (typeof v === 'boolean') f_nullable = v;
        break;
      case 'unique':
        if (typeof v === 'boolean') f_unique = v;
        break;
      case 'primary_key':
        if (typeof v === 'boolean') f_primary_key = v;
        break;
      case 'auto_increment':
        if (typeof v === 'boolean') f_auto_increment = v;
        break;
      case 'set_on_insert':
        if (typeof v === 'boolean') f_set_on_insert = v;
        break;
      case 'set_on_update':
        if (typeof v === 'boolean') f_set_on_update = v;
        break;
      case 'calculated':
        if (typeof v === 'boolean') f_calculated = v;
        break;
      case 'filterable':
        if (typeof v === 'boolean') f_filterable = v;
        break;
      case 'sortable':
        if (typeof v === 'boolean') f_sortable = v;
        break;
    }
  }
  if (f_name === undefined) return undefined;
  return {
    name: f_name as string,
    type: f_type,
    nullable: f_nullable,
    unique: f_unique,
    primary_key: f_primary_key,
    auto_increment: f_auto_increment,
    set_on_insert: f_set_on_insert,
    set_on_update: f_set_on_update,
    calculated: f_calculated,
    filterable: f_filterable,
    sortable: f_sortable,
  };
}

/** The values of `changes`, each valid for its field (or undefined: not given, or of the wrong kind when read leniently). */
export interface ChangesValues {
  /** Whether rows are inserted: yes, no or unknown. */
  readonly inserts: ChangeAnswer | undefined;
  /** Whether rows are updated: yes, no or unknown. */
  readonly updates: ChangeAnswer | undefined;
  /** Whether rows are deleted: yes, no or unknown. */
  readonly deletes: ChangeAnswer | undefined;
  /** Rows inserted per day. */
  readonly inserts_per_day: number | undefined;
  /** Row updates per day. */
  readonly updates_per_day: number | undefined;
  /** Rows deleted per day. */
  readonly deletes_per_day: number | undefined;
  /** The span in days of the database counters the rates were computed from. */
  readonly observed_days: number | undefined;
}

/** Whether `changes` is valid, by one `for...in` pass over its keys without allocating (false: not sure, the validator decides). */
export function isChangesValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'inserts':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return false;
        break;
      case 'updates':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return false;
        break;
      case 'deletes':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return false;
        break;
      case 'inserts_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return false;
        break;
      case 'updates_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return false;
        break;
      case 'deletes_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return false;
        break;
      case 'observed_days':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return false;
        break;
      default:
        return false;
    }
  }
  return required === 0;
}

/** The values of `changes`, each checked as it is read (one `for...in` pass); `INVALID` when the quick check would not find it valid. */
export function readChangesStrict(value: unknown): ChangesValues | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  let f_inserts: ChangeAnswer | undefined;
  let f_updates: ChangeAnswer | undefined;
  let f_deletes: ChangeAnswer | undefined;
  let f_inserts_per_day: number | undefined;
  let f_updates_per_day: number | undefined;
  let f_deletes_per_day: number | undefined;
  let f_observed_days: number | undefined;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'inserts':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return INVALID;
        f_inserts = v;
        break;
      case 'updates':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return INVALID;
        f_updates = v;
        break;
      case 'deletes':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return INVALID;
        f_deletes = v;
        break;
      case 'inserts_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return INVALID;
        f_inserts_per_day = v;
        break;
      case 'updates_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return INVALID;
        f_updates_per_day = v;
        break;
      case 'deletes_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return INVALID;
        f_deletes_per_day = v;
        break;
      case 'observed_days':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return INVALID;
        f_observed_days = v;
        break;
      default:
        return INVALID;
    }
  }
  if (required !== 0) return INVALID;
  return {
    inserts: f_inserts,
    updates: f_updates,
    deletes: f_deletes,
    inserts_per_day: f_inserts_per_day,
    updates_per_day: f_updates_per_day,
    deletes_per_day: f_deletes_per_day,
    observed_days: f_observed_days,
  };
}

/** The values of `changes` (its enumerable keys, as `for...in` visits them): a value of the wrong kind reads as unknown; undefined when it is not an object. */
export function readChangesLenient(value: unknown): ChangesValues | undefined {
  if (!isRecord(value)) return undefined;
  let f_inserts: ChangeAnswer | undefined;
  let f_updates: ChangeAnswer | undefined;
  let f_deletes: ChangeAnswer | undefined;
  let f_inserts_per_day: number | undefined;
  let f_updates_per_day: number | undefined;
  let f_deletes_per_day: number | undefined;
  let f_observed_days: number | undefined;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'inserts':
        if ((v === 'yes' || v === 'no' || v === 'unknown')) f_inserts = v;
        break;
      case 'updates':
        if ((v === 'yes' || v === 'no' || v === 'unknown')) f_updates = v;
        break;
      case 'deletes':
        if ((v === 'yes' || v === 'no' || v === 'unknown')) f_deletes = v;
        break;
      case 'inserts_per_day':
        if (typeof v === 'number' && Number.isFinite(v) && v >= 0) f_inserts_per_day = v;
        break;
      case 'updates_per_day':
        if (typeof v === 'number' && Number.isFinite(v) && v >= 0) f_updates_per_day = v;
        break;
      case 'deletes_per_day':
        if (typeof v === 'number' && Number.isFinite(v) && v >= 0) f_deletes_per_day = v;
        break;
      case 'observed_days':
        if (typeof v === 'number' && Number.isFinite(v) && v > 0) f_observed_days = v;
        break;
    }
  }
  return {
    inserts: f_inserts,
    updates: f_updates,
    deletes: f_deletes,
    inserts_per_day: f_inserts_per_day,
    updates_per_day: f_updates_per_day,
    deletes_per_day: f_deletes_per_day,
    observed_days: f_observed_days,
  };
}

/** The values of `change_tracking`, each valid for its field (or undefined: not given, or of the wrong kind when read leniently). */
export interface ChangeTrackingValues {
  /** Whether change tracking is enabled on the database. */
  readonly database_enabled: boolean | undefined;
  /** Whether change tracking is enabled on the table. */
  readonly table_enabled: boolean | undefined;
  /** The retention period of changes, in minutes. */
  readonly retention_minutes: number | undefined;
  /** Whether changes older than the retention are cleaned up automatically. */
  readonly auto_cleanup: boolean | undefined;
}

/** Whether `change_tracking` is valid, by one `for...in` pass over its keys without allocating (false: not sure, the validator decides). */
export function isChangeTrackingValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'database_enabled':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'table_enabled':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'retention_minutes':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return false;
        break;
      case 'auto_cleanup':
        if (!(typeof v === 'boolean')) return false;
        break;
      default:
        return false;
    }
  }
  return required === 0;
}

/** The values of `change_tracking`, each checked as it is read (one `for...in` pass); `INVALID` when the quick check would not find it valid. */
export function readChangeTrackingStrict(value: unknown): ChangeTrackingValues | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  let f_database_enabled: boolean | undefined;
  let f_table_enabled: boolean | undefined;
  let f_retention_minutes: number | undefined;
  let f_auto_cleanup: boolean | undefined;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'database_enabled':
        if (!(typeof v === 'boolean')) return INVALID;
        f_database_enabled = v;
        break;
      case 'table_enabled':
        if (!(typeof v === 'boolean')) return INVALID;
        f_table_enabled = v;
        break;
      case 'retention_minutes':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return INVALID;
        f_retention_minutes = v;
        break;
      case 'auto_cleanup':
        if (!(typeof v === 'boolean')) return INVALID;
        f_auto_cleanup = v;
        break;
      default:
        return INVALID;
    }
  }
  if (required !== 0) return INVALID;
  return {
    database_enabled: f_database_enabled,
    table_enabled: f_table_enabled,
    retention_minutes: f_retention_minutes,
    auto_cleanup: f_auto_cleanup,
  };
}

/** The values of `change_tracking` (its enumerable keys, as `for...in` visits them): a value of the wrong kind reads as unknown; undefined when it is not an object. */
export function readChangeTrackingLenient(value: unknown): ChangeTrackingValues | undefined {
  if (!isRecord(value)) return undefined;
  let f_database_enabled: boolean | undefined;
  let f_table_enabled: boolean | undefined;
  let f_retention_minutes: number | undefined;
  let f_auto_cleanup: boolean | undefined;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'database_enabled':
        if (typeof v === 'boolean') f_database_enabled = v;
        break;
      case 'table_enabled':
        if (typeof v === 'boolean') f_table_enabled = v;
        break;
      case 'retention_minutes':
        if (typeof v === 'number' && Number.isFinite(v) && v > 0) f_retention_minutes = v;
        break;
      case 'auto_cleanup':
        if (typeof v === 'boolean') f_auto_cleanup = v;
        break;
    }
  }
  return {
    database_enabled: f_database_enabled,
    table_enabled: f_table_enabled,
    retention_minutes: f_retention_minutes,
    auto_cleanup: f_auto_cleanup,
  };
}

/** Whether a list of columns is valid: at most `PAIRWISE_MAX` columns, each valid, no name twice (false: not sure). */
export function columnsValid(list: unknown): boolean {
  if (!Array.isArray(list) || list.length > PAIRWISE_MAX) return false;
  const names: string[] = [];
  for (const column of list) {
    if (!isColumnValid(column)) return false;
    const name = (column as { name: string }).name;
    if (names.includes(name)) return false;
    names.push(name);
  }
  return true;
}

/** The values of a list of columns, each read strictly; `INVALID` for more than `PAIRWISE_MAX` columns, a column not valid or a name listed twice. */
export function readColumnsStrict(list: unknown): ColumnValues[] | typeof INVALID {
  if (!Array.isArray(list) || list.length > PAIRWISE_MAX) return INVALID;
  const out: ColumnValues[] = [];
  let seen = 0;
  for (let i = 0; i < list.length; i++) {
    const c = readColumnStrict(list[i]);
    if (c === INVALID) return INVALID;
    const bit = nameBit(c.name);
    if ((seen & bit) !== 0) for (const earlier of out) if (earlier.name === c.name) return INVALID;
    seen |= bit;
    out.push(c);
  }
  return out;
}

/** The values of a list of columns, each read leniently, by position (undefined for a column left out); undefined when it is not a list. */
export function readColumnsLenient(list: unknown): (ColumnValues | undefined)[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const out: (ColumnValues | undefined)[] = [];
  for (let i = 0; i < list.length; i++) out.push(readColumnLenient(list[i]));
  return out;
}

/** The test of a value of each kind of the field table (a nested object or list: its quick check). */
export const KIND_TESTS: { readonly [kind: string]: (v: unknown) => boolean } = {
  string: (v) => typeof v === 'string',
  boolean: (v) => typeof v === 'boolean',
  source: (v) => (v === 'postgresql' || v === 'mysql' || v === 'sqlserver' || v === 'oracle' || v === 'salesforce' || v === 'crm' || v === 'other'),
  pipeline_mode: (v) => (v === 'log_based' || v === 'table' || v === 'custom_sql'),
  count: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
  columns: (v) => columnsValid(v),
  changes: (v) => isChangesValid(v),
  change_tracking: (v) => isChangeTrackingValid(v),
  positive: (v) => typeof v === 'number' && Number.isFinite(v) && v > 0,
  notes: (v) => isStringList(v),
  column_name: (v) => isColumnName(v),
  change_answer: (v) => (v === 'yes' || v === 'no' || v === 'unknown'),
  rate: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
};
