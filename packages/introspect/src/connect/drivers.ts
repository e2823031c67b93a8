/**
 * Opens a {@link CatalogClient} on a real server through its driver, each driver imported only
 * when its database is asked for (`pg`, `mysql2`, `mssql`; `mssql` is an optional peer, see
 * `optional-import.ts`).
 *
 * @module
 */
import type { CatalogClient, Row } from '../client.js';
import { importDriver } from './optional-import.js';
import { type ConnectionTarget, ENVIRONMENT_NAMES } from './target.js';
import type { Timeouts } from './timeouts.js';
import { nodeTls } from './tls-files.js';

const APPLICATION = 'querymode inspect';

/**
 * The server asked for a password and none was given. Its message says where to put one; the
 * drivers' own (pg: "SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string") say
 * nothing a user can act on.
 */
export class NoPasswordError extends Error {
  override readonly name = 'NoPasswordError';
  constructor(target: ConnectionTarget) {
    super(`no password given: set ${ENVIRONMENT_NAMES[target.kind].password} or put it in the URL`);
  }
}

/** The connect did not finish within the connect timeout (whatever the driver's own timers do). */
export class ConnectTimeoutError extends Error {
  override readonly name = 'ConnectTimeoutError';
  constructor(ms: number) {
    super(`no connection within the connect timeout of ${ms} ms (--connect-timeout)`);
  }
}

/** Connects to PostgreSQL with `pg`. */
async function openPostgres(target: ConnectionTarget, timeouts: Timeouts): Promise<CatalogClient> {
  const pg = (await import('pg')).default;
  const ssl = nodeTls(target.tls);
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    ...(target.user !== undefined ? { user: target.user } : {}),
    // Without a password, pg is asked for one only when the server wants one: say so at once.
    password: target.password.empty
      ? () => Promise.reject(new NoPasswordError(target))
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
  try {
    await client.connect();
  } catch (error) {
    // A connect that failed after the socket opened (no password) leaves it open: close it, or
    // the process waits for the server to give up (60 s).
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    throw error;
  }
  return {
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows as Row[],
    close: () => client.end().catch(() => undefined),
  };
}

/** Connects to MySQL or MariaDB with `mysql2`. */
async function openMysql(target: ConnectionTarget, timeouts: Timeouts): Promise<CatalogClient> {
  const mysql = (await import('mysql2/promise')).default;
  const ssl = nodeTls(target.tls);
  const connection = await mysql.createConnection({
    host: target.host,
    port: target.port,
    ...(target.user !== undefined ? { user: target.user } : {}),
    ...(target.password.empty ? {} : { password: target.password.reveal() }),
    ...(target.database !== undefined ? { database: target.database } : {}),
    ...(ssl ? { ssl: ssl as import('mysql2').SslOptions } : {}),
    connectTimeout: timeouts.connectMs,
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    charset: 'utf8mb4',
    connectAttributes: { program_name: APPLICATION },
  });
  connection.on('error', () => undefined);
  return {
    query: async (sql, params) => {
      const [rows] = await connection.query(
        { sql, timeout: timeouts.statementMs + 5_000 },
        params as unknown[],
      );
      return Array.isArray(rows) ? (rows as Row[]) : [];
    },
    close: () => connection.end().catch(() => undefined),
  };
}

/** Connects to SQL Server with `mssql` (tedious). Parameters bind as `@p0`, `@p1`, ... */
async function openSqlServer(target: ConnectionTarget, timeouts: Timeouts): Promise<CatalogClient> {
  // tedious 20 needs Node 22; tedious 19 runs on Node 20 and 24, so the hint pins it.
  const load = () => import('mssql');
  const mssql = (await importDriver('mssql', 'reading a SQL Server catalog', load, 'mssql tedious@19'))
    .default;
  const pool = new mssql.ConnectionPool({
    server: target.host,
    port: target.port,
    ...(target.user !== undefined ? { user: target.user } : {}),
    ...(target.password.empty ? {} : { password: target.password.reveal() }),
    ...(target.database !== undefined ? { database: target.database } : {}),
    connectionTimeout: timeouts.connectMs,
    requestTimeout: timeouts.statementMs,
    pool: { min: 0, max: 1 },
    options: {
      encrypt: target.tls.mode !== 'prefer' && target.tls.mode !== 'disable',
      trustServerCertificate: target.tls.mode === 'require',
      readOnlyIntent: true,
      appName: APPLICATION,
      ...(target.instance !== undefined ? { instanceName: target.instance } : {}),
    },
  });
  pool.on('error', () => undefined);
  await pool.connect();
  return {
    query: async (sql, params = []) => {
      const request = pool.request();
      params.forEach((p, i) => {
        request.input(`p${i}`, p);
      });
      const result = await request.query(sql);
      return (result.recordset ?? []) as Row[];
    },
    close: () => pool.close().catch(() => undefined),
  };
}

/** A login refused because no password was sent: MySQL's "(using password: NO)", SQL Server's failed login. */
const REFUSED_WITHOUT_PASSWORD = /using password: NO|ER_ACCESS_DENIED|Login failed|ELOGIN/i;

function openDriver(target: ConnectionTarget, timeouts: Timeouts): Promise<CatalogClient> {
  switch (target.kind) {
    case 'postgresql':
      return openPostgres(target, timeouts);
    case 'mysql':
      return openMysql(target, timeouts);
    case 'sqlserver':
      return openSqlServer(target, timeouts);
  }
}

/**
 * Opens a client on the target's server. Throws the driver's error (see `errors.ts`), a
 * {@link NoPasswordError} when the server wanted a password and none was given, or a
 * {@link ConnectTimeoutError} when the connect takes longer than the connect timeout (a driver
 * that hangs then is left behind and closed when it finishes).
 */
export async function openClient(target: ConnectionTarget, timeouts: Timeouts): Promise<CatalogClient> {
  const opening = openDriver(target, timeouts);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectTimeoutError(timeouts.connectMs)), timeouts.connectMs + 1_000);
  });
  try {
    return await Promise.race([opening, deadline]);
  } catch (error) {
    if (error instanceof ConnectTimeoutError)
      void opening.then(
        (c) => c.close(),
        () => undefined,
      );
    const text = error instanceof Error ? `${error.message} ${(error as { code?: unknown }).code ?? ''}` : '';
    if (target.password.empty && REFUSED_WITHOUT_PASSWORD.test(text)) throw new NoPasswordError(target);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
