/**
 * The test servers: PostgreSQL and MariaDB started by `bash scripts/setup.sh --databases`, found
 * through environment variables with these defaults. A server that does not answer fails the
 * tests with one line that says how to start it (never a silent skip).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The owner's URL (creates and drops the fixture schemas). */
export const PG_URL =
  process.env.QUERYMODE_TEST_PG_URL ?? 'postgres://qm_test:qm_test@127.0.0.1:5432/qm_test';
/** The reader's URL (what `inspect` connects as): the least privileges of docs/inspect.md. */
export const PG_READER_URL =
  process.env.QUERYMODE_TEST_PG_READER_URL ?? 'postgres://qm_reader:qm_reader@127.0.0.1:5432/qm_test';
/** MariaDB (or MySQL): the owner. */
export const MYSQL_URL = process.env.QUERYMODE_TEST_MYSQL_URL ?? 'mysql://qm_test:qm_test@127.0.0.1:3306/';
/** MariaDB (or MySQL): the reader. */
export const MYSQL_READER_URL =
  process.env.QUERYMODE_TEST_MYSQL_READER_URL ?? 'mysql://qm_reader:qm_reader@127.0.0.1:3306/';

const HINT =
  'run `bash scripts/setup.sh --databases` (or set QUERYMODE_TEST_PG_URL / QUERYMODE_TEST_MYSQL_URL)';

/**
 * The test connections' connect timeout: generous, since a server that is down refuses at once
 * and only a busy machine is slow to connect (5 s was once close under a load of 30).
 */
const CONNECT_MS = 60_000;

/** A fresh name for this run's schema or database, such as `qm_t_1f2e3d4c`. */
export const freshName = (prefix: string): string => `${prefix}_${randomBytes(4).toString('hex')}`;

/** A fixture file's text. */
export const fixture = (name: string): string =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', name), 'utf8');

/**
 * The owner's connection settings, in `database` when given (any name: the driver reads a URL's
 * database with `decodeURI`, which leaves `%24` and its kin encoded).
 */
function pgConfig(database: string | undefined): import('pg').ClientConfig {
  if (database === undefined) return { connectionString: PG_URL, connectionTimeoutMillis: CONNECT_MS };
  const url = new URL(PG_URL);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
    connectionTimeoutMillis: CONNECT_MS,
  };
}

/**
 * Runs a function on a PostgreSQL connection as the owner, to the test database or to `database`;
 * fails in one line if none can be made.
 */
export async function withPostgres<T>(
  fn: (client: import('pg').Client) => Promise<T>,
  database?: string,
): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client(pgConfig(database));
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${PG_URL.replace(/:[^:@/]*@/, '@')} (${(error as Error).message}): ${HINT}`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs a function on a MariaDB connection as the owner; fails in one line if none can be made. */
export async function withMysql<T>(fn: (c: import('mysql2/promise').Connection) => Promise<T>): Promise<T> {
  const mysql = (await import('mysql2/promise')).default;
  let c: import('mysql2/promise').Connection;
  try {
    c = await mysql.createConnection({
      uri: MYSQL_URL,
      connectTimeout: CONNECT_MS,
      multipleStatements: true,
    });
  } catch (error) {
    throw new Error(
      `MariaDB is not reachable at ${MYSQL_URL.replace(/:[^:@/]*@/, '@')} (${(error as Error).message}): ${HINT}`,
    );
  }
  c.on('error', () => undefined);
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * Makes `changes` on one connection and returns once the statistics count them: a server process
 * reports its counts when idle at most once a second, unless asked to report them at once
 * (`pg_stat_force_next_flush()`: before it answers the next query, so before this returns).
 */
export async function changesCounted(changes: (c: import('pg').Client) => Promise<void>): Promise<void> {
  await withPostgres(async (c) => {
    await changes(c);
    await c.query('SELECT pg_stat_force_next_flush()');
  });
}

/** Drops a test's PostgreSQL schema and MariaDB database (each made with `freshName`). */
export async function dropFresh(schema: string, db: string): Promise<void> {
  await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  await withMysql((c) => c.query(`DROP DATABASE IF EXISTS \`${db}\``));
}
