/**
 * PostgreSQL: its kind (`kinds/postgresql.ts`: URLs, libpq's parameters and variables), libpq's
 * TLS words, the `pg` driver, and the catalog reader of `catalogs/postgresql`.
 *
 * @module
 */

import { postgresqlReader } from '../catalogs/postgresql/read.js';
import { type CatalogClient, type Row, rowHandler } from '../client.js';
import { NoPasswordError } from '../connect/errors.js';
import type { Timeouts } from '../connect/timeouts.js';
import { nodeTls } from '../connect/tls-files.js';
import { POSTGRESQL_KIND } from '../kinds/postgresql.js';
import { APPLICATION, type ConnectionTarget, type DatabaseDescription } from './description.js';
import { sslSettings } from './ssl-parameters.js';

/** libpq's sslmode words. */
const SSLMODES = {
  disable: 'disable',
  allow: 'prefer',
  prefer: 'prefer',
  require: 'require',
  'verify-ca': 'verify-ca',
  'verify-full': 'verify-full',
} as const;

/** PostgreSQL. */
export const POSTGRESQL_DATABASE: DatabaseDescription = {
  ...POSTGRESQL_KIND,
  tls: (get) =>
    sslSettings({ mode: 'sslmode', ca: 'sslrootcert', cert: 'sslcert', key: 'sslkey' }, SSLMODES, get),
  async open(target, timeouts): Promise<CatalogClient> {
    const pg = (await import('pg')).default;
    return connect(pg, target, timeouts);
  },
  reader: postgresqlReader,
};

/** Opens one `pg` connection to the target, and answers once it is open. */
async function connect(
  pg: { Client: typeof import('pg').Client; Query: typeof import('pg').Query },
  target: ConnectionTarget,
  timeouts: Timeouts,
): Promise<CatalogClient> {
  const { client, connected } = start(pg, target, timeouts);
  await connected;
  return client;
}

/**
 * Starts one `pg` connection to the target: the client at once (its statements wait for the
 * connection; closed before it is open, it gives up at once), and the connection's opening.
 */
function start(
  pg: { Client: typeof import('pg').Client; Query: typeof import('pg').Query },
  target: ConnectionTarget,
  timeouts: Timeouts,
): { client: CatalogClient; connected: Promise<void> } {
  const ssl = nodeTls(target.tls);
  const client = new pg.Client({
    // pg, as libpq, takes a host that starts with `/` as the socket's directory.
    host: target.socket ?? target.host,
    port: target.port,
    ...(target.user !== undefined ? { user: target.user } : {}),
    // Without a password, pg is asked for one only when the server wants one: say so at once.
    password: target.password.empty
      ? () => Promise.reject(new NoPasswordError(POSTGRESQL_KIND.environment.password))
      : target.password.reveal(),
    ...(target.database !== undefined ? { database: target.database } : {}),
    ...(ssl !== undefined ? { ssl } : {}),
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 5_000,
    application_name: APPLICATION,
  });
  // A connection lost between queries is reported by the next query; without a listener the
  // 'error' event would end the process.
  client.on('error', () => undefined);
  const socket = () =>
    (client as unknown as { connection?: { stream?: import('node:net').Socket } }).connection?.stream;
  let open = false;
  const connected = client.connect().then(
    () => {
      open = true;
    },
    (error: unknown) => {
      // A connect that failed after the socket opened (no password) leaves it open: close it, or
      // the process waits for the server to give up (60 s).
      socket()?.destroy();
      throw error;
    },
  );
  // Awaited by `connect` or by the first statement: a failure meanwhile is not an unhandled rejection.
  connected.catch(() => undefined);
  return {
    client: {
      query: async (sql, params) => {
        await connected;
        return (await client.query(sql, params as unknown[])).rows as Row[];
      },
      each: async (sql, params, onRow) => {
        await connected;
        await new Promise<void>((resolve, reject) => {
          const rows = rowHandler(onRow);
          // The callback, not events: pg hands a query's failure (its read timeout too) to its callback alone.
          const query = new pg.Query(sql, params as unknown[], (error: unknown) =>
            error ? reject(error) : rows.failed() === undefined ? resolve() : reject(rows.failed()),
          );
          // pg keeps every row of a query that has a callback (its `_accumulateRows`): here none.
          Object.defineProperty(query, '_accumulateRows', { get: () => false, set: () => undefined });
          query.on('row', rows.row);
          client.query(query);
        });
      },
      // Before the connection is open, pg's end() would wait for a server that may never answer.
      close: async () => {
        if (!open) {
          socket()?.destroy();
          return;
        }
        // Terminate is sent at once; the server's closing of the socket (its backend's exit: 22 ms
        // after a 1,000-table inspect, 55 ms after 10,000) holds neither the caller nor the process.
        void client.end().catch(() => undefined);
        socket()?.unref();
      },
      // The second connection's client at once: closing it cancels an opening that hangs.
      another: async () => start(pg, target, timeouts).client,
    },
    connected,
  };
}
