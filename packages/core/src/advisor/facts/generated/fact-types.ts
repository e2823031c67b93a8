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
  /** `columns[].scale`: For an exact decimal type (`numeric`, `decimal`, Oracle's `number`, a Salesforce Number field's `double`): the digits to the right of the decimal point; `0` means it holds whole numbers only. */
  readonly scale: number | undefined;
  /** `columns[].nullable`, as an answer (yes, no or unknown): Whether the column may hold NULL values. */
  readonly nullable: Tri;
  /** `columns[].unique`, as an answer (yes, no or unknown): Whether the values are unique (a unique constraint or index). */
  readonly unique: Tri;
  /** `columns[].primary_key`, as an answer (yes, no or unknown): Whether the column is part of the primary key. */
  readonly primaryKey: Tri;
  /** `columns[].auto_increment`, as an answer (yes, no or unknown): Whether the column is auto-increment, identity or serial. */
  readonly autoIncrement: Tri;
  /** `columns[].set_on_insert`, as an answer (yes, no or unknown): Whether the database sets the column on every insert. */
  readonly setOnInsert: Tri;
  /** `columns[].set_on_update`, as an answer (yes, no or unknown): Whether the database sets the column on every update. */
  readonly setOnUpdate: Tri;
  /** `columns[].calculated`, as an answer (yes, no or unknown): Whether the column is computed by the source rather than stored by writes (Salesforce formula and roll-up fields, the describe's `calculated`): its changes need not change the record's modification time. */
  readonly calculated: Tri;
  /** `columns[].filterable`, as an answer (yes, no or unknown): Whether the source can filter on the column (Salesforce's describe: `filterable`); `false`: it cannot be a mode's column. */
  readonly filterable: Tri;
  /** `columns[].sortable`, as an answer (yes, no or unknown): Whether the source can sort on the column (Salesforce's describe: `sortable`); `false`: it cannot be a mode's column. */
  readonly sortable: Tri;
}

/** The state of the change-tracking feature for the table. */
export interface ChangeTrackingFacts {
  /** `change_tracking.database_enabled`, as an answer (yes, no or unknown): Whether change tracking is enabled on the database. */
  readonly database: Tri;
  /** `change_tracking.table_enabled`, as an answer (yes, no or unknown): Whether change tracking is enabled on the table. */
  readonly table: Tri;
  /** `change_tracking.retention_minutes`: The retention period of changes, in minutes. */
  readonly retentionMinutes: number | undefined;
  /** `change_tracking.auto_cleanup`, as an answer (yes, no or unknown): Whether changes older than the retention are cleaned up automatically. */
  readonly autoCleanup: Tri;
}

/** What a traits record says of its table, as read (`TableFacts` adds its columns and what follows). */
export interface TableFactsRead {
  /** `table`, unknown when empty: The qualified table name, such as `dbo.orders`. */
  readonly table: string | undefined;
  /** `database`, unknown when empty: The database that holds the table, exactly as spelt (`inspect` reads PostgreSQL's `current_database()` and SQL Server's `DB_NAME()`; MySQL has none: its schema is the database). PostgreSQL statements and questions for a table with a schema then stop in any other database, SQL Server's `USE` it and stop in any other, as for a table named with its database (`shop.public.orders`), whose own database wins. */
  readonly database: string | undefined;
  /** `reader`, unknown when empty: The database user that read the catalog (`inspect`), as the database names it (MySQL: `user@host`): the user a grant of SELECT is written for. */
  readonly reader: string | undefined;
  /** `readable`, as an answer (yes, no or unknown): Whether `reader` may read the table's rows (SELECT, and USAGE on its schema where the database needs it). `false`: a pipeline reading as that user fails, so no mode is recommended until the pipeline's user is known to read the table. */
  readonly readable: Tri;
  /** `queryable`, as an answer (yes, no or unknown): Whether the source lets its records be queried (Salesforce's describe: `queryable`). `false`: no mode can read it. */
  readonly queryable: Tri;
  /** `replicateable`, as an answer (yes, no or unknown): Whether the source lets it be replicated (Salesforce's describe: `replicateable`, replication by getUpdated and getDeleted). `false`: no mode is recommended for it. */
  readonly replicateable: Tri;
  /** `source`: The kind of source. */
  readonly source: SourceKind | undefined;
  /** `pipeline_mode`: The pipeline mode. */
  readonly pipelineMode: PipelineMode | undefined;
  /** `rows`: The number of rows. */
  readonly rows: number | undefined;
  /** `rows_estimate`, as an answer (yes, no or unknown): Whether `rows` is the database's statistics estimate, not a count. Unless it is `false`, `rows` is taken as an estimate. */
  readonly rowsEstimateAnswer: Tri;
  readonly has: {
    /** `changes.inserts`, as an answer (yes, no or unknown): Whether rows are inserted: yes, no or unknown. */
    readonly inserts: Tri;
    /** `changes.updates`, as an answer (yes, no or unknown): Whether rows are updated: yes, no or unknown. */
    readonly updates: Tri;
    /** `changes.deletes`, as an answer (yes, no or unknown): Whether rows are deleted: yes, no or unknown. */
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
