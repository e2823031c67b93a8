/**
 * PostgreSQL 15 (started by `bash scripts/setup.sh --databases`): the fixture schema
 * (fixtures/postgres.sql) is created in fresh schemas, inspected as the least-privileged reader,
 * and every case of the issue is checked; then dropped.
 */
import { type TableTraits, validateTableTraits } from '@querymode/core';
import {
  type CatalogClient,
  type InspectReport,
  inspectClient,
  inspectDatabase,
  parseDatabaseUrl,
  postgresqlQueries,
} from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_KEY } from '../../../scripts/questions-plan.js';
import { columnOf, tableOf } from './support/lookup.js';
import { fixture, freshName, PG_READER_URL, PG_URL, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
const mixed = `QM Mixed ${schema}`;
let report: InspectReport;

async function inspect(options: Parameters<typeof inspectDatabase>[1] = {}): Promise<InspectReport> {
  const target = parseDatabaseUrl(PG_READER_URL);
  if (!target.ok) throw new Error(target.issues[0]?.message);
  const result = await inspectDatabase(target.value, { schemas: [schema, mixed], ...options });
  if (!result.ok) throw new Error(result.issues[0]?.message);
  return result.value;
}

const table = (name: string): TableTraits => tableOf(report, `${schema}.${name}`);
const column = columnOf;

beforeAll(async () => {
  await withPostgres(async (c) => {
    await c.query(
      fixture('postgres.sql').replaceAll('{{schema}}', `"${schema}"`).replaceAll('{{mixed}}', `"${mixed}"`),
    );
  });
  report = await inspect();
});

afterAll(async () => {
  await withPostgres(async (c) => {
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${mixed}" CASCADE`);
  });
});

describe('inspect on PostgreSQL', () => {
  it('gives one valid traits record per table, with the source and estimated rows', () => {
    expect(report.tables.map((t) => t.table)).toEqual([
      `"${mixed}"."Café Orders"`,
      `${schema}."OrderHistory"`,
      ...[
        'accounts',
        'audit_log',
        'customers',
        'events',
        'ledger',
        'measurements',
        'order_lines',
        'orders',
      ].map((n) => `${schema}.${n}`),
      `${schema}.secrets`,
      `${schema}.staging_import`,
      `${schema}.tickets`,
      `${schema}."user"`,
    ]);
    for (const t of report.tables) {
      expect(validateTableTraits(t).ok, t.table).toBe(true);
      expect(t.source).toBe('postgresql');
      if (t.rows !== undefined) expect(t.rows_estimate).toBe(true);
    }
    expect(report.queries).toBe(6);
    expect(report.skipped).toEqual({ 'partitions (read through their partitioned table)': 2, views: 1 });
  });

  it('reads serial, identity and UUID keys', () => {
    expect(column(table('orders'), 'id')).toEqual({
      ...IDENTITY_KEY,
      set_on_insert: true,
      set_on_update: false,
    });
    expect(column(table('customers'), 'id')).toMatchObject({
      auto_increment: true,
      primary_key: true,
      unique: true,
    });
    expect(column(table('events'), 'id')).toMatchObject({
      type: 'uuid',
      primary_key: true,
      unique: true,
      auto_increment: false,
      set_on_insert: true,
    });
  });

  it('reads a composite key (no column unique alone) and a table without a primary key', () => {
    const lines = table('order_lines');
    expect(column(lines, 'order_id')).toMatchObject({ primary_key: true, unique: false });
    expect(column(lines, 'line_no')).toMatchObject({ primary_key: true, unique: false });
    expect(table('audit_log').columns?.every((c) => c.primary_key === false)).toBe(true);
  });

  it('reads unique constraints, but not partial or expression unique indexes', () => {
    expect(column(table('customers'), 'email').unique).toBe(true);
    expect(column(table('accounts'), 'email').unique).toBe(false);
    expect(column(table('accounts'), 'code').unique).toBe(false);
  });

  it('reads updated_at maintained by one trigger function shared by two tables', () => {
    expect(column(table('orders'), 'updated_at')).toMatchObject({ nullable: false, set_on_update: true });
    expect(column(table('customers'), 'updated_at')).toMatchObject({
      nullable: true,
      set_on_insert: true,
      set_on_update: true,
    });
    // The shared function sets only updated_at: the other columns are known not to be set.
    expect(column(table('orders'), 'status')).toMatchObject({ set_on_insert: false, set_on_update: false });
    expect(column(table('orders'), 'created_at')).toMatchObject({
      set_on_insert: true,
      set_on_update: false,
    });
  });

  it('reads a trigger guarded by IF NEW IS DISTINCT FROM OLD as setting its column on every update that matters', () => {
    const tickets = table('tickets');
    expect(column(tickets, 'changed_at').set_on_update).toBe(true);
    // No statement assigns title: the catalog settles it, false.
    expect(column(tickets, 'title').set_on_update).toBe(false);
  });

  it('reads an append-only table (a trigger rejects every UPDATE and DELETE) as updates and deletes no', () => {
    expect(table('ledger').changes).toEqual({ inserts: 'yes', updates: 'no', deletes: 'no' });
    expect(column(table('ledger'), 'booked_at').set_on_update).toBe(false);
  });

  it('gives observed changes as yes, and never no from absent activity', () => {
    expect(table('orders').changes).toEqual({ inserts: 'yes', updates: 'yes', deletes: 'yes' });
    expect(table('events').changes).toEqual({ inserts: 'yes' });
    expect(table('accounts')).not.toHaveProperty('changes');
    expect(table('accounts').notes?.join(' ')).toContain('No change observed');
  });

  it('sums a partitioned table over its partitions; a never-analysed table has unknown rows', () => {
    expect(table('measurements').rows).toBe(300);
    expect(table('measurements').notes).toContain('rows: the sum of the estimates of its 2 partitions.');
    expect(table('staging_import')).not.toHaveProperty('rows');
    expect(table('staging_import').notes?.[0]).toMatch(/never analysed/);
    expect(table('orders').rows).toBe(196);
  });

  it('gives exact names for quoted, mixed-case, non-ASCII and keyword names', () => {
    const history = table('"OrderHistory"');
    expect(history.schema).toBe(schema);
    expect(column(history, 'UpdatedAt')).toMatchObject({ set_on_update: true, set_on_insert: true });
    expect(column(table('"user"'), 'naïve').type).toBe('text');
    const cafe = report.tables.find((t) => t.schema === mixed);
    expect(cafe?.table).toBe(`"${mixed}"."Café Orders"`);
  });

  it('reports a table the user may not read, never drops it', () => {
    expect(table('secrets').notes?.join(' ')).toMatch(/qm_reader may not read this table/);
    expect(table('secrets').columns?.map((c) => c.name)).toEqual(['id', 'token']);
  });

  it('reads views only when asked, with their columns and no invented facts', async () => {
    const r = await inspect({ include: ['views'], tables: ['order_summary'] });
    expect(r.tables).toHaveLength(1);
    const view = r.tables[0] as TableTraits;
    expect(view).not.toHaveProperty('rows');
    expect(view.columns?.[0]).toEqual({ name: 'customer_id', type: 'bigint' });
    expect(validateTableTraits(view).ok).toBe(true);
  });

  it('selects tables by name and excludes by pattern', async () => {
    expect((await inspect({ tables: ['orders'] })).tables.map((t) => t.table)).toEqual([`${schema}.orders`]);
    const r = await inspect({ exclude: ['order*', `${schema}.a*`] });
    expect(r.tables.map((t) => t.table)).not.toContain(`${schema}.orders`);
    expect(r.tables.map((t) => t.table)).not.toContain(`${schema}.accounts`);
    expect(r.tables.map((t) => t.table)).toContain(`${schema}.customers`);
  });

  it('hands each record to onTable as it is assembled, in the same order, and keeps none', async () => {
    const taken: TableTraits[] = [];
    const r = await inspect({
      onTable: (t) => {
        taken.push(t);
      },
    });
    expect(r.tables).toEqual([]);
    // The same records (the change counters may have moved since: names and columns compared).
    const shape = (t: TableTraits) => [t.table, t.columns];
    expect(taken.map(shape)).toEqual(report.tables.map(shape));
  });

  it('waits for the promise onTable returns before the next record (a writer behind a slow pipe)', async () => {
    let waiting = false;
    let overtaken = false;
    let taken = 0;
    await inspect({
      onTable: async () => {
        if (waiting) overtaken = true;
        waiting = true;
        taken++;
        await new Promise((resolve) => setTimeout(resolve, 2));
        waiting = false;
      },
    });
    expect(taken).toBe(report.tables.length);
    expect(overtaken).toBe(false);
  });

  it('runs the same number of catalog queries whatever the number of tables', async () => {
    const pg = (await import('pg')).default;
    const count = async (schemas: string[]) => {
      const c = new pg.Client({ connectionString: PG_READER_URL });
      await c.connect();
      let n = 0;
      const client: CatalogClient = {
        query: async (sql, params) => {
          n++;
          return (await c.query(sql, params as unknown[])).rows;
        },
        close: () => c.end(),
      };
      const r = await inspectClient(client, 'postgresql', { schemas });
      await client.close();
      if (!r.ok) throw new Error(r.issues[0]?.message);
      return { statements: n, tables: r.value.tables.length };
    };
    const big = freshName('qm_t');
    await withPostgres(async (c) => {
      await c.query(`CREATE SCHEMA "${big}"`);
      await c.query(
        `DO $$ BEGIN FOR i IN 1..120 LOOP EXECUTE format('CREATE TABLE %I.t%s (id serial PRIMARY KEY, v text)', '${big}', i); END LOOP; END $$`,
      );
      await c.query(`GRANT USAGE ON SCHEMA "${big}" TO qm_reader`);
    });
    try {
      const small = await count([schema]);
      const large = await count([schema, big]);
      expect(large.tables).toBe(small.tables + 120);
      expect(large.statements).toBe(small.statements);
      expect(small.statements).toBe(8); // BEGIN, six catalog queries, ROLLBACK
    } finally {
      await withPostgres((c) => c.query(`DROP SCHEMA "${big}" CASCADE`));
    }
  });

  it('runs inside a read-only transaction', async () => {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    const seen: string[] = [];
    let readOnly: unknown;
    const client: CatalogClient = {
      query: async (sql, params) => {
        seen.push(sql.trim().split(/\s+/).slice(0, 2).join(' '));
        if (seen.length === 2)
          readOnly = (await c.query('SHOW transaction_read_only')).rows[0]?.transaction_read_only;
        return (await c.query(sql, params as unknown[])).rows;
      },
      close: () => c.end(),
    };
    const r = await inspectClient(client, 'postgresql', { schemas: [schema] });
    await client.close();
    expect(r.ok).toBe(true);
    expect(seen[0]).toBe('BEGIN TRANSACTION');
    expect(seen.at(-1)).toBe('ROLLBACK');
    expect(readOnly).toBe('on');
  });

  it("gives each table's columns in their order, in whatever order the server sends the rows", async () => {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: PG_READER_URL });
    await c.connect();
    // The columns statement has no ORDER BY: a server may send its rows in any order.
    const client: CatalogClient = {
      query: async (sql, params) => {
        const rows = (await c.query(sql, params as unknown[])).rows;
        return sql === postgresqlQueries.PG_COLUMNS ? rows.reverse() : rows;
      },
      close: () => c.end(),
    };
    const r = await inspectClient(client, 'postgresql', { schemas: [schema, mixed] });
    await client.close();
    if (!r.ok) throw new Error(r.issues[0]?.message);
    expect(JSON.stringify(r.value.tables)).toBe(JSON.stringify(report.tables));
    const defined = await withPostgres(
      async (o) =>
        (
          await o.query(
            `SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
            [`"${schema}".accounts`],
          )
        ).rows,
    );
    expect(table('accounts').columns?.map((col) => col.name)).toEqual(defined.map((d) => d.attname));
  });
});
