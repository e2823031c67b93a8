/**
 * PostgreSQL at 2,000 relations and more: the keys, triggers and trigger functions are read on a
 * second connection beside the columns, in the first connection's snapshot. A user relies on the
 * records being those of one catalog state, the same as when everything is read on one
 * connection, and on a second connection that cannot be opened, or that never answers, changing
 * nothing (one that hangs is not waited for).
 */
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { type CatalogClient, type InspectReport, inspectClient, type Row } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf, inspectUrl, tableOf } from './support/lookup.js';
import { freshName, PG_URL, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
const s = `"${schema}"`;
/** Two tables with keys and triggers, and enough views to make 2,000 relations. */
const VIEWS = 1_998;
const OPTIONS = { schemas: [schema], include: ['views'] } as const;

/** A test connection as a catalog client; `another` as given. */
async function clientOf(another?: () => Promise<CatalogClient>): Promise<CatalogClient> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  return {
    query: async (sql, params) => (await c.query(sql, params as unknown[])).rows as Row[],
    close: () => c.end().catch(() => undefined),
    ...(another !== undefined ? { another } : {}),
  };
}

/** Inspects the schema through `client`, then closes it. */
async function inspectThrough(client: CatalogClient): Promise<InspectReport> {
  try {
    const r = await inspectClient(client, 'postgresql', OPTIONS);
    if (!r.ok) throw new Error(r.issues[0]?.message);
    return r.value;
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA ${s};
      CREATE FUNCTION ${s}.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at := now(); RETURN NEW; END $$;
      CREATE TABLE ${s}.a (id bigint PRIMARY KEY, code text UNIQUE, qty int, updated_at timestamptz);
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}.a FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
      CREATE TABLE ${s}.b (id bigint PRIMARY KEY, qty int, updated_at timestamptz);
      DO $$ BEGIN FOR i IN 1..${VIEWS} LOOP
        EXECUTE format('CREATE VIEW %I.v%s AS SELECT 1 AS x', '${schema}', i);
      END LOOP; END $$;`),
  );
}, 120_000);

afterAll(() => withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`)));

describe('keys and triggers read beside the columns', () => {
  it('gives the records of one connection, through the driver and through a client with a second connection', async () => {
    let opened = 0;
    const one = await inspectThrough(await clientOf());
    const two = await inspectThrough(
      await clientOf(() => {
        opened++;
        return clientOf();
      }),
    );
    const driver = await inspectUrl(PG_URL, OPTIONS);
    expect(opened).toBe(1);
    expect(one.tables).toHaveLength(VIEWS + 2);
    expect(JSON.stringify(two.tables)).toBe(JSON.stringify(one.tables));
    expect(JSON.stringify(driver.tables)).toBe(JSON.stringify(one.tables));
    const a = tableOf(one, `${schema}.a`);
    expect(columnOf(a, 'id').primary_key).toBe(true);
    expect(columnOf(a, 'code').unique).toBe(true);
    expect(columnOf(a, 'updated_at').set_on_update).toBe(true);
  }, 120_000);

  it('reads the state of the first connection, not a change committed after it began', async () => {
    const report = await inspectThrough(
      await clientOf(async () => {
        // Committed after the first connection's snapshot, before the second connection opens.
        await withPostgres((c) =>
          c.query(`CREATE UNIQUE INDEX b_qty ON ${s}.b (qty);
            CREATE TRIGGER touch BEFORE UPDATE ON ${s}.b FOR EACH ROW EXECUTE FUNCTION ${s}.touch()`),
        );
        return clientOf();
      }),
    );
    const b = tableOf(report, `${schema}.b`);
    expect(columnOf(b, 'qty').unique).toBe(false);
    expect(columnOf(b, 'updated_at').set_on_update).toBe(false);
    expect(JSON.stringify(b)).not.toMatch(/touch/);
    await withPostgres((c) => c.query(`DROP INDEX ${s}.b_qty; DROP TRIGGER touch ON ${s}.b`));
  }, 120_000);

  it('reads everything again on the first connection when the server exports no snapshot', async () => {
    const one = await inspectThrough(await clientOf());
    const first = await clientOf(() => clientOf());
    const statements: string[] = [];
    const refusing: CatalogClient = {
      ...first,
      // A server that exports no snapshot fails the statement, which ends the transaction.
      query: (sql, params) => {
        statements.push(sql);
        return first.query(/pg_export_snapshot/.test(sql) ? 'SELECT 1/0' : sql, params);
      },
    };
    const again = await inspectThrough(refusing);
    expect(JSON.stringify(again.tables)).toBe(JSON.stringify(one.tables));
    expect(statements.filter((sql) => /pg_export_snapshot/.test(sql))).toHaveLength(1);
  }, 120_000);

  it('reads everything on the first connection when a second cannot be opened', async () => {
    const one = await inspectThrough(await clientOf());
    const fallback = await inspectThrough(
      await clientOf(() => Promise.reject(new Error('too many connections for role "qm_test"'))),
    );
    expect(JSON.stringify(fallback.tables)).toBe(JSON.stringify(one.tables));
  }, 120_000);

  it('closes a second connection that never answers and reads its statements on the first', async () => {
    const one = await inspectThrough(await clientOf());
    // A stand-in server: the first connection passes through to PostgreSQL, the second is
    // accepted and never answered (a server, or a proxy, that hangs).
    const upstream = new URL(PG_URL);
    const held: Socket[] = [];
    const heldClosed: Promise<void>[] = [];
    let passedThrough = false;
    const standIn = createServer((socket) => {
      socket.on('error', () => undefined);
      if (!passedThrough) {
        passedThrough = true;
        const server = tcpConnect(Number(upstream.port || 5432), upstream.hostname);
        server.on('error', () => socket.destroy());
        socket.pipe(server).pipe(socket);
        return;
      }
      held.push(socket);
      // Read (and drop) what it sends, so that its closing is seen.
      socket.resume();
      heldClosed.push(new Promise((resolve) => socket.once('close', () => resolve())));
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(PG_URL);
      url.host = `127.0.0.1:${(standIn.address() as { port: number }).port}`;
      // A connect timeout longer than the test's: waiting for it would fail the test.
      const report = await inspectUrl(url.href, {
        ...OPTIONS,
        timeouts: { connectMs: 3_600_000, statementMs: 60_000 },
      });
      expect(JSON.stringify(report.tables)).toBe(JSON.stringify(one.tables));
      expect(held).toHaveLength(1);
      await Promise.all(heldClosed);
      expect(held[0]?.destroyed).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
      standIn.close();
    }
  }, 120_000);
});
