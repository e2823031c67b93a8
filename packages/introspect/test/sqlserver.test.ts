/**
 * SQL Server has no server here: the dialect runs the SQL it ships against catalog rows recorded
 * by hand for the fixture schema (fixtures/sqlserver.sql, fixtures/sqlserver-catalog.ts), behind
 * the same query interface as a live connection.
 */
import { chooseMode, type TableTraits, validateTableTraits } from '@querymode/core';
import {
  type CatalogClient,
  type InspectReport,
  inspectClient,
  sqlServerQueries,
} from '@querymode/introspect';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_KEY } from '../../../scripts/questions-plan.js';
import { SQLSERVER_CATALOG } from './fixtures/sqlserver-catalog.js';
import { tableOf } from './support/lookup.js';
import { printedFor } from './support/printed.js';

const ran: string[] = [];
/** Answers only the SQL the package ships; anything else fails the test. */
const recorded: CatalogClient = {
  async query(sql, params) {
    const rows = SQLSERVER_CATALOG.get(sql);
    if (rows === undefined) throw new Error(`not a shipped query: ${sql.slice(0, 80)}`);
    if (sql.includes('@p0')) expect(JSON.parse(String(params?.[0]))).toEqual(['dbo', 'sales']);
    ran.push(sql);
    return rows;
  },
  close: async () => undefined,
};

let report: InspectReport;
/** The modes the current advisor gives these traits (changes unknown: SQL Server has no counters). */
// SQL Server keeps no change counters, so no insert rate is known: full_load's row limit over the
// horizon is then not known to hold, and the small tables wait for their rate (needs_facts; chosen null).
const MODES = {
  'dbo.audit_log': null,
  'dbo.customers': null,
  // 9.2 million rows (too many for full_load), a UUID key: UUIDs suit unique_incrementing, but
  // whether the table gets updates is not known (SQL Server has no counters), so nothing is
  // recommended until it is (needs_facts; chooseMode's chosen is null).
  'dbo.events': null,
  'dbo.orders': 'timestamp+incrementing',
  // The login that read the catalog may not SELECT from it: never recommended, a grant awaited.
  'dbo.secrets': null,
  'dbo.tickets': null,
  'dbo.[user]': null,
  'sales.[Order Lines]': null,
};
// With an insert rate that keeps them under the limit, the small tables are full_load's again.
const FULL_LOAD_WITH_A_RATE = [
  'dbo.audit_log',
  'dbo.customers',
  'dbo.tickets',
  'dbo.[user]',
  'sales.[Order Lines]',
];
const table = (name: string): TableTraits => tableOf(report, name);

beforeAll(async () => {
  const r = await inspectClient(recorded, 'sqlserver');
  if (!r.ok) throw new Error(r.issues[0]?.message);
  report = r.value;
});

describe('inspect on SQL Server (recorded catalog rows)', () => {
  it('runs each shipped query once and gives valid records', () => {
    const shipped = Object.values(sqlServerQueries).filter((v) => typeof v === 'string');
    expect(new Set(ran)).toEqual(new Set(shipped));
    expect(ran).toHaveLength(shipped.length);
    expect(report.queries).toBe(6);
    for (const t of report.tables) {
      expect(validateTableTraits(t).ok, t.table).toBe(true);
      expect(t.source).toBe('sqlserver');
    }
    expect(report.tables.map((t) => t.table)).toEqual([
      'dbo.audit_log',
      'dbo.customers',
      'dbo.events',
      'dbo.orders',
      'dbo.secrets',
      'dbo.tickets',
      'dbo.[user]',
      'sales.[Order Lines]',
    ]);
    expect(report.skipped).toEqual({ views: 1 });
  });

  it('reads rows from sys.partitions, IDENTITY, and an AFTER UPDATE trigger that sets updated_at', () => {
    const orders = table('dbo.orders');
    expect(orders).toMatchObject({ rows: 1_250_000, rows_estimate: true });
    expect(orders.columns).toEqual([
      { ...IDENTITY_KEY, set_on_insert: true, set_on_update: false },
      {
        name: 'status',
        type: 'nvarchar(20)',
        nullable: false,
        primary_key: false,
        unique: false,
        auto_increment: false,
        set_on_insert: false,
        set_on_update: false,
      },
      {
        name: 'created_at',
        type: 'datetime2(3)',
        nullable: false,
        primary_key: false,
        unique: false,
        auto_increment: false,
        set_on_insert: true,
        set_on_update: false,
      },
      {
        name: 'updated_at',
        type: 'datetime2(3)',
        nullable: false,
        primary_key: false,
        unique: false,
        auto_increment: false,
        set_on_insert: true,
        set_on_update: true,
      },
    ]);
  });

  it('reads change tracking on the database and the table, retention and auto-cleanup', () => {
    expect(table('dbo.orders').change_tracking).toEqual({
      database_enabled: true,
      table_enabled: true,
      retention_minutes: 2880,
      auto_cleanup: true,
    });
    expect(table('dbo.events').change_tracking).toMatchObject({
      database_enabled: true,
      table_enabled: false,
    });
  });

  it('reads rowversion as set on every update, and leaves a conditional trigger unknown', () => {
    const rv = table('dbo.customers').columns?.find((c) => c.name === 'row_ver');
    expect(rv).toMatchObject({ type: 'rowversion', set_on_insert: true, set_on_update: true });
    const changed = table('dbo.tickets').columns?.find((c) => c.name === 'changed_at');
    expect(changed).not.toHaveProperty('set_on_update');
    expect(table('dbo.tickets').notes?.join(' ')).toMatch(/tickets_touch/);
  });

  it('reads composite keys, a table without a key, and a table the login may not read', () => {
    expect(
      table('sales.[Order Lines]')
        .columns?.filter((c) => c.primary_key)
        .map((c) => c.unique),
    ).toEqual([false, false]);
    expect(table('dbo.audit_log').columns?.every((c) => c.primary_key === false)).toBe(true);
    expect(table('dbo.secrets').notes?.join(' ')).toMatch(/may not SELECT/);
  });

  it('gives traits the advisor turns into modes', () => {
    const modes = Object.fromEntries(
      report.tables.map((t) => {
        const choice = chooseMode(t, {});
        return [t.table, choice.ok ? choice.value.chosen : choice.issues];
      }),
    );
    // The current advisor's choices (issue 9 may change its reasons, not these facts' meaning).
    expect(modes).toEqual(MODES);
    for (const name of FULL_LOAD_WITH_A_RATE) {
      const t = table(name);
      const choice = chooseMode({ ...t, changes: { ...t.changes, inserts_per_day: 10 } }, {});
      expect(choice.ok && choice.value.chosen, name).toBe('full_load');
    }
  });
});

/** A name with a quote, a bracket, a newline, a bidi control, `$$` and RAISERROR's `%s`. */
const HOSTILE_DB = "Sh'op]\n\u202e$$%s";

/** The recorded catalog, but for the database `DB_NAME()` answers. */
const recordedIn = (database: string): CatalogClient => ({
  query: async (sql, params) =>
    sql === sqlServerQueries.MS_SETTINGS
      ? ((await recorded.query(sql, params)) as Record<string, unknown>[]).map((r) => ({
          ...r,
          database_name: database,
        }))
      : recorded.query(sql, params),
  close: async () => undefined,
});

describe('SQL Server: the database inspect read (recorded catalog rows; no server runs them here)', () => {
  it('records DB_NAME() in each table, exactly as spelt, beside its two-part name', async () => {
    expect(new Set(report.tables.map((t) => t.database))).toEqual(new Set(['shop']));
    const hostile = await inspectClient(recordedIn(HOSTILE_DB), 'sqlserver');
    expect(hostile.ok && hostile.value.tables.map((t) => [t.table, t.database])).toEqual(
      report.tables.map((t) => [t.table, HOSTILE_DB]),
    );
  });

  it('every remedy and question of an inspected table: USE, then a batch that stops it in any other database, then SET NOEXEC OFF', async () => {
    const hostile = await inspectClient(recordedIn(HOSTILE_DB), 'sqlserver');
    if (!hostile.ok) throw new Error(hostile.issues[0]?.message);
    const orders = hostile.value.tables.find((t) => t.table === 'dbo.orders') as TableTraits;
    const printed = printedFor(orders);
    const texts = [...printed.remedies.map((r) => r.sql), ...printed.questions.map((q) => q.query)];
    expect(texts.length).toBeGreaterThan(5);
    // The T-SQL as printed: the name in brackets (`]` doubled) and in N'' strings (`'` doubled), given to RAISERROR as an argument, never in its format.
    const head = [
      "USE [Sh'op]]\n\u202e$$%s];",
      'GO',
      "IF DB_NAME() <> N'Sh''op]\n\u202e$$%s' BEGIN DECLARE @connected nvarchar(258) = QUOTENAME(DB_NAME()); RAISERROR(N'connected to database %s, this is for database %s: connect to it and run this again', 16, 1, @connected, N'[Sh''op]]\n\u202e$$%s]') WITH NOWAIT; SET NOEXEC ON; END;",
      'GO',
      '',
    ].join('\n');
    for (const text of texts) {
      expect(text.startsWith(head), text).toBe(true);
      expect(text.endsWith('\nGO\nSET NOEXEC OFF;'), text).toBe(true);
      expect(text.split('SET NOEXEC ON;').length, text).toBe(2);
    }
    expect(texts).toContain(
      `${head}SELECT tr.name, OBJECT_DEFINITION(tr.object_id) FROM sys.triggers AS tr WHERE tr.parent_id = OBJECT_ID(N'[Sh''op]]\n\u202e$$%s].[dbo].[orders]');\nGO\nSET NOEXEC OFF;`,
    );
    // The same texts as for the table named with its database.
    const { database: _recorded, ...unrecorded } = orders;
    const named = printedFor({ ...unrecorded, table: `[Sh'op]]\n\u202e$$%s].[dbo].[orders]` });
    expect([...named.remedies.map((r) => r.sql), ...named.questions.map((q) => q.query)]).toEqual(texts);
  });
});
