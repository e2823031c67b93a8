/**
 * The types of the facts read from traits, generated from the field table (`traits/model.ts`,
 * each field's `fact`) by scripts/docs/fact-readers.ts: do not edit; change the table and run
 * `pnpm run docs`. `ColumnFacts` and `TableFacts` add the facts derived from these.
 *
 * @module
 */
import type { PipelineMode, SourceKind } from '../../traits/model.js';
import type { Tri } from '../../traits/tri.js';

/** What a column's traits say, as read (`ColumnFacts` adds what follows from it). */
export interface ColumnFactsRead {
  /** `columns[].name`: The column name, exactly as the database spells it (case included). */
  readonly name: string;
  /** `columns[].type`: The data type as the database names it, such as `timestamp` or `bigint`. */
  readonly type: string | undefined;
  /** `columns[].nullable`: Whether the column may hold NULL values. (as an answer) */
  readonly nullable: Tri;
  /** `columns[].unique`: Whether the values are unique (a unique constraint or index). (as an answer) */
  readonly unique: Tri;
  /** `columns[].primary_key`: Whether the column is part of the primary key. (as an answer) */
  readonly primaryKey: Tri;
  /** `columns[].auto_increment`: Whether the column is auto-increment, identity or serial. (as an answer) */
  readonly autoIncrement: Tri;
  /** `columns[].set_on_insert`: Whether the database sets the column on every insert. (as an answer) */
  readonly setOnInsert: Tri;
  /** `columns[].set_on_update`: Whether the database sets the column on every update. (as an answer) */
  readonly setOnUpdate: Tri;
  /** `columns[].calculated`: Whether the column is computed by the source rather than stored by writes (Salesforce formula and roll-up fields, the describe's `calculated`): its changes need not change the record's modification time. (as an answer) */
  readonly calculated: Tri;
  /** `columns[].filterable`: Whether the source can filter on the column (Salesforce's describe: `filterable`); `false`: it cannot be a mode's column. (as an answer) */
  readonly filterable: Tri;
  /** `columns[].sortable`: Whether the source can sort on the column (Salesforce's describe: `sortable`); `false`: it cannot be a mode's column. (as an answer) */
  readonly sortable: Tri;
}

/** The state of the change-tracking feature for the table. */
export interface ChangeTrackingFacts {
  /** `change_tracking.database_enabled`: Whether change tracking is enabled on the database. (as an answer) */
  readonly database: Tri;
  /** `change_tracking.table_enabled`: Whether change tracking is enabled on the table. (as an answer) */
  readonly table: Tri;
  /** `change_tracking.retention_minutes`: The retention period of changes, in minutes. */
  readonly retentionMinutes: number | undefined;
  /** `change_tracking.auto_cleanup`: Whether changes older than the retention are cleaned up automatically. (as an answer) */
  readonly autoCleanup: Tri;
}

/** What a traits record says of its table, as read (`TableFacts` adds its columns and what follows). */
export interface TableFactsRead {
  /** `table`: The qualified table name, such as `dbo.orders`. (unknown when empty) */
  readonly table: string | undefined;
  /** `reader`: The database user that read the catalog (`inspect`), as the database names it (MySQL: `user@host`): the user a grant of SELECT is written for. (unknown when empty) */
  readonly reader: string | undefined;
  /** `readable`: Whether `reader` may read the table's rows (SELECT, and USAGE on its schema where the database needs it). `false`: a pipeline reading as that user fails, so no mode is recommended until the pipeline's user is known to read the table. (as an answer) */
  readonly readable: Tri;
  /** `queryable`: Whether the source lets its records be queried (Salesforce's describe: `queryable`). `false`: no mode can read it. (as an answer) */
  readonly queryable: Tri;
  /** `replicateable`: Whether the source lets it be replicated (Salesforce's describe: `replicateable`, replication by getUpdated and getDeleted). `false`: no mode is recommended for it. (as an answer) */
  readonly replicateable: Tri;
  /** `source`: The kind of source. */
  readonly source: SourceKind | undefined;
  /** `pipeline_mode`: The pipeline mode. */
  readonly pipelineMode: PipelineMode | undefined;
  /** `rows`: The number of rows. */
  readonly rows: number | undefined;
  /** `rows_estimate`: Whether `rows` is the database's statistics estimate, not a count. Unless it is `false`, `rows` is taken as an estimate. (as an answer) */
  readonly rowsEstimateAnswer: Tri;
  readonly has: {
    /** `changes.inserts`: Whether rows are inserted: yes, no or unknown. (as an answer) */
    readonly inserts: Tri;
    /** `changes.updates`: Whether rows are updated: yes, no or unknown. (as an answer) */
    readonly updates: Tri;
    /** `changes.deletes`: Whether rows are deleted: yes, no or unknown. (as an answer) */
    readonly deletes: Tri;
  };
  readonly perDay: {
    /** `changes.inserts_per_day`: Rows inserted per day. */
    readonly inserts: number | undefined;
    /** `changes.updates_per_day`: Row updates per day. */
    readonly updates: number | undefined;
    /** `changes.deletes_per_day`: Rows deleted per day. */
    readonly deletes: number | undefined;
  };
  /** `changes.observed_days`: The span in days of the database counters the rates were computed from. */
  readonly observedDays: number | undefined;
  /** `change_tracking`: The change-tracking feature's state. */
  readonly changeTracking: ChangeTrackingFacts;
  /** `replication_frequency_minutes`: How often the pipeline replicates, in minutes. */
  readonly frequencyMinutes: number | undefined;
}
