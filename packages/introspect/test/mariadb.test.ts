/**
 * MariaDB 10.11 (started by `bash scripts/setup.sh --databases`): the fixture schema
 * (fixtures/mariadb.sql) is created in fresh databases, inspected as the least-privileged
 * reader, and every case of the issue is checked; then dropped.
 */
import { type TableTraits, validateTableTraits } from '@querymode/core';
import { type InspectReport, inspectDatabase, parseDatabaseUrl } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf, tableOf } from './support/lookup.js';
import { createMariadbFixture, type MariadbFixture } from './support/mariadb-fixture.js';
import { MYSQL_READER_URL } from './support/servers.js';

let f: MariadbFixture;
let report: InspectReport;

async function inspect(options: Parameters<typeof inspectDatabase>[1] = {}): Promise<InspectReport> {
  const target = parseDatabaseUrl(MYSQL_READER_URL);
  if (!target.ok) throw new Error(target.issues[0]?.message);
  const result = await inspectDatabase(target.value, { schemas: [f.db, f.mixed], ...options });
  if (!result.ok) throw new Error(result.issues[0]?.message);
  return result.value;
}

const table = (name: string): TableTraits => tableOf(report, `${f.db}.${name}`);
const column = columnOf;

beforeAll(async () => {
  f = await createMariadbFixture();
  report = await inspect();
});

afterAll(async () => {
  await f?.drop();
});

describe('inspect on MariaDB', () => {
  it('gives one valid traits record per table, with the source and estimated rows', () => {
    expect(report.tables).toHaveLength(14);
    for (const t of report.tables) {
      expect(validateTableTraits(t).ok, t.table).toBe(true);
      expect(t.source).toBe('mysql');
    }
    expect(report.server).toMatch(/^MariaDB 10\.11/);
    expect(report.queries).toBe(7);
    expect(report.skipped).toEqual({ views: 1 });
    expect(table('orders')).toMatchObject({ rows: 200, rows_estimate: true });
  });

  it('reads AUTO_INCREMENT and UUID keys, composite keys and a table without a primary key', () => {
    expect(column(table('orders'), 'id')).toEqual({
      name: 'id',
      type: 'bigint(20) unsigned',
      nullable: false,
      primary_key: true,
      unique: true,
      auto_increment: true,
      set_on_insert: true,
      set_on_update: false,
    });
    expect(column(table('events'), 'id')).toMatchObject({
      type: 'char(36)',
      auto_increment: false,
      set_on_insert: true,
    });
    expect(column(table('order_lines'), 'line_no')).toMatchObject({ primary_key: true, unique: false });
    expect(table('audit_log').columns?.every((c) => c.primary_key === false)).toBe(true);
    expect(column(table('customers'), 'email').unique).toBe(true);
  });

  it('reads ON UPDATE CURRENT_TIMESTAMP on NOT NULL and nullable columns', () => {
    expect(column(table('orders'), 'updated_at')).toMatchObject({
      type: 'timestamp(3)',
      nullable: false,
      set_on_insert: true,
      set_on_update: true,
    });
    expect(column(table('customers'), 'modified_at')).toMatchObject({
      nullable: true,
      set_on_insert: false,
      set_on_update: true,
    });
    expect(column(table('orders'), 'created_at')).toMatchObject({
      set_on_insert: true,
      set_on_update: false,
    });
  });

  it('reads a BEFORE UPDATE trigger that sets a column, and one that sets it on some updates only (false)', () => {
    expect(column(table('tickets'), 'touched_at').set_on_update).toBe(true);
    // IF NEW.body <> OLD.body THEN SET NEW.edited_at = NOW(): one branch, so not on every update.
    expect(column(table('notes'), 'edited_at').set_on_update).toBe(false);
  });

  it('leaves trigger facts unknown where the user cannot see the triggers (no TRIGGER privilege)', () => {
    expect(column(table('no_trigger_grant'), 'changed_at')).not.toHaveProperty('set_on_update');
    expect(table('no_trigger_grant').notes?.join(' ')).toMatch(/no TRIGGER privilege/);
  });

  it('reads an append-only table (triggers signal on every UPDATE and DELETE) as updates and deletes no', () => {
    expect(table('ledger').changes).toEqual({ updates: 'no', deletes: 'no' });
  });

  it('says that change activity is unknown when performance_schema is off, never no', () => {
    expect(table('orders')).not.toHaveProperty('changes');
    expect(table('orders').notes?.join(' ')).toMatch(/performance_schema is off/);
  });

  it('reads a partitioned table as one table', () => {
    expect(table('measurements').rows).toBe(300);
    expect(table('measurements').notes).toContain('rows: the estimate over all its partitions.');
  });

  it('gives exact names for mixed-case, non-ASCII and reserved names', () => {
    expect(column(table('OrderHistory'), 'UpdatedAt').set_on_update).toBe(true);
    expect(column(table('`order`'), 'naïve').type).toBe('text');
    const cafe = report.tables.find((t) => t.schema === f.mixed);
    expect(cafe?.table).toBe(`\`${f.mixed}\`.\`Café Orders\``);
  });

  it('reports a table the user may not read, never drops it', () => {
    expect(table('secrets').notes?.join(' ')).toMatch(/No SELECT privilege of the connected user qm_reader/);
  });

  it('reads views only when asked', async () => {
    const r = await inspect({ include: ['views'], tables: ['order_summary'] });
    expect(r.tables.map((t) => t.table)).toEqual([`${f.db}.order_summary`]);
    expect(r.tables[0]?.columns?.[0]).toEqual({ name: 'customer_id', type: 'bigint(20)' });
  });
});
