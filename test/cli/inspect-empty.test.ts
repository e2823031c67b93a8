/**
 * `querymode inspect` that finds no table: exit 1, naming the schemas it looked at (or the ones
 * not found) and what the reader needs for a table to show, on the PostgreSQL and MariaDB test
 * servers (`bash scripts/setup.sh --databases`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshName,
  MYSQL_READER_URL,
  PG_READER_URL,
  withMysql,
  withPostgres,
} from '../../packages/introspect/test/support/servers.js';
import { runCliStreaming } from './run-cli.js';

const run = (args: readonly string[]) => runCliStreaming(args, async () => undefined);

describe('querymode inspect that finds no table', () => {
  const schema = freshName('qm_t');
  const database = freshName('qm_t');
  /** A schema with readable tables, where --table names none of them. */
  const tables = freshName('qm_t');
  beforeAll(async () => {
    await withPostgres((c) =>
      c.query(`CREATE SCHEMA "${schema}"; CREATE VIEW "${schema}".v AS SELECT 1 AS x;
        GRANT USAGE ON SCHEMA "${schema}" TO qm_reader;
        CREATE SCHEMA "${tables}";
        CREATE TABLE "${tables}".notes (id int); CREATE TABLE "${tables}".orders (id int);
        CREATE TABLE "${tables}"."Order ""Lines""\u202e" (id int);
        GRANT USAGE ON SCHEMA "${tables}" TO qm_reader; GRANT SELECT ON ALL TABLES IN SCHEMA "${tables}" TO qm_reader;`),
    );
    // A database the reader has no privilege on: its tables are invisible to it.
    await withMysql((c) =>
      c.query(`CREATE DATABASE \`${database}\`; CREATE TABLE \`${database}\`.t (id int)`),
    );
  });
  afterAll(async () => {
    await withPostgres((c) =>
      c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${tables}" CASCADE`),
    );
    await withMysql((c) => c.query(`DROP DATABASE IF EXISTS \`${database}\``));
  });

  it('names the schema read, what was skipped, and what a PostgreSQL reader needs', async () => {
    const r = await run(['inspect', PG_READER_URL, '--schema', schema]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `querymode: no tables: none in schema "${schema}" (skipped: 1 views; see --include). PostgreSQL lists a schema's tables to a reader with CONNECT on the database and USAGE on the schema`,
    );
    expect(r.stderr).toContain('docs/inspect.md#least-privileges');
  });

  it('--table that matches no table: says so and names the nearest, never privileges alone', async () => {
    const r = await run(['inspect', PG_READER_URL, '--schema', tables, '--table', 'nope']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `querymode: no tables: no table matched --table "nope" (the nearest name: "notes") in schema "${tables}"; a table name is matched exactly, case included`,
    );
    expect(r.stderr).not.toContain('USAGE on the schema');
    // A case slip, a qualified name, and a hostile name shown escaped.
    const many = await run([
      'inspect',
      PG_READER_URL,
      '--schema',
      tables,
      '--table',
      'ORDERS',
      '--table',
      `${tables}.order_lines`,
      '--table',
      'orders',
    ]);
    expect(many.status).toBe(0);
    expect(many.stderr).toContain(
      `no table matched: --table "ORDERS" (the nearest name: "orders"), --table "${tables}.order_lines" (the nearest name: "${tables}.Order \\"Lines\\"\\u202e")`,
    );
  });

  it('names a schema that does not exist', async () => {
    const r = await run(['inspect', PG_READER_URL, '--schema', `${schema}_nope`]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`no tables: schema "${schema}_nope" not found or not visible.`);
  });

  it('says that MariaDB shows a table only to a user with a privilege on it', async () => {
    const r = await run(['inspect', MYSQL_READER_URL, '--schema', database]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /no tables: schema "qm_t_[0-9a-f]+" not found or not visible\. MySQL and MariaDB show a table only to a user with some privilege on it/,
    );
  });
});
