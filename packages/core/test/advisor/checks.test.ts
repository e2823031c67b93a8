/**
 * Every check, one case per verdict it can give, through `checkAgainstTable` (a body the caller
 * wrote) or `recommend` (a body filled from the table). A check without a case here fails the
 * last test: adding a check means adding its cases.
 */
import {
  CHECKS,
  type CheckAgainstTableOptions,
  type ColumnTraits,
  checkAgainstTable,
  type Finding,
  FULL_LOAD_MAX_ROWS_EXCLUSIVE,
  type QueryMode,
  type QueryModeBody,
  recommend,
  type TableTraits,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';

const body = (config: Record<string, unknown>) => ({ config }) as unknown as QueryModeBody;

const ts = (extra: Partial<ColumnTraits> = {}): ColumnTraits => ({
  name: 'updated_at',
  type: 'timestamp',
  nullable: false,
  set_on_update: true,
  ...extra,
});
const id = (extra: Partial<ColumnTraits> = {}): ColumnTraits => ({
  name: 'id',
  type: 'bigint',
  nullable: false,
  unique: true,
  primary_key: true,
  auto_increment: true,
  ...extra,
});
/** A copy of an object without some keys (an unknown trait is an absent key). */
function drop<T extends object>(o: T, ...keys: (keyof T)[]): T {
  const out = { ...o };
  for (const k of keys) delete out[k];
  return out;
}
const FULL = body({ mode: 'full_load' });
const TS = body({ mode: 'timestamp', timestamp_column_name: 'updated_at' });
const TS_DELAY = body({
  mode: 'timestamp',
  timestamp_column_name: 'updated_at',
  timestamp_delay_interval_ms: '60000',
});
const INC = body({ mode: 'incrementing', incrementing_column_name: 'id' });
const TI = body({
  mode: 'timestamp+incrementing',
  incrementing_column_name: 'id',
  timestamp_column_name: 'updated_at',
});
const UI = body({ mode: 'unique_incrementing', unique_column_name: 'id' });
const CT = body({ mode: 'change_tracking', historical_enabled: true, unique_column_name: 'id' });

const CT_ON = { database_enabled: true, table_enabled: true, retention_minutes: 2880 };
const SQL_SERVER: TableTraits = {
  table: 'sales.dbo.orders',
  source: 'sqlserver',
  columns: [id()],
  change_tracking: CT_ON,
  replication_frequency_minutes: 60,
};

/** One case of a check. */
interface Case {
  readonly check: string;
  readonly name: string;
  readonly body: QueryModeBody;
  readonly traits: TableTraits;
  readonly verdict: 'yes' | 'no' | 'unknown';
  readonly severity?: Finding['severity'];
  /** The SQL of the remedy, for a `no`. */
  readonly sql?: RegExp;
  /** The message. */
  readonly message?: RegExp;
  readonly options?: CheckAgainstTableOptions;
  /** Run through `recommend` (a body filled from the table) for this mode, instead of `body`. */
  readonly filled?: QueryMode;
}

const CASES: readonly Case[] = [
  // full_load.row_limit: hard, spec.
  {
    check: 'full_load.row_limit',
    name: 'below the limit holds, for a count said to be exact',
    body: FULL,
    traits: { rows: 4_999_999, rows_estimate: false },
    verdict: 'yes',
  },
  {
    check: 'full_load.row_limit',
    name: 'exactly 5,000,000 rows fails',
    body: FULL,
    traits: { rows: FULL_LOAD_MAX_ROWS_EXCLUSIVE, rows_estimate: false },
    verdict: 'no',
    severity: 'error',
    message: /5,000,000 rows; `full_load` is usable only when the table has fewer than 5,000,000 rows/,
  },
  {
    check: 'full_load.row_limit',
    name: 'an unknown row count is unknown, and asks for a count in the dialect',
    body: FULL,
    traits: { source: 'mysql', table: 'shop.orders' },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'full_load.row_limit',
    name: 'an estimate within 20% of the limit is not known to be below it',
    body: FULL,
    traits: { rows: 4_500_000, rows_estimate: true },
    verdict: 'unknown',
    message: /within 20% of the limit/,
  },
  {
    check: 'full_load.row_limit',
    name: 'a count not said to be exact is an estimate: near the limit, not known to be below it',
    body: FULL,
    traits: { rows: 4_999_999 },
    verdict: 'unknown',
    message: /about 4,999,999 rows \(not said to be an exact count\), within 20% of the limit/,
  },
  {
    check: 'full_load.row_limit',
    name: 'an estimate far below the limit holds',
    body: FULL,
    traits: { rows: 1_000_000, rows_estimate: true },
    verdict: 'yes',
  },
  // full_load.row_limit_growth: hard, spec (the row limit over the span of the estimate).
  {
    check: 'full_load.row_limit_growth',
    name: 'a known insert rate that stays below the limit over the horizon holds',
    body: FULL,
    traits: { rows: 1_000_000, changes: { inserts_per_day: 100_000 } },
    options: { horizonHours: 720 },
    verdict: 'yes',
  },
  {
    check: 'full_load.row_limit_growth',
    name: 'a known insert rate that reaches the limit within the horizon fails, with the day',
    body: FULL,
    traits: { table: 'shop.o"r\\ders\u202e', rows: 1_000_000, changes: { inserts_per_day: 200_000 } },
    options: { horizonHours: 720 },
    verdict: 'no',
    severity: 'error',
    message: /reaches 5,000,000 on day 20 of the 30-day horizon/,
  },
  {
    check: 'full_load.row_limit_growth',
    name: 'an insert rate not known is unknown, with the rate that keeps it under the limit',
    body: FULL,
    traits: { rows: 2_000_000, changes: { inserts: 'yes' } },
    options: { horizonHours: 720 },
    verdict: 'unknown',
    severity: 'warning',
    message:
      /fewer than 100,000 new rows a day \(net of deletes\) keeps it under 5,000,000 rows for the 30-day horizon/,
  },
  {
    check: 'full_load.row_limit',
    name: 'the margin is an option',
    body: FULL,
    traits: { rows: 4_500_000, rows_estimate: true },
    options: { rowsEstimateMargin: 0.05 },
    verdict: 'yes',
  },
  // full_load.reload_wait: advice, spec.
  {
    check: 'full_load.reload_wait',
    name: 'a 6-hour frequency changes nothing',
    body: FULL,
    traits: { rows: 10, replication_frequency_minutes: 360 },
    verdict: 'yes',
  },
  {
    check: 'full_load.reload_wait',
    name: 'a 15-minute frequency does not hold for full_load',
    body: FULL,
    traits: { rows: 10, replication_frequency_minutes: 15 },
    verdict: 'no',
    severity: 'warning',
    message: /every 15 minutes.*waits 6 hours/,
  },
  {
    check: 'full_load.reload_wait',
    name: 'an unknown frequency is advice',
    body: FULL,
    traits: { rows: 10 },
    verdict: 'unknown',
    severity: 'info',
  },
  // timestamp.column_not_null: hard, spec.
  {
    check: 'timestamp.column_not_null',
    name: 'NOT NULL holds',
    body: TS,
    traits: { columns: [ts()] },
    verdict: 'yes',
  },
  {
    check: 'timestamp.column_not_null',
    name: 'a nullable column fails, with PostgreSQL SQL',
    body: TS,
    traits: { source: 'postgresql', table: 'public.t', columns: [ts({ nullable: true })] },
    verdict: 'no',
    severity: 'error',
    sql: /ALTER TABLE "public"\."t" ALTER COLUMN "updated_at" SET NOT NULL;/,
  },
  {
    check: 'timestamp.column_not_null',
    name: 'unknown NULLs are unknown',
    body: TS,
    traits: { columns: [drop(ts(), 'nullable')] },
    verdict: 'unknown',
    severity: 'warning',
  },
  // timestamp.auto_update: hard, spec.
  {
    check: 'timestamp.auto_update',
    name: 'a column the database does not update fails, with MySQL SQL',
    body: TS,
    traits: { source: 'mysql', table: 'shop.t', columns: [ts({ set_on_update: false })] },
    verdict: 'no',
    severity: 'error',
    sql: /^DROP TRIGGER IF EXISTS `shop`\.`qm_upd_t_updated_at_[0-9a-f]{8}`;\nCREATE TRIGGER `shop`\.`qm_upd_t_updated_at_[0-9a-f]{8}` BEFORE UPDATE ON `shop`\.`t` FOR EACH ROW SET NEW\.`updated_at` = CURRENT_TIMESTAMP\(6\);/,
  },
  {
    check: 'timestamp.auto_update',
    name: 'unknown auto-update is unknown',
    body: TS,
    traits: { columns: [drop(ts(), 'set_on_update')] },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'timestamp.auto_update',
    name: 'auto-update holds',
    body: TS,
    traits: { columns: [ts()] },
    verdict: 'yes',
  },
  // timestamp.delay_window: advice, spec.
  {
    check: 'timestamp.delay_window',
    name: 'no delay leaves the question of long transactions open',
    body: TS,
    traits: { columns: [ts()] },
    verdict: 'unknown',
    severity: 'info',
  },
  {
    check: 'timestamp.delay_window',
    name: 'a delay holds',
    body: TS_DELAY,
    traits: { columns: [ts()] },
    verdict: 'yes',
  },
  // timestamp.duplicate_timestamps: advice, documented.
  {
    check: 'timestamp.duplicate_timestamps',
    name: 'a unique timestamp column holds, however large the table',
    body: TS,
    traits: { rows: 12_000_000, columns: [ts({ unique: true })] },
    verdict: 'yes',
  },
  {
    check: 'timestamp.duplicate_timestamps',
    name: 'a table of at most one ingestion batch holds',
    body: TS,
    traits: { rows: 1_000_000, rows_estimate: false, columns: [ts({ unique: false })] },
    verdict: 'yes',
  },
  {
    check: 'timestamp.duplicate_timestamps',
    name: 'a column known not unique in a table larger than a batch is a warning',
    body: TS,
    traits: { rows: 12_000_000, rows_estimate: false, columns: [ts({ unique: false })] },
    verdict: 'no',
    severity: 'warning',
    message:
      /not unique and the table has 12,000,000 rows: if more than 1,000,000 of them share one `updated_at` value/,
  },
  {
    check: 'timestamp.duplicate_timestamps',
    name: 'a column not known to be unique in a large table is an open question',
    body: TS,
    traits: { rows: 12_000_000, columns: [ts()] },
    verdict: 'unknown',
    severity: 'info',
  },
  {
    check: 'timestamp.duplicate_timestamps',
    name: 'an estimated row count near the batch size is not known to be on either side of it',
    body: TS,
    traits: { rows: 1_100_000, rows_estimate: true, columns: [ts({ unique: false })] },
    verdict: 'unknown',
    message:
      /is not unique and the table has about 1,100,000 rows \(by the database's statistics estimate\), so whether/,
  },
  // column.timestamp_type: hard, inference (only a temporal type can be a timestamp).
  {
    check: 'column.timestamp_type',
    name: 'an integer timestamp column is an error for a body the caller wrote',
    body: TS,
    traits: { columns: [ts({ type: 'bigint' })] },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'column.timestamp_type',
    name: 'an inet column is not a time (network family)',
    body: TS,
    traits: { source: 'postgresql', columns: [ts({ type: 'inet' })] },
    verdict: 'no',
    message: /network/,
  },
  {
    check: 'column.timestamp_type',
    name: 'a type the dialect does not know is neither a time nor an ID: no question for the type the traits hold',
    body: TS,
    traits: { source: 'postgresql', columns: [ts({ type: 'my_domain' })] },
    verdict: 'no',
  },
  {
    check: 'column.timestamp_type',
    name: 'without the source, `timestamp` is not known to be a time (SQL Server names a row version so): the source is asked',
    body: TS,
    traits: { columns: [ts()] },
    verdict: 'unknown',
    severity: 'warning',
    message: /give `source`/,
  },
  {
    check: 'column.timestamp_type',
    name: "SQL Server's timestamp is a row version",
    body: TS,
    traits: { source: 'sqlserver', columns: [ts()] },
    verdict: 'no',
    message: /rowversion/,
  },
  {
    check: 'column.timestamp_type',
    name: 'an unknown type is unknown, and the mode waits for it',
    body: TS,
    traits: { columns: [drop(ts(), 'type')] },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'column.timestamp_type',
    name: 'timestamptz holds',
    body: TS,
    traits: { columns: [ts({ type: 'timestamptz' })] },
    verdict: 'yes',
  },
  // column.exists: hard.
  {
    check: 'column.exists',
    name: 'a missing column fails, with a suggestion',
    body: TS,
    traits: { columns: [{ name: 'updated_on' }] },
    verdict: 'no',
    severity: 'error',
    message: /did you mean `updated_on`/,
  },
  {
    check: 'column.exists',
    name: 'a column in the wrong case fails, and says so',
    body: TS,
    traits: { columns: [ts({ name: 'Updated_At' })] },
    verdict: 'no',
    message: /differs only in case/,
  },
  {
    check: 'column.exists',
    name: 'unknown columns are unknown',
    body: TS,
    traits: {},
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'column.exists',
    name: 'an existing column holds',
    body: TS,
    traits: { columns: [ts()] },
    verdict: 'yes',
  },
  // column.available: hard, for a body filled from the table.
  {
    check: 'column.available',
    name: 'no date-and-time column: none can be chosen for the timestamp',
    body: TS,
    filled: 'timestamp',
    traits: { columns: [id()] },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'column.available',
    name: 'unknown columns: no column can be chosen',
    body: TS,
    filled: 'timestamp',
    traits: { rows: 5 },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'column.available',
    name: 'a fitting column is chosen',
    body: TS,
    filled: 'timestamp',
    traits: { columns: [ts()] },
    verdict: 'yes',
  },
  // incrementing.column_not_null: hard, spec.
  {
    check: 'incrementing.column_not_null',
    name: 'a nullable column fails',
    body: INC,
    traits: { columns: [id({ nullable: true, primary_key: false })] },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'incrementing.column_not_null',
    name: 'a primary-key column holds even without nullable',
    body: INC,
    traits: { columns: [drop(id(), 'nullable')] },
    verdict: 'yes',
  },
  {
    check: 'incrementing.column_not_null',
    name: 'unknown NULLs are unknown',
    body: INC,
    traits: { columns: [{ name: 'id', unique: true }] },
    verdict: 'unknown',
  },
  // incrementing.new_value_per_insert: a capture condition of inserts.
  {
    check: 'incrementing.new_value_per_insert',
    name: 'not unique misses inserts: an error when the table has them',
    body: INC,
    traits: {
      columns: [id({ unique: false, primary_key: false, auto_increment: false })],
      changes: { inserts: 'yes' },
    },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'incrementing.new_value_per_insert',
    name: 'the same column keeps the mode waiting (a warning) when inserts are not known',
    body: INC,
    traits: { columns: [id({ unique: false, primary_key: false, auto_increment: false })] },
    verdict: 'no',
    severity: 'warning',
  },
  {
    check: 'incrementing.new_value_per_insert',
    name: 'unknown uniqueness, with inserts, is a fact to establish',
    body: INC,
    traits: { columns: [{ name: 'id', nullable: false }], changes: { inserts: 'yes' } },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'incrementing.new_value_per_insert',
    name: 'a one-column primary key holds',
    body: INC,
    traits: { columns: [id()] },
    verdict: 'yes',
  },
  {
    check: 'incrementing.new_value_per_insert',
    name: 'AUTO_INCREMENT in a two-column primary key is not unique (explicit values may repeat)',
    body: INC,
    traits: {
      source: 'mysql',
      columns: [id({ unique: false }), { name: 'snmp_id', type: 'int', primary_key: true, nullable: false }],
      changes: { inserts: 'yes' },
    },
    verdict: 'no',
    severity: 'error',
    message: /AUTO_INCREMENT or a sequence does not make it unique/,
  },
  {
    check: 'incrementing.new_value_per_insert',
    name: 'a primary-key column whose fellow columns are not known is not known to be unique',
    body: INC,
    traits: { columns: [drop(id(), 'unique'), { name: 'other', type: 'int' }], changes: { inserts: 'yes' } },
    verdict: 'unknown',
    severity: 'warning',
  },
  // incrementing.integer_id: hard, inference (only whole numbers increment).
  {
    check: 'incrementing.integer_id',
    name: 'a bigint holds',
    body: INC,
    traits: { columns: [id()] },
    verdict: 'yes',
  },
  {
    check: 'incrementing.integer_id',
    name: 'a UUID is no incrementing ID: an error',
    body: INC,
    traits: { columns: [{ name: 'id', type: 'uuid', nullable: false, unique: true }] },
    verdict: 'no',
    severity: 'error',
    message: /not whole numbers/,
  },
  {
    check: 'incrementing.integer_id',
    name: 'no type: asked',
    body: INC,
    traits: { columns: [drop(id(), 'type')] },
    verdict: 'unknown',
    severity: 'warning',
  },
  // timestamp+incrementing.integer_id: hard, inference.
  {
    check: 'timestamp+incrementing.integer_id',
    name: 'a bigint holds',
    body: TI,
    traits: { columns: [id(), ts()] },
    verdict: 'yes',
  },
  {
    check: 'timestamp+incrementing.integer_id',
    name: 'a timestamp is no incrementing ID on PostgreSQL',
    body: TI,
    traits: { source: 'postgresql', columns: [id({ type: 'timestamptz' }), ts()] },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'timestamp+incrementing.integer_id',
    name: 'numeric is whole only with scale 0: asked',
    body: TI,
    traits: { source: 'postgresql', columns: [id({ type: 'numeric', auto_increment: false }), ts()] },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'timestamp+incrementing.integer_id',
    name: 'a numeric the traits say is auto-increment holds whole numbers (an identity does)',
    body: TI,
    traits: { source: 'postgresql', columns: [id({ type: 'numeric' }), ts()] },
    verdict: 'yes',
  },
  {
    check: 'timestamp+incrementing.integer_id',
    name: 'a Salesforce Id answered not to grow does not increment',
    body: TI,
    traits: {
      source: 'salesforce',
      columns: [id({ type: 'id', auto_increment: false }), ts({ type: 'datetime' })],
    },
    verdict: 'no',
    severity: 'error',
    message: /`id` \(type `id`, a record identifier\) does not grow with each new record/,
  },
  {
    check: 'incrementing.auto_increment_fit',
    name: 'a Salesforce Number field answered not to grow: inserts are missed',
    body: INC,
    traits: {
      source: 'salesforce',
      columns: [id({ type: 'double', auto_increment: false })],
      changes: { inserts: 'yes' },
    },
    verdict: 'no',
    severity: 'error',
    message: /does not get a higher value in field `id`/,
  },
  // incrementing.auto_increment_fit: a capture condition of inserts (values grow with each record).
  {
    check: 'incrementing.auto_increment_fit',
    name: 'a unique integer that is not auto-increment is a question, not a yes',
    body: INC,
    traits: { columns: [id({ auto_increment: false })] },
    verdict: 'unknown',
    severity: 'warning',
    message: /higher value .* is not known: it is not an identity/,
  },
  {
    check: 'incrementing.auto_increment_fit',
    name: 'a UUID column does not increment (inference): inserts are missed',
    body: INC,
    traits: {
      columns: [{ name: 'id', type: 'uuid', nullable: false, unique: true }],
      changes: { inserts: 'yes' },
    },
    verdict: 'no',
    severity: 'error',
    message: /not whole numbers that increment \(inference\)/,
  },
  {
    check: 'incrementing.auto_increment_fit',
    name: 'unknown auto-increment, inserts known not to happen: an info',
    body: INC,
    traits: { columns: [drop(id(), 'auto_increment')], changes: { inserts: 'no' } },
    verdict: 'unknown',
    severity: 'info',
  },
  // timestamp+incrementing.incrementing_fit: advice, spec ("Incrementing ID column") and inference.
  {
    check: 'timestamp+incrementing.incrementing_fit',
    name: 'an auto-increment column holds',
    body: TI,
    traits: { columns: [id(), ts()] },
    verdict: 'yes',
  },
  {
    check: 'timestamp+incrementing.incrementing_fit',
    name: 'a UUID column is unique but not incrementing: a warning',
    body: TI,
    traits: {
      columns: [{ name: 'id', type: 'uuid', nullable: false, unique: true, set_on_insert: true }, ts()],
    },
    verdict: 'no',
    severity: 'warning',
    message: /not whole numbers that increment \(inference\).*can be missed/,
  },
  {
    check: 'timestamp+incrementing.incrementing_fit',
    name: 'unknown auto-increment keeps the mode waiting',
    body: TI,
    traits: { columns: [drop(id(), 'auto_increment'), ts()] },
    verdict: 'unknown',
    severity: 'warning',
  },
  // timestamp+incrementing.unique_id: a capture condition of inserts.
  {
    check: 'timestamp+incrementing.unique_id',
    name: 'a one-column primary key holds',
    body: TI,
    traits: { columns: [id(), ts()] },
    verdict: 'yes',
  },
  {
    check: 'timestamp+incrementing.unique_id',
    name: 'a column set on insert but not unique misses inserts the table has',
    body: TI,
    traits: {
      columns: [id({ unique: false, primary_key: false }), ts()],
      changes: { inserts: 'yes' },
    },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'timestamp+incrementing.unique_id',
    name: 'unknown uniqueness is asked, not assumed',
    body: TI,
    traits: { columns: [drop(id({ primary_key: false }), 'unique'), ts()] },
    verdict: 'unknown',
    severity: 'warning',
  },
  // timestamp+incrementing.set_on_insert: hard, spec ("must be updated on every inserted row").
  {
    check: 'timestamp+incrementing.set_on_insert',
    name: 'a column the database does not set on insert fails: an error',
    body: TI,
    traits: {
      source: 'postgresql',
      table: 'public.t',
      columns: [id({ auto_increment: false, set_on_insert: false }), ts()],
    },
    verdict: 'no',
    severity: 'error',
    sql: /ADD COLUMN IF NOT EXISTS "row_id" bigint GENERATED BY DEFAULT AS IDENTITY UNIQUE;/,
  },
  {
    check: 'timestamp+incrementing.set_on_insert',
    name: 'unknown is a warning',
    body: TI,
    traits: { columns: [drop(id(), 'auto_increment'), ts()] },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'timestamp+incrementing.set_on_insert',
    name: 'auto-increment holds',
    body: TI,
    traits: { columns: [id(), ts()] },
    verdict: 'yes',
  },
  // timestamp+incrementing.timestamp_on_update: capture condition of updates, inference.
  {
    check: 'timestamp+incrementing.timestamp_on_update',
    name: 'a timestamp not set on update misses updates the table has: an error',
    body: TI,
    traits: { columns: [id(), ts({ set_on_update: false })], changes: { updates: 'yes' } },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'timestamp+incrementing.timestamp_on_update',
    name: 'the same is a warning when the table has no updates known',
    body: TI,
    traits: { columns: [id(), ts({ set_on_update: false })] },
    verdict: 'no',
    severity: 'warning',
  },
  {
    check: 'timestamp+incrementing.timestamp_on_update',
    name: 'unknown, with updates, is a fact to establish',
    body: TI,
    traits: { columns: [id(), drop(ts(), 'set_on_update')], changes: { updates: 'yes' } },
    verdict: 'unknown',
    severity: 'warning',
  },
  // unique_incrementing.column_not_null: hard, spec.
  {
    check: 'unique_incrementing.column_not_null',
    name: 'a nullable column fails',
    body: UI,
    traits: { columns: [id({ nullable: true, primary_key: false })] },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'unique_incrementing.column_not_null',
    name: 'NOT NULL holds',
    body: UI,
    traits: { columns: [id()] },
    verdict: 'yes',
  },
  {
    check: 'unique_incrementing.column_not_null',
    name: 'unknown NULLs are unknown',
    body: UI,
    traits: { columns: [{ name: 'id', unique: true }] },
    verdict: 'unknown',
  },
  // unique_incrementing.unique_values: capture condition of inserts.
  {
    check: 'unique_incrementing.unique_values',
    name: 'a non-unique ID misses inserts the table has',
    body: UI,
    traits: {
      columns: [id({ unique: false, primary_key: false, auto_increment: false })],
      changes: { inserts: 'yes' },
    },
    verdict: 'no',
    severity: 'error',
  },
  {
    check: 'unique_incrementing.unique_values',
    name: 'unknown uniqueness with inserts not known keeps the mode waiting',
    body: UI,
    traits: { columns: [{ name: 'id', nullable: false }] },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'unique_incrementing.unique_values',
    name: 'unknown uniqueness with no inserts is an info',
    body: UI,
    traits: { columns: [{ name: 'id', nullable: false }], changes: { inserts: 'no' } },
    verdict: 'unknown',
    severity: 'info',
  },
  // change_tracking.source_has_feature: hard, inference.
  {
    check: 'change_tracking.source_has_feature',
    name: 'PostgreSQL has no change-tracking feature: an error, and no SQL Server SQL anywhere',
    body: CT,
    traits: { source: 'postgresql', columns: [id()] },
    verdict: 'no',
    severity: 'error',
    message: /PostgreSQL has no change-tracking feature/,
  },
  {
    check: 'change_tracking.source_has_feature',
    name: 'an unknown source is unknown',
    body: CT,
    traits: { columns: [id()] },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'change_tracking.source_has_feature',
    name: 'SQL Server has one',
    body: CT,
    traits: SQL_SERVER,
    verdict: 'yes',
  },
  // change_tracking.enabled_on_table: hard, spec.
  {
    check: 'change_tracking.enabled_on_table',
    name: 'not enabled on the table fails, with the SQL Server statements',
    body: CT,
    traits: { ...SQL_SERVER, change_tracking: { table_enabled: false } },
    verdict: 'no',
    severity: 'error',
    sql: /SET CHANGE_TRACKING = ON .*\n.* ENABLE CHANGE_TRACKING;/,
  },
  {
    check: 'change_tracking.enabled_on_table',
    name: 'unknown is unknown',
    body: CT,
    traits: { ...SQL_SERVER, change_tracking: {} },
    verdict: 'unknown',
    severity: 'warning',
  },
  {
    check: 'change_tracking.enabled_on_table',
    name: 'enabled holds',
    body: CT,
    traits: SQL_SERVER,
    verdict: 'yes',
  },
  // change_tracking.enabled_on_database: hard, documented.
  {
    check: 'change_tracking.enabled_on_database',
    name: 'not enabled on the database fails',
    body: CT,
    traits: { ...SQL_SERVER, change_tracking: { database_enabled: false } },
    verdict: 'no',
    severity: 'error',
    sql: /ALTER DATABASE CURRENT SET CHANGE_TRACKING = ON/,
  },
  {
    check: 'change_tracking.enabled_on_database',
    name: 'enabled on the table means enabled on the database',
    body: CT,
    traits: { ...SQL_SERVER, change_tracking: { table_enabled: true } },
    verdict: 'yes',
  },
  // change_tracking.retention: hard, spec.
  {
    check: 'change_tracking.retention',
    name: 'a retention equal to the frequency fails',
    body: CT,
    traits: { ...SQL_SERVER, change_tracking: { ...CT_ON, retention_minutes: 60 } },
    verdict: 'no',
    severity: 'error',
    sql: /CHANGE_RETENTION = 2880 MINUTES/,
  },
  {
    check: 'change_tracking.retention',
    name: 'the frequency option overrides the traits',
    body: CT,
    traits: SQL_SERVER,
    options: { replicationFrequencyMinutes: 5000 },
    verdict: 'no',
  },
  {
    check: 'change_tracking.retention',
    name: 'an unknown frequency is unknown',
    body: CT,
    traits: drop(SQL_SERVER, 'replication_frequency_minutes'),
    verdict: 'unknown',
  },
  // change_tracking.unique_column: hard, spec.
  {
    check: 'change_tracking.unique_column',
    name: 'a non-unique column fails',
    body: CT,
    traits: {
      ...SQL_SERVER,
      columns: [id({ unique: false, primary_key: false }), { name: 'k', primary_key: true }],
    },
    verdict: 'no',
    severity: 'error',
  },
  // change_tracking.primary_key: hard, documented.
  {
    check: 'change_tracking.primary_key',
    name: 'no primary key fails',
    body: CT,
    traits: { ...SQL_SERVER, columns: [id({ primary_key: false })] },
    verdict: 'no',
    severity: 'error',
    sql: /PRIMARY KEY \(\[id\]\)/,
  },
  {
    check: 'change_tracking.primary_key',
    name: 'unknown columns leave it unknown',
    body: CT,
    traits: drop(SQL_SERVER, 'columns'),
    verdict: 'unknown',
  },
  // table.readable: hard, inference; a table the user that read the catalog may not read waits for a grant.
  {
    check: 'table.readable',
    name: 'a table the reader may read holds',
    body: FULL,
    traits: { readable: true, reader: 'qm_reader' },
    verdict: 'yes',
  },
  {
    check: 'table.readable',
    name: "nothing said of the reader holds (what one user may do says nothing of the pipeline's)",
    body: FULL,
    traits: {},
    verdict: 'yes',
  },
  {
    check: 'table.readable',
    name: 'a table the reader may not read is unknown, with the grant for that user in its dialect',
    body: FULL,
    traits: { source: 'postgresql', table: 'shop."Ord""ers"', readable: false, reader: 'Qm "reader"' },
    verdict: 'unknown',
    severity: 'warning',
    sql: /^GRANT USAGE ON SCHEMA "shop" TO "Qm ""reader""";\nGRANT SELECT ON "shop"\."Ord""ers" TO "Qm ""reader""";$/,
    message: /`Qm "reader"` that read the catalog may not read `shop\."Ord""ers"`/,
  },
  {
    check: 'table.readable',
    name: 'on MySQL the grant names the account as user and host',
    body: FULL,
    traits: { source: 'mysql', table: 'shop.orders', readable: false, reader: "o'brien@%" },
    verdict: 'unknown',
    severity: 'warning',
    sql: /GRANT SELECT ON `shop`.`orders` TO 'o''brien'@'%';$/,
  },
  // table.replicable: hard, documented (Salesforce's describe).
  {
    check: 'table.replicable',
    name: 'a database table, with no such flags, holds',
    body: FULL,
    traits: {},
    verdict: 'yes',
  },
  {
    check: 'table.replicable',
    name: 'an object Salesforce does not replicate fails, with why',
    body: FULL,
    traits: { source: 'salesforce', table: 'LoginEvent', queryable: true, replicateable: false },
    verdict: 'no',
    severity: 'error',
    message: /does not let `LoginEvent` be replicated \(its describe: `replicateable` false/,
  },
  // column.filterable: hard, documented (Salesforce's field describe).
  {
    check: 'column.filterable',
    name: 'a column without the flags holds',
    body: TS,
    traits: { columns: [{ name: 'updated_at', type: 'timestamp', nullable: false, set_on_update: true }] },
    verdict: 'yes',
  },
  {
    check: 'column.filterable',
    name: 'a field Salesforce cannot sort on fails',
    body: body({ mode: 'timestamp', timestamp_column_name: 'EventDate' }),
    traits: {
      source: 'salesforce',
      table: 'LoginEvent',
      columns: [{ name: 'EventDate', type: 'datetime', nullable: false, filterable: true, sortable: false }],
    },
    verdict: 'no',
    severity: 'error',
    message: /cannot filter or sort on `EventDate`/,
  },
  // capture.calculated_fields: advice, documented (the service on Salesforce).
  {
    check: 'capture.calculated_fields',
    name: 'full_load reads formula fields whole',
    body: FULL,
    traits: { columns: [{ name: 'Days__c', type: 'double', calculated: true }] },
    verdict: 'yes',
  },
  {
    check: 'capture.calculated_fields',
    name: "a mode that reads changes misses a formula field, with the service's note",
    body: TS,
    traits: {
      source: 'salesforce',
      table: 'Account',
      columns: [
        { name: 'updated_at', type: 'datetime', nullable: false, set_on_update: true },
        { name: 'Days__c', type: 'double', calculated: true },
      ],
    },
    verdict: 'no',
    severity: 'warning',
    message:
      /`Days__c` of `Account` is a formula or roll-up field: the service says a change of such a field does not change SystemModStamp/,
  },
  // integer_id: a Salesforce Id is a record identifier whose order is asked.
  {
    check: 'timestamp+incrementing.integer_id',
    name: "a Salesforce Id: whether it grows is asked, in the platform's words",
    body: body({
      mode: 'timestamp+incrementing',
      timestamp_column_name: 'SystemModstamp',
      incrementing_column_name: 'Id',
    }),
    traits: {
      source: 'salesforce',
      table: 'Account',
      columns: [
        { name: 'Id', type: 'id', nullable: false, unique: true, set_on_insert: true },
        {
          name: 'SystemModstamp',
          type: 'datetime',
          nullable: false,
          set_on_insert: true,
          set_on_update: true,
        },
      ],
    },
    verdict: 'unknown',
    severity: 'warning',
    message: /`Id` \(type `id`, a record identifier\) grows with each new record is not documented/,
  },
  {
    check: 'timestamp+incrementing.integer_id',
    name: 'a Salesforce Id said to grow holds',
    body: body({
      mode: 'timestamp+incrementing',
      timestamp_column_name: 'SystemModstamp',
      incrementing_column_name: 'Id',
    }),
    traits: {
      source: 'salesforce',
      table: 'Account',
      columns: [
        { name: 'Id', type: 'id', nullable: false, unique: true, set_on_insert: true, auto_increment: true },
        {
          name: 'SystemModstamp',
          type: 'datetime',
          nullable: false,
          set_on_insert: true,
          set_on_update: true,
        },
      ],
    },
    verdict: 'yes',
  },
];

function findingsOf(c: Case): readonly Finding[] {
  if (c.filled !== undefined) {
    const r = recommend(c.traits, c.options);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.value.candidates.find((x) => x.mode === c.filled)?.findings ?? [];
  }
  const r = checkAgainstTable(c.body, c.traits, c.options);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

function findingOf(c: Case): Finding | undefined {
  const found = findingsOf(c).filter((f) => f.check === c.check);
  expect(found.length, `${c.check} at most once`).toBeLessThanOrEqual(1);
  return found[0];
}

describe('each check, by its verdicts', () => {
  for (const c of CASES) {
    it(`${c.check}: ${c.name}`, () => {
      const f = findingOf(c);
      if (c.verdict === 'yes') {
        expect(f, JSON.stringify(f)).toBeUndefined();
        return;
      }
      expect(f, `${c.check} reports`).toBeDefined();
      const finding = f as Finding;
      expect(finding.verdict).toBe(c.verdict);
      if (c.severity) expect(finding.severity).toBe(c.severity);
      if (c.message) expect(finding.message).toMatch(c.message);
      if (c.sql) expect(finding.sql).toMatch(c.sql);
      if (c.verdict === 'no') expect(finding.remedy?.length).toBeGreaterThan(10);
      if (c.verdict === 'unknown') expect(finding.questions?.length).toBeGreaterThan(0);
      const check = CHECKS.find((x) => x.id === c.check);
      expect(finding.strength).toBe(check?.strength);
      expect(finding.source).toBe(check?.source.kind);
    });
  }

  it('asks for an unknown row count with a query in the dialect of the source', () => {
    const f = findingOf(CASES[2] as Case);
    expect(f?.questions?.[0]).toEqual({
      path: ['rows'],
      question: 'How many rows does `shop.orders` have?',
      query: 'SELECT COUNT(*) FROM `shop`.`orders`;',
    });
  });

  it('says plainly that there is no query for a pipeline setting', () => {
    const f = findingOf({
      ...(CASES.find((c) => c.check === 'full_load.reload_wait' && c.verdict === 'unknown') as Case),
    });
    expect(f?.questions?.[0]).toMatchObject({ path: ['replication_frequency_minutes'], query: null });
    expect(f?.questions?.[0]?.noQuery).toMatch(/no query/);
  });

  it('gives no SQL Server statement for a PostgreSQL table', () => {
    const r = checkAgainstTable(CT, { source: 'postgresql', columns: [id()], changes: { inserts: 'yes' } });
    expect(r.ok && JSON.stringify(r.value)).not.toMatch(/CHANGE_TRACKING|sys\.change_tracking/);
  });

  it('has a case for every check, and each check gives each of its verdicts somewhere', () => {
    for (const check of CHECKS) {
      if (check.rule.startsWith('option.')) continue;
      expect(
        CASES.some((c) => c.check === check.id),
        `${check.id} has no case in checks.test.ts`,
      ).toBe(true);
    }
  });
});
