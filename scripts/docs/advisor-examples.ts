/**
 * Worked examples of the advisor: table traits and options, with what each shows. Rendered into
 * `docs/recommend.md` (every number there is computed by `recommend` when the file is generated)
 * and asserted by the advisor's tests. Not part of the runtime package.
 *
 * @module
 */
import type { QueryMode, RecommendationStatus, RecommendOptions, TableTraits } from '@querymode/core';
import { IDENTITY_KEY } from '../questions-plan.js';

/** One worked example. */
export interface AdvisorExample {
  /** A short title. */
  readonly title: string;
  /** What the example shows, in words (no number the code does not compute). */
  readonly point: string;
  /** The table. */
  readonly traits: TableTraits;
  /** The options passed to `recommend`. */
  readonly options: RecommendOptions;
  /** The status the example shows. */
  readonly status: RecommendationStatus;
  /** The best candidate. */
  readonly best: QueryMode;
}

const ORDERS_COLUMNS: TableTraits['columns'] = [
  IDENTITY_KEY,
  { name: 'status', type: 'text', nullable: false },
  { name: 'created_at', type: 'timestamptz', nullable: false, set_on_insert: true, set_on_update: false },
  { name: 'updated_at', type: 'timestamptz', nullable: false, set_on_insert: true, set_on_update: true },
];

/** The same columns in MySQL's types: `timestamptz` is PostgreSQL's, not a type MySQL knows. */
const MYSQL_ORDERS_COLUMNS: TableTraits['columns'] = [
  IDENTITY_KEY,
  { name: 'status', type: 'varchar(20)', nullable: false },
  { name: 'created_at', type: 'datetime(6)', nullable: false, set_on_insert: true, set_on_update: false },
  { name: 'updated_at', type: 'datetime(6)', nullable: false, set_on_insert: true, set_on_update: true },
];

const CONTACTS: TableTraits = {
  table: 'crm.contacts',
  source: 'mysql',
  pipeline_mode: 'table',
  rows: 2_000_000,
  columns: MYSQL_ORDERS_COLUMNS,
  changes: {
    inserts: 'yes',
    updates: 'yes',
    deletes: 'yes',
    inserts_per_day: 3_000,
    updates_per_day: 9_000,
    deletes_per_day: 50,
  },
  replication_frequency_minutes: 360,
};

/** The worked examples of `docs/recommend.md`. */
export const ADVISOR_EXAMPLES: readonly AdvisorExample[] = [
  {
    title: 'A large table with inserts and updates',
    point:
      '`full_load` is ineligible by the row limit; `timestamp` is known to miss inserts and the incrementing modes updates, so `timestamp+incrementing` is the one recommendable mode. Its body names `updated_at`, the timestamp the database sets on every update, not `created_at`.',
    traits: {
      table: 'shop.public.orders',
      source: 'postgresql',
      pipeline_mode: 'table',
      rows: 12_000_000,
      columns: ORDERS_COLUMNS,
      changes: {
        inserts: 'yes',
        updates: 'yes',
        deletes: 'no',
        inserts_per_day: 20_000,
        updates_per_day: 5_000,
      },
      replication_frequency_minutes: 60,
    },
    options: {},
    status: 'recommended',
    best: 'timestamp+incrementing',
  },
  {
    title: 'An append-only log',
    point:
      'Every mode that captures inserts captures all this table has; the changes-reading ones bill far fewer events than re-reading the table, and catalogue order breaks the tie between `incrementing` and `unique_incrementing`.',
    traits: {
      table: 'app.audit_log',
      source: 'mysql',
      pipeline_mode: 'table',
      rows: 800_000,
      columns: [
        IDENTITY_KEY,
        {
          name: 'created_at',
          type: 'datetime(6)',
          nullable: false,
          set_on_insert: true,
          set_on_update: false,
        },
        { name: 'payload', type: 'json', nullable: true },
      ],
      changes: { inserts: 'yes', updates: 'no', deletes: 'no', inserts_per_day: 50_000 },
    },
    options: {},
    status: 'recommended',
    best: 'incrementing',
  },
  {
    title: 'A mid-sized table with change-data-capture columns and an unknown update rate',
    point:
      "`full_load` is allowed (at 20,000 inserts a day the table stays below the row limit over the 30-day horizon) and its billed events can be estimated from the rows; `timestamp+incrementing`'s cannot, because the update rate is not given. It captures the same kinds of change with no more advice failures, so the `break_even` policy ranks it first, and the reasons state the break-even.",
    traits: {
      table: 'shop.public.carts',
      source: 'postgresql',
      rows: 1_200_000,
      columns: [
        IDENTITY_KEY,
        { name: 'updated_at', type: 'timestamptz', nullable: false, set_on_update: true },
      ],
      changes: { inserts: 'yes', updates: 'yes', inserts_per_day: 20_000 },
    },
    options: {},
    status: 'recommended',
    best: 'timestamp+incrementing',
  },
  {
    title: 'An identity column and nothing else known: the facts to establish',
    point:
      "The table is too large for `full_load`, has no timestamp column, and the incrementing modes are known to miss its updates. `change_tracking` is the one mode not known to fail, but whether the source has the feature, whether it is enabled, its retention and the table's primary key are not known, so nothing is recommended until they are: each fact comes with its question and, where there is one, its query.",
    traits: {
      rows: 10_000_000,
      columns: [{ name: 'id', type: 'bigint', unique: true, auto_increment: true, set_on_insert: true }],
      changes: { inserts: 'yes', updates: 'yes' },
    },
    options: {},
    status: 'needs_facts',
    best: 'change_tracking',
  },
  {
    title: 'The same table on PostgreSQL: nothing to recommend without a change',
    point:
      'PostgreSQL has no change-tracking feature, so `change_tracking` is ineligible, with no SQL Server statement. Every other mode fails a hard rule or misses the updates the table has: the result names no mode, and each candidate says what would unlock it, in PostgreSQL.',
    traits: {
      table: 'public.events',
      source: 'postgresql',
      rows: 10_000_000,
      columns: [{ name: 'id', type: 'bigint', unique: true, auto_increment: true, set_on_insert: true }],
      changes: { inserts: 'yes', updates: 'yes' },
    },
    options: {},
    status: 'none',
    best: 'timestamp+incrementing',
  },
  {
    title: 'A large SQL Server table with change tracking set up and no timestamp column',
    point:
      "Neither timestamp mode has a date-and-time column and `incrementing` is known to miss updates, while `change_tracking`'s capture is only not described by the service's documentation, so `change_tracking` is recommended: its retention is longer than the frequency and every hard rule holds.",
    traits: {
      table: 'sales.dbo.orders',
      source: 'sqlserver',
      pipeline_mode: 'table',
      rows: 10_000_000,
      columns: [
        {
          name: 'order_id',
          type: 'int',
          nullable: false,
          primary_key: true,
          unique: true,
          auto_increment: true,
        },
        { name: 'amount', type: 'decimal(12,2)', nullable: false },
      ],
      changes: { inserts: 'yes', updates: 'yes' },
      change_tracking: { database_enabled: true, table_enabled: true, retention_minutes: 2880 },
      replication_frequency_minutes: 15,
    },
    options: {},
    status: 'recommended',
    best: 'change_tracking',
  },
  {
    title: 'Deletes in a table-mode pipeline',
    point:
      "No query mode captures deletes (the service's table of what each mode captures has columns for inserts and updates only), and table and custom SQL pipelines do not replicate them (documented at https://docs.hevodata.com/data-ingestion/ingestion-modes-and-query-modes/; see [service.md](service.md#deletes-not-replicated)), so deletes decide nothing between modes: the table gets the mode it would get without them, and its reasons say that deleted rows stay in the destination, and what to do (a log-based pipeline, or rows marked deleted). The next example requires deletes.",
    traits: CONTACTS,
    options: {},
    status: 'recommended',
    best: 'timestamp+incrementing',
  },
  {
    title: 'The same table, requiring deletes',
    point:
      '`mustCapture` with deletes asks for what no query mode can do outside a log-based pipeline: no mode can be recommended, and the reasons say so.',
    traits: CONTACTS,
    options: { mustCapture: ['inserts', 'updates', 'deletes'] },
    status: 'none',
    best: 'timestamp+incrementing',
  },
  {
    title: 'A log-based pipeline',
    point:
      "In a log-based pipeline the query mode serves only the historical load: incremental data comes from the database's log (deletes included, querymode's inference from the log's documented one-to-one replication), so no mode is blocked on the changes it does not read, and every mode bills the same events; the ranking falls to its later criteria. The hard rules still apply: `full_load` is ineligible by the row limit.",
    traits: {
      table: 'shop.public.orders',
      source: 'postgresql',
      pipeline_mode: 'log_based',
      rows: 12_000_000,
      columns: ORDERS_COLUMNS,
      changes: {
        inserts: 'yes',
        updates: 'yes',
        deletes: 'yes',
        inserts_per_day: 20_000,
        updates_per_day: 5_000,
        deletes_per_day: 100,
      },
    },
    options: {},
    status: 'recommended',
    best: 'incrementing',
  },
  {
    title: 'A row count estimated close to the limit',
    point:
      "The row count is the database's statistics estimate (`rows_estimate`) and falls within the advisor's margin of the `full_load` limit, so the row limit is not known to hold: the estimate is not trusted near the line, and an exact count is asked for.",
    traits: {
      table: 'dbo.customers',
      source: 'sqlserver',
      rows: 4_600_000,
      rows_estimate: true,
      columns: [
        { name: 'customer_id', type: 'int', nullable: false, primary_key: true, auto_increment: true },
        { name: 'name', type: 'nvarchar(200)', nullable: false },
      ],
      changes: { inserts: 'yes', updates: 'yes' },
    },
    options: {},
    status: 'needs_facts',
    best: 'full_load',
  },
];
