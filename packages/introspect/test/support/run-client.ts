/**
 * Running printed SQL as a user does: a file given to `psql -f` (default settings: it goes on after
 * an error) or piped to the `mariadb` client (which stops at the first error). Returns what the
 * client wrote and whether it reported an error.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MYSQL_URL, PG_URL } from './servers.js';

/** What a client run gave. */
export interface ClientRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly failed: boolean;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<ClientRun> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const failed = /\bERROR\b/.test(stderr) || error !== null;
        resolve({ stdout, stderr: error === null ? stderr : `${stderr}\n${String(error)}`, failed });
      },
    );
    child.stdin?.end();
  });
}

/** Writes `sql` to a file in a fresh temporary directory and calls `use` with its path. */
async function withFile<T>(sql: string, use: (path: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'qm-sql-'));
  try {
    const path = join(dir, 'printed.sql');
    writeFileSync(path, sql);
    return await use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The owner's URL to `database`, every byte of its name percent-encoded (libpq decodes them all). */
function pgUrlTo(database: string): string {
  const url = new URL(PG_URL);
  const encoded = Array.from(
    new TextEncoder().encode(database),
    (b) => `%${b.toString(16).padStart(2, '0')}`,
  );
  return `${url.protocol}//${url.username}:${url.password}@${url.host}/${encoded.join('')}`;
}

/**
 * `psql -f file`, as the owner, connected to the test database or to `database`. `searchPath`
 * puts the canary's schema first, so that an unqualified name a hostile statement might smuggle
 * in (`DROP TABLE victim`) finds the canary.
 */
export function psqlFile(sql: string, searchPath: string, database?: string): Promise<ClientRun> {
  return withFile(sql, (path) =>
    run('psql', [database === undefined ? PG_URL : pgUrlTo(database), '-X', '-f', path], {
      PGOPTIONS: `-c search_path=${searchPath}`,
    }),
  );
}

/** The `mariadb` client reading the file, in `database` (none when undefined), as the owner. */
export function mariadbFile(sql: string, database: string | undefined): Promise<ClientRun> {
  const url = new URL(MYSQL_URL);
  const use = database === undefined ? '' : ' --database="$QM_DB"';
  return withFile(sql, (path) =>
    run(
      'sh',
      ['-c', `exec mariadb --host="$QM_HOST" --port="$QM_PORT" --user="$QM_USER"${use} < "$QM_FILE"`],
      {
        QM_HOST: url.hostname,
        QM_PORT: url.port || '3306',
        QM_USER: decodeURIComponent(url.username),
        MYSQL_PWD: decodeURIComponent(url.password),
        QM_DB: database ?? '',
        QM_FILE: path,
      },
    ),
  );
}
