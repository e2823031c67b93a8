/**
 * The fact readers, generated from the field table (`traits/model.ts`, each field's `fact`) by
 * scripts/docs/fact-readers.ts: do not edit; change the table and run `pnpm run docs`. Each
 * record's fields are read in one `for...in` pass (nested objects in their parent's) straight
 * into the one facts object of the table and of each column; the derived facts are the
 * hand-written steps' (`deriveTableFacts`, `deriveColumnFacts`).
 *
 * @module
 */
import { INVALID, isColumnName, isRecord, isStringList, nameBit, PAIRWISE_MAX } from '../../traits/read-support.js';
import { triOf } from '../../traits/tri.js';
import type { ChangeAnswer, PipelineMode, SourceKind } from '../../traits/model.js';
import { type ColumnFacts, type ColumnTypeNames, columnTypeNames, deriveColumnFacts, UNDERIVED_COLUMN_FACTS } from '../column-facts.js';
import type { Filling } from '../filling.js';
import { deriveTableFacts, type TableFacts, UNDERIVED_TABLE_FACTS } from '../table-facts.js';

/** What the lenient reader reads of a record that is not an object: nothing. */
const NOTHING: Readonly<Record<string, unknown>> = Object.freeze({});

/** The facts of the column at `index`, each value checked as it is read (`INVALID` when the quick check would not find it valid). */
function readColumnFactsStrict(value: unknown, index: number, context: ColumnTypeNames): ColumnFacts | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  let f_name: string | undefined;
  let f_type: string | undefined;
  let f_scale: number | undefined;
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
      case 'scale':
        if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) return INVALID;
        f_scale = v;
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
  const facts: Filling<ColumnFacts> = {
    name: f_name as string,
    type: f_type,
    scale: f_scale,
    nullable: triOf(f_nullable),
    unique: triOf(f_unique),
    primaryKey: triOf(f_primary_key),
    autoIncrement: triOf(f_auto_increment),
    setOnInsert: triOf(f_set_on_insert),
    setOnUpdate: triOf(f_set_on_update),
    calculated: triOf(f_calculated),
    filterable: triOf(f_filterable),
    sortable: triOf(f_sortable),
    index: UNDERIVED_COLUMN_FACTS.index,
    family: UNDERIVED_COLUMN_FACTS.family,
    holdsTime: UNDERIVED_COLUMN_FACTS.holdsTime,
    wholeNumbers: UNDERIVED_COLUMN_FACTS.wholeNumbers,
    filterSort: UNDERIVED_COLUMN_FACTS.filterSort,
    updateTimeName: UNDERIVED_COLUMN_FACTS.updateTimeName,
  };
  deriveColumnFacts(facts, index, context);
  return facts;
}

/** The facts of the column at `index`, a value of the wrong kind read as unknown (undefined when it is not an object or lacks a required field). */
function readColumnFactsLenient(value: unknown, index: number, context: ColumnTypeNames): ColumnFacts | undefined {
  if (!isRecord(value)) return undefined;
  let f_name: string | undefined;
  let f_type: string | undefined;
  let f_scale: number | undefined;
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
      case 'scale':
        if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) f_scale = v;
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
  const facts: Filling<ColumnFacts> = {
    name: f_name as string,
    type: f_type,
    scale: f_scale,
    nullable: triOf(f_nullable),
    unique: triOf(f_unique),
    primaryKey: triOf(f_primary_key),
    autoIncrement: triOf(f_auto_increment),
    setOnInsert: triOf(f_set_on_insert),
    setOnUpdate: triOf(f_set_on_update),
    calculated: triOf(f_calculated),
    filterable: triOf(f_filterable),
    sortable: triOf(f_sortable),
    index: UNDERIVED_COLUMN_FACTS.index,
    family: UNDERIVED_COLUMN_FACTS.family,
    holdsTime: UNDERIVED_COLUMN_FACTS.holdsTime,
    wholeNumbers: UNDERIVED_COLUMN_FACTS.wholeNumbers,
    filterSort: UNDERIVED_COLUMN_FACTS.filterSort,
    updateTimeName: UNDERIVED_COLUMN_FACTS.updateTimeName,
  };
  deriveColumnFacts(facts, index, context);
  return facts;
}

/** The facts of a list of columns (at most `PAIRWISE_MAX`), each read strictly; `INVALID` for a column not valid or a name listed twice. */
function readColumnsStrict(list: readonly unknown[], context: ColumnTypeNames): ColumnFacts[] | typeof INVALID {
  const out: ColumnFacts[] = [];
  let seen = 0;
  for (let i = 0; i < list.length; i++) {
    const c = readColumnFactsStrict(list[i], i, context);
    if (c === INVALID) return INVALID;
    const bit = nameBit(c.name);
    if ((seen & bit) !== 0) for (const earlier of out) if (earlier.name === c.name) return INVALID;
    seen |= bit;
    out.push(c);
  }
  return out;
}

/** The facts of a list of columns, each read leniently (a column that cannot be read is left out; the others keep their positions). */
function readColumnsLenient(list: readonly unknown[], context: ColumnTypeNames): ColumnFacts[] {
  const out: ColumnFacts[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = readColumnFactsLenient(list[i], i, context);
    if (c !== undefined) out.push(c);
  }
  return out;
}

/**
 * The facts of a traits record, each value checked as it is read in one `for...in` pass; `INVALID` when the quick check (`isTableValid`) would not find it valid.
 * `frequencyMinutes`, when given, overrides the record's replication frequency.
 */
export function readTableFactsStrict(value: unknown, frequencyMinutes: number | undefined): TableFacts | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  let f_table: string | undefined;
  let f_database: string | undefined;
  let f_reader: string | undefined;
  let f_readable: boolean | undefined;
  let f_queryable: boolean | undefined;
  let f_replicateable: boolean | undefined;
  let f_source: SourceKind | undefined;
  let f_pipeline_mode: PipelineMode | undefined;
  let f_rows: number | undefined;
  let f_rows_estimate: boolean | undefined;
  let f_columns: unknown;
  let f_changes_inserts: ChangeAnswer | undefined;
  let f_changes_updates: ChangeAnswer | undefined;
  let f_changes_deletes: ChangeAnswer | undefined;
  let f_changes_inserts_per_day: number | undefined;
  let f_changes_updates_per_day: number | undefined;
  let f_changes_deletes_per_day: number | undefined;
  let f_changes_observed_days: number | undefined;
  let f_change_tracking_database_enabled: boolean | undefined;
  let f_change_tracking_table_enabled: boolean | undefined;
  let f_change_tracking_retention_minutes: number | undefined;
  let f_change_tracking_auto_cleanup: boolean | undefined;
  let f_replication_frequency_minutes: number | undefined;
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
        break;
      case 'database':
        if (!(typeof v === 'string')) return INVALID;
        f_database = v;
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
      case 'columns':
        if (!(Array.isArray(v) && v.length <= PAIRWISE_MAX)) return INVALID;
        f_columns = v;
        break;
      case 'changes': {
        if (!isRecord(v)) return INVALID;
        const o = v;
        for (const key in o) {
          const v = o[key];
          switch (key) {
            case 'inserts':
              if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return INVALID;
              f_changes_inserts = v;
              break;
            case 'updates':
              if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return INVALID;
              f_changes_updates = v;
              break;
            case 'deletes':
              if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return INVALID;
              f_changes_deletes = v;
              break;
            case 'inserts_per_day':
              if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return INVALID;
              f_changes_inserts_per_day = v;
              break;
            case 'updates_per_day':
              if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return INVALID;
              f_changes_updates_per_day = v;
              break;
            case 'deletes_per_day':
              if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return INVALID;
              f_changes_deletes_per_day = v;
              break;
            case 'observed_days':
              if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return INVALID;
              f_changes_observed_days = v;
              break;
            default:
              return INVALID;
          }
        }
        break;
      }
      case 'change_tracking': {
        if (!isRecord(v)) return INVALID;
        const o = v;
        for (const key in o) {
          const v = o[key];
          switch (key) {
            case 'database_enabled':
              if (!(typeof v === 'boolean')) return INVALID;
              f_change_tracking_database_enabled = v;
              break;
            case 'table_enabled':
              if (!(typeof v === 'boolean')) return INVALID;
              f_change_tracking_table_enabled = v;
              break;
            case 'retention_minutes':
              if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return INVALID;
              f_change_tracking_retention_minutes = v;
              break;
            case 'auto_cleanup':
              if (!(typeof v === 'boolean')) return INVALID;
              f_change_tracking_auto_cleanup = v;
              break;
            default:
              return INVALID;
          }
        }
        break;
      }
      case 'replication_frequency_minutes':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return INVALID;
        f_replication_frequency_minutes = v;
        break;
      case 'notes':
        if (!(isStringList(v))) return INVALID;
        break;
      default:
        return INVALID;
    }
  }
  if (required !== 0) return INVALID;
  const facts: Filling<TableFacts> = {
    table: f_table !== undefined && f_table.length > 0 ? f_table : undefined,
    database: f_database !== undefined && f_database.length > 0 ? f_database : undefined,
    reader: f_reader !== undefined && f_reader.length > 0 ? f_reader : undefined,
    readable: triOf(f_readable),
    queryable: triOf(f_queryable),
    replicateable: triOf(f_replicateable),
    source: f_source,
    pipelineMode: f_pipeline_mode,
    rows: f_rows,
    rowsEstimateAnswer: triOf(f_rows_estimate),
    has: {
      inserts: f_changes_inserts ?? 'unknown',
      updates: f_changes_updates ?? 'unknown',
      deletes: f_changes_deletes ?? 'unknown',
    },
    perDay: {
      inserts: f_changes_inserts_per_day,
      updates: f_changes_updates_per_day,
      deletes: f_changes_deletes_per_day,
    },
    observedDays: f_changes_observed_days,
    changeTracking: {
      database: triOf(f_change_tracking_database_enabled),
      table: triOf(f_change_tracking_table_enabled),
      retentionMinutes: f_change_tracking_retention_minutes,
      autoCleanup: triOf(f_change_tracking_auto_cleanup),
    },
    frequencyMinutes: f_replication_frequency_minutes,
    columns: undefined,
    profile: UNDERIVED_TABLE_FACTS.profile,
    rowsEstimate: UNDERIVED_TABLE_FACTS.rowsEstimate,
    rowsEstimateWords: UNDERIVED_TABLE_FACTS.rowsEstimateWords,
    primaryKeyColumns: UNDERIVED_TABLE_FACTS.primaryKeyColumns,
    primaryKeyComplete: UNDERIVED_TABLE_FACTS.primaryKeyComplete,
    primaryKey: UNDERIVED_TABLE_FACTS.primaryKey,
    calculatedColumns: UNDERIVED_TABLE_FACTS.calculatedColumns,
    kindsYes: UNDERIVED_TABLE_FACTS.kindsYes,
    kindsUnknown: UNDERIVED_TABLE_FACTS.kindsUnknown,
  };
  if (f_columns !== undefined) {
    const columns = readColumnsStrict(f_columns as unknown[], columnTypeNames(facts));
    if (columns === INVALID) return INVALID;
    facts.columns = columns;
  }
  deriveTableFacts(facts, frequencyMinutes);
  return facts;
}

/**
 * The facts of a traits record, a value of the wrong kind read as unknown (a record that is not an object: nothing known).
 * `frequencyMinutes`, when given, overrides the record's replication frequency.
 */
export function readTableFactsLenient(value: unknown, frequencyMinutes: number | undefined): TableFacts {
  const record = isRecord(value) ? value : NOTHING;
  let f_table: string | undefined;
  let f_database: string | undefined;
  let f_reader: string | undefined;
  let f_readable: boolean | undefined;
  let f_queryable: boolean | undefined;
  let f_replicateable: boolean | undefined;
  let f_source: SourceKind | undefined;
  let f_pipeline_mode: PipelineMode | undefined;
  let f_rows: number | undefined;
  let f_rows_estimate: boolean | undefined;
  let f_columns: unknown;
  let f_changes_inserts: ChangeAnswer | undefined;
  let f_changes_updates: ChangeAnswer | undefined;
  let f_changes_deletes: ChangeAnswer | undefined;
  let f_changes_inserts_per_day: number | undefined;
  let f_changes_updates_per_day: number | undefined;
  let f_changes_deletes_per_day: number | undefined;
  let f_changes_observed_days: number | undefined;
  let f_change_tracking_database_enabled: boolean | undefined;
  let f_change_tracking_table_enabled: boolean | undefined;
  let f_change_tracking_retention_minutes: number | undefined;
  let f_change_tracking_auto_cleanup: boolean | undefined;
  let f_replication_frequency_minutes: number | undefined;
  for (const key in record) {
    const v = record[key];
    switch (key) {
      case 'table':
        if (typeof v === 'string') f_table = v;
        break;
      case 'schema':
        if (!(typeof v === 'string')) break;
        break;
      case 'database':
        if (typeof v === 'string') f_database = v;
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
        if (!(Array.isArray(v))) break;
        f_columns = v;
        break;
      case 'changes': {
        if (!isRecord(v)) break;
        const o = v;
        for (const key in o) {
          const v = o[key];
          switch (key) {
            case 'inserts':
              if ((v === 'yes' || v === 'no' || v === 'unknown')) f_changes_inserts = v;
              break;
            case 'updates':
              if ((v === 'yes' || v === 'no' || v === 'unknown')) f_changes_updates = v;
              break;
            case 'deletes':
              if ((v === 'yes' || v === 'no' || v === 'unknown')) f_changes_deletes = v;
              break;
            case 'inserts_per_day':
              if (typeof v === 'number' && Number.isFinite(v) && v >= 0) f_changes_inserts_per_day = v;
              break;
            case 'updates_per_day':
              if (typeof v === 'number' && Number.isFinite(v) && v >= 0) f_changes_updates_per_day = v;
              break;
            case 'deletes_per_day':
              if (typeof v === 'number' && Number.isFinite(v) && v >= 0) f_changes_deletes_per_day = v;
              break;
            case 'observed_days':
              if (typeof v === 'number' && Number.isFinite(v) && v > 0) f_changes_observed_days = v;
              break;
          }
        }
        break;
      }
      case 'change_tracking': {
        if (!isRecord(v)) break;
        const o = v;
        for (const key in o) {
          const v = o[key];
          switch (key) {
            case 'database_enabled':
              if (typeof v === 'boolean') f_change_tracking_database_enabled = v;
              break;
            case 'table_enabled':
              if (typeof v === 'boolean') f_change_tracking_table_enabled = v;
              break;
            case 'retention_minutes':
              if (typeof v === 'number' && Number.isFinite(v) && v > 0) f_change_tracking_retention_minutes = v;
              break;
            case 'auto_cleanup':
              if (typeof v === 'boolean') f_change_tracking_auto_cleanup = v;
              break;
          }
        }
        break;
      }
      case 'replication_frequency_minutes':
        if (typeof v === 'number' && Number.isFinite(v) && v > 0) f_replication_frequency_minutes = v;
        break;
      case 'notes':
        if (!(isStringList(v))) break;
        break;
    }
  }
  const facts: Filling<TableFacts> = {
    table: f_table !== undefined && f_table.length > 0 ? f_table : undefined,
    database: f_database !== undefined && f_database.length > 0 ? f_database : undefined,
    reader: f_reader !== undefined && f_reader.length > 0 ? f_reader : undefined,
    readable: triOf(f_readable),
    queryable: triOf(f_queryable),
    replicateable: triOf(f_replicateable),
    source: f_source,
    pipelineMode: f_pipeline_mode,
    rows: f_rows,
    rowsEstimateAnswer: triOf(f_rows_estimate),
    has: {
      inserts: f_changes_inserts ?? 'unknown',
      updates: f_changes_updates ?? 'unknown',
      deletes: f_changes_deletes ?? 'unknown',
    },
    perDay: {
      inserts: f_changes_inserts_per_day,
      updates: f_changes_updates_per_day,
      deletes: f_changes_deletes_per_day,
    },
    observedDays: f_changes_observed_days,
    changeTracking: {
      database: triOf(f_change_tracking_database_enabled),
      table: triOf(f_change_tracking_table_enabled),
      retentionMinutes: f_change_tracking_retention_minutes,
      autoCleanup: triOf(f_change_tracking_auto_cleanup),
    },
    frequencyMinutes: f_replication_frequency_minutes,
    columns: undefined,
    profile: UNDERIVED_TABLE_FACTS.profile,
    rowsEstimate: UNDERIVED_TABLE_FACTS.rowsEstimate,
    rowsEstimateWords: UNDERIVED_TABLE_FACTS.rowsEstimateWords,
    primaryKeyColumns: UNDERIVED_TABLE_FACTS.primaryKeyColumns,
    primaryKeyComplete: UNDERIVED_TABLE_FACTS.primaryKeyComplete,
    primaryKey: UNDERIVED_TABLE_FACTS.primaryKey,
    calculatedColumns: UNDERIVED_TABLE_FACTS.calculatedColumns,
    kindsYes: UNDERIVED_TABLE_FACTS.kindsYes,
    kindsUnknown: UNDERIVED_TABLE_FACTS.kindsUnknown,
  };
  if (f_columns !== undefined) facts.columns = readColumnsLenient(f_columns as unknown[], columnTypeNames(facts));
  deriveTableFacts(facts, frequencyMinutes);
  return facts;
}
