/**
 * Worked examples of table traits, used by `docs/recommend.md` and its tests.
 *
 * @module
 */
import type { RecommendOptions } from './recommend.js';
import type { TableTraits } from './traits.js';

/** One worked example. */
export interface AdvisorExample {
  /** A short title. */
  readonly title: string;
  /** What the example shows. */
  readonly point: string;
  /** The table. */
  readonly traits: TableTraits;
  /** The options passed to `recommend`. */
  readonly options: RecommendOptions;
}

/** The worked examples of `docs/recommend.md`. */
export const ADVISOR_EXAMPLES: readonly AdvisorExample[] = [
  {
    title: 'A large table with inserts and updates',
    point:
      '`full_load` is ruled out by the row limit; `timestamp` misses inserts and `incrementing` misses updates, so `timestamp+incrementing` wins on the first criterion.',
    traits: {
      table: 'shop.public.orders',
      source: 'postgresql',
      rows: 12_000_000,
      columns: [
        {
          name: 'id',
          type: 'bigint',
          nullable: false,
          primary_key: true,
          unique: true,
          auto_increment: true,
        },
        { name: 'status', type: 'text', nullable: false },
        {
          name: 'created_at',
          type: 'timestamptz',
          nullable: false,
          set_on_insert: true,
          set_on_update: false,
        },
        {
          name: 'updated_at',
          type: 'timestamptz',
          nullable: false,
          set_on_insert: true,
          set_on_update: true,
        },
      ],
      changes: {
        inserts: 'yes',
        updates: 'yes',
        deletes: 'no',
        inserts_per_day: 20_000,
        updates_per_day: 5_000,
      },
    },
    options: { horizonHours: 24 },
  },
  {
    title: 'An append-only log',
    point:
      'Every mode that captures inserts captures all this table has; the incremental ones read 40 times fewer events than `full_load`, and catalogue order breaks the tie between `incrementing` and `unique_incrementing`.',
    traits: {
      table: 'app.audit_log',
      source: 'mysql',
      rows: 800_000,
      columns: [
        {
          name: 'id',
          type: 'bigint',
          nullable: false,
          primary_key: true,
          unique: true,
          auto_increment: true,
        },
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
    options: { horizonHours: 24 },
  },
  {
    title: 'A mid-sized table with change-data-capture columns and unknown rates',
    point:
      "`full_load` is allowed (under 5,000,000 rows) and its events are known; `timestamp+incrementing`'s are not, because no change rates are given. It captures the same change kinds as `full_load` with no more warnings, so the `break_even` policy ranks it first and its reasons state the break-even: it is cheaper as long as fewer than rows × 24 ÷ 6 rows change a day.",
    traits: {
      table: 'shop.public.carts',
      source: 'postgresql',
      rows: 1_200_000,
      columns: [
        {
          name: 'id',
          type: 'bigint',
          nullable: false,
          primary_key: true,
          unique: true,
          auto_increment: true,
        },
        { name: 'updated_at', type: 'timestamptz', nullable: false, set_on_update: true },
      ],
      changes: { inserts: 'yes', updates: 'yes' },
    },
    options: { horizonHours: 720 },
  },
  {
    title: 'A large SQL Server table with change tracking set up and no timestamp column',
    point:
      '`full_load` is ruled out by the row limit and neither timestamp mode has a date-and-time column. `incrementing` is known not to capture updates (spec 2.3), while what `change_tracking` captures is only not described, so `change_tracking` ranks first on the known misses, with its retention strictly longer than the frequency.',
    traits: {
      table: 'sales.dbo.orders',
      source: 'sqlserver',
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
    options: { horizonHours: 720 },
  },
  {
    title: 'A small table whose changes are not known',
    point:
      'With the change kinds unknown, `incrementing` could miss updates that `full_load` would catch, so the `break_even` policy does not apply: only `full_load` has an estimate, and an estimate that can be made ranks before one that cannot.',
    traits: {
      table: 'ref.countries',
      rows: 250,
      columns: [
        { name: 'code', type: 'char(2)', nullable: false, primary_key: true },
        { name: 'name', type: 'varchar(100)', nullable: false },
      ],
    },
    options: { horizonHours: 24 },
  },
  {
    title: 'SQL Server change tracking with a retention equal to the frequency',
    point:
      'The retention must be strictly longer than the replication frequency, so `change_tracking` is ineligible and its remedy gives the SQL; `full_load` is the one eligible mode that captures both kinds.',
    traits: {
      table: 'sales.dbo.customers',
      source: 'sqlserver',
      rows: 3_000_000,
      columns: [
        { name: 'customer_id', type: 'int', nullable: false, primary_key: true, auto_increment: true },
        { name: 'name', type: 'nvarchar(200)', nullable: false },
        { name: 'modified', type: 'datetime2', nullable: true, set_on_update: false },
      ],
      changes: { inserts: 'yes', updates: 'yes', inserts_per_day: 1_000, updates_per_day: 4_000 },
      change_tracking: { database_enabled: true, table_enabled: true, retention_minutes: 60 },
      replication_frequency_minutes: 60,
    },
    options: { horizonHours: 24 },
  },
  {
    title: 'No mode is eligible',
    point:
      'Too many rows for `full_load`, and no column list to fill any other body: the result names no mode, and each candidate lists what would unlock it.',
    traits: { table: 'dw.facts', rows: 8_000_000, changes: { inserts: 'yes' } },
    options: { horizonHours: 24, supportedModes: ['full_load', 'incrementing', 'timestamp+incrementing'] },
  },
];
