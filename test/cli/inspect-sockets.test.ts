/**
 * `querymode inspect` over the test servers' Unix-domain sockets, with the servers' socket
 * authentication (no password asked): MariaDB's unix_socket for the OS user root
 * (`mysql://root@/db?socket=/path`), PostgreSQL's peer authentication for the OS user postgres
 * (`postgres://postgres@/db?host=/dir`, and the percent-encoded host `postgres://postgres@%2Fdir/db`),
 * run as that user with runuser (the tests run as root). The sockets are found by asking the servers.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropFresh,
  freshName,
  withMysql,
  withPostgres,
} from '../../packages/introspect/test/support/servers.js';
import { BIN, runCli } from './run-cli.js';

const schema = freshName('qm_t');
const db = freshName('qm_t');
let pgSocketDir = '';
let mysqlSocket = '';

/** Runs the bin as the OS user postgres (peer authentication maps it to the role postgres). */
function runAsPostgres(args: readonly string[]) {
  const r = spawnSync('runuser', ['-u', 'postgres', '--', process.execPath, BIN, ...args], {
    encoding: 'utf8',
    cwd: '/',
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tablesOf = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { table: string }).table);

beforeAll(async () => {
  await withPostgres(async (c) => {
    await c.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".orders (id bigint PRIMARY KEY)`);
  });
  // unix_socket_directories is readable by superusers only: asked as postgres, through psql's default socket.
  const shown = spawnSync(
    'runuser',
    ['-u', 'postgres', '--', 'psql', '-X', '-At', '-c', 'SHOW unix_socket_directories'],
    {
      encoding: 'utf8',
      cwd: '/',
    },
  );
  pgSocketDir = shown.stdout.split(',')[0]?.trim() ?? '';
  await withMysql(async (c) => {
    await c.query(`CREATE DATABASE \`${db}\`; CREATE TABLE \`${db}\`.orders (id int PRIMARY KEY)`);
    const [rows] = (await c.query('SELECT @@socket AS socket')) as unknown as [{ socket: string }[]];
    mysqlSocket = rows[0]?.socket ?? '';
  });
}, 60_000);

afterAll(() => dropFresh(schema, db));

describe('inspect over a Unix-domain socket, no password asked', () => {
  it('MariaDB: ?socket=/path with unix_socket authentication (OS user root)', () => {
    expect(mysqlSocket).toMatch(/^\//);
    const r = runCli(['inspect', `mysql://root@/${db}?socket=${mysqlSocket}`]);
    expect(r.status, r.stderr).toBe(0);
    expect(tablesOf(r.stdout)).toEqual([`${db}.orders`]);
    expect(r.stderr).toContain(`from mysql://root@/${db}?socket=${mysqlSocket} (MariaDB`);
    // The same with a host, as the mysql client's --socket goes with localhost.
    const withHost = runCli(['inspect', `mysql://root@localhost/${db}?socket=${mysqlSocket}`]);
    expect(withHost.status, withHost.stderr).toBe(0);
  });

  it('MariaDB: MYSQL_UNIX_PORT names the socket where nothing names a host, as the mysql client reads it', () => {
    // The server's socket under another path (a temporary folder), so that only the variable can name it.
    const dir = mkdtempSync(join(tmpdir(), 'qm-socket-'));
    try {
      const socket = join(dir, 'mysqld.sock');
      symlinkSync(mysqlSocket, socket);
      for (const [args, env] of [
        [['inspect', `mysql://root@/${db}`], { MYSQL_UNIX_PORT: socket }],
        [['inspect'], { MYSQL_UNIX_PORT: socket, MYSQL_USER: 'root', MYSQL_DATABASE: db }],
      ] as const) {
        const r = runCli(args, { env });
        expect(r.status, r.stderr).toBe(0);
        expect(tablesOf(r.stdout)).toEqual([`${db}.orders`]);
        expect(r.stderr).toContain(`from mysql://root@/${db}?socket=${socket} (MariaDB`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: ?host=/dir and the percent-encoded host, with peer authentication (OS user postgres)', () => {
    expect(pgSocketDir).toMatch(/^\//);
    for (const url of [
      `postgres://postgres@/qm_test?host=${pgSocketDir}`,
      `postgres://postgres@${encodeURIComponent(pgSocketDir)}/qm_test`,
    ]) {
      const r = runAsPostgres(['inspect', url, '--schema', schema]);
      expect(r.status, `${url}: ${r.stderr}`).toBe(0);
      expect(tablesOf(r.stdout)).toEqual([`${schema}.orders`]);
      expect(r.stderr).toContain(`from postgres://postgres@/qm_test?host=${pgSocketDir} (PostgreSQL`);
    }
  });

  it('PostgreSQL: peer authentication that refuses the OS user fails in one line, with the reason of the server', () => {
    // The OS user root is not qm_test: the peer rule refuses.
    const r = runCli(['inspect', `postgres://qm_test@/qm_test?host=${pgSocketDir}`, '--schema', schema]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/Peer authentication failed for user "qm_test"/);
  });
});
