/**
 * `querymode inspect` on generated 10,000-table schemas (50,000 columns) on the local PostgreSQL
 * and MariaDB (`bash scripts/setup.sh --databases`), against its own catalog queries run bare
 * through the database's command-line client, and against a per-table baseline (one catalog
 * round trip per table, as JDBC-based tools do), all in the same run; and
 * `inspect | recommend --ndjson` end to end.
 *
 * The schemas are made by the benchmark (not by the tests), in batches of transactions: one
 * transaction of 10,000 CREATE TABLEs exhausts PostgreSQL's lock table. They are kept for the next
 * run (PostgreSQL: schema qm_bench_10k in database qm_test; MariaDB: database qm_bench_10k).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mysqlQueries, postgresQueries } from '@querymode/introspect';
import { formatMs, formatRatio } from './lib/format.js';
import { stats } from './lib/measure.js';
import { CLI_BIN } from './lib/paths.js';
import type { Suite, Table, Target } from './lib/types.js';

export const SCHEMA = 'qm_bench_10k';
const TABLES = 10_000;
const BATCH = 500;

const PG = { host: '127.0.0.1', port: 5432, user: 'qm_test', password: 'qm_test', database: 'qm_test' };
export const PG_URL =
  process.env.QUERYMODE_TEST_PG_URL ?? 'postgres://qm_test:qm_test@127.0.0.1:5432/qm_test';
export const MY_URL = process.env.QUERYMODE_TEST_MYSQL_URL ?? 'mysql://qm_test:qm_test@127.0.0.1:3306/';
const HINT = 'run `bash scripts/setup.sh --databases`';

const median = (xs: readonly number[]): number => stats(xs).median;

/** Wall time of a shell command, in ms; fails on a non-zero exit. */
function timeShell(command: string, env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('close', (code) =>
      code === 0
        ? resolve(performance.now() - start)
        : reject(new Error(`${command} exited ${code}: ${stderr.slice(-400)}`)),
    );
  });
}

/** The PostgreSQL catalog statements of `inspect`, with the schema list written in. */
function postgresScript(): string {
  const q = postgresQueries;
  const list = `ARRAY['${SCHEMA}']::text[]`;
  return [q.PG_BEGIN, q.PG_SETTINGS, ...q.PG_CATALOG_QUERIES, q.PG_END]
    .map((sql) => `${sql.replaceAll('$1::text[]', list)};`)
    .join('\n');
}

/** The MariaDB catalog statements of `inspect` (performance_schema off), with the parameters written in. */
function mariadbScript(): string {
  const q = mysqlQueries;
  const grantee = "'qm_test'@'localhost'";
  return [
    q.MY_SETTINGS,
    'SET SESSION max_statement_time = 60',
    q.MY_BEGIN,
    q.MY_SCHEMAS,
    q.MY_TABLES,
    q.MY_COLUMNS,
    q.MY_KEYS,
    q.MY_TRIGGERS,
    q.MY_PRIVILEGES.replaceAll('GRANTEE = ?', `GRANTEE = "${grantee}"`),
    q.MY_END,
  ]
    .map((sql) => `${sql.replaceAll('IN (?)', `IN ('${SCHEMA}')`)};`)
    .join('\n');
}

/** Creates the 10,000-table PostgreSQL schema unless it is there. */
export async function ensurePostgresSchema(log: (l: string) => void): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ ...PG, connectionTimeoutMillis: 5_000 });
  c.on('error', () => undefined);
  await c.connect().catch((e: Error) => {
    throw new Error(`PostgreSQL is not reachable (${e.message}): ${HINT}`);
  });
  try {
    const n = Number(
      (
        await c.query(
          `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = $1 AND c.relkind = 'r'`,
          [SCHEMA],
        )
      ).rows[0]?.n,
    );
    if (n === TABLES) return;
    log(`creating ${TABLES} tables in PostgreSQL schema ${SCHEMA} (batches of ${BATCH} per transaction)`);
    await c.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await c.query(`CREATE SCHEMA ${SCHEMA}`);
    await c.query(`CREATE FUNCTION ${SCHEMA}.touch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.updated_at := now(); RETURN NEW; END; $$`);
    for (let from = 1; from <= TABLES; from += BATCH) {
      await c.query(`DO $$ BEGIN
        FOR i IN ${from}..${from + BATCH - 1} LOOP
          EXECUTE format('CREATE TABLE ${SCHEMA}.t%s (id bigserial PRIMARY KEY, code text NOT NULL UNIQUE, qty int, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz)', i);
          IF i % 10 = 0 THEN
            EXECUTE format('CREATE TRIGGER touch BEFORE UPDATE ON ${SCHEMA}.t%s FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.touch()', i);
          END IF;
        END LOOP; END $$`);
    }
    await c.query(`ANALYZE`);
  } finally {
    await c.end();
  }
}

/** Creates the 10,000-table MariaDB database unless it is there. */
export async function ensureMariadbSchema(log: (l: string) => void): Promise<void> {
  const mysql = (await import('mysql2/promise')).default;
  const c = await mysql
    .createConnection({ uri: MY_URL, multipleStatements: true, connectTimeout: 5_000 })
    .catch((e: Error) => {
      throw new Error(`MariaDB is not reachable (${e.message}): ${HINT}`);
    });
  try {
    const [rows] = (await c.query(
      `SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'`,
      [SCHEMA],
    )) as unknown as [{ n: number }[]];
    if (Number(rows[0]?.n) === TABLES) return;
    log(`creating ${TABLES} tables in MariaDB database ${SCHEMA} (batches of ${BATCH})`);
    await c.query(`DROP DATABASE IF EXISTS ${SCHEMA}; CREATE DATABASE ${SCHEMA}; USE ${SCHEMA}`);
    for (let from = 1; from <= TABLES; from += BATCH) {
      const statements: string[] = [];
      for (let i = from; i < from + BATCH; i++) {
        statements.push(
          `CREATE TABLE t${i} (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, code VARCHAR(40) NOT NULL UNIQUE, qty INT, created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP, updated_at TIMESTAMP NULL ON UPDATE CURRENT_TIMESTAMP) ENGINE = InnoDB`,
        );
        if (i % 10 === 0)
          statements.push(
            `CREATE TRIGGER touch${i} BEFORE UPDATE ON t${i} FOR EACH ROW SET NEW.qty = NEW.qty`,
          );
      }
      await c.query(statements.join(';\n'));
    }
  } finally {
    await c.end();
  }
}

/** The per-table baseline on PostgreSQL: the table list, then one round trip per table for its columns, keys and defaults. */
async function postgresPerTable(): Promise<{ ms: number; queries: number }> {
  const pg = (await import('pg')).default;
  const c = new pg.Client(PG);
  await c.connect();
  try {
    const start = performance.now();
    const tables = (
      await c.query(
        `SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')`,
        [SCHEMA],
      )
    ).rows;
    for (const t of tables) {
      await c.query(
        `SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity, pg_get_expr(d.adbin, d.adrelid),
                EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS pk
           FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
        [t.oid],
      );
    }
    return { ms: performance.now() - start, queries: tables.length + 1 };
  } finally {
    await c.end();
  }
}

/** The per-table baseline on MariaDB: the table list, then one round trip per table for its columns (with keys and defaults). */
async function mariadbPerTable(): Promise<{ ms: number; queries: number }> {
  const mysql = (await import('mysql2/promise')).default;
  const c = await mysql.createConnection({ uri: MY_URL });
  try {
    const start = performance.now();
    const [tables] = (await c.query(
      `SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?`,
      [SCHEMA],
    )) as unknown as [{ t: string }[]];
    for (const { t } of tables) {
      await c.query(
        `SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, COLUMN_KEY, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
        [SCHEMA, t],
      );
    }
    return { ms: performance.now() - start, queries: tables.length + 1 };
  } finally {
    await c.end();
  }
}

interface Figures {
  readonly bare: number;
  readonly inspect: number;
  readonly pipe: number;
  readonly perTable: number;
  readonly perTableQueries: number;
  /** Medians of the ratios to bare within each round (paired, so that load that comes and goes falls on both). */
  readonly ratio: { readonly inspect: number; readonly pipe: number; readonly perTable: number };
}

async function measure(
  name: string,
  bareCommand: string,
  env: Record<string, string>,
  url: string,
  perTable: () => Promise<{ ms: number; queries: number }>,
  samples: number,
  log: (l: string) => void,
): Promise<Figures> {
  const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  const cli = `${q(process.execPath)} ${q(CLI_BIN)}`;
  const inspect = `${cli} inspect ${q(url)} --schema ${SCHEMA} > /dev/null 2>&1`;
  const pipe = `${cli} inspect ${q(url)} --schema ${SCHEMA} 2>/dev/null | ${cli} recommend --ndjson > /dev/null 2>&1`;
  const bare: number[] = [];
  const ours: number[] = [];
  const piped: number[] = [];
  const per: number[] = [];
  let perQueries = 0;
  await timeShell(bareCommand, env); // warm the caches
  await timeShell(inspect);
  for (let i = 0; i < samples; i++) {
    bare.push(await timeShell(bareCommand, env));
    ours.push(await timeShell(inspect));
    piped.push(await timeShell(pipe));
    const p = await perTable();
    per.push(p.ms);
    perQueries = p.queries;
    log(
      `${name} round ${i + 1}: bare ${bare.at(-1)?.toFixed(0)} ms, inspect ${ours.at(-1)?.toFixed(0)} ms, pipe ${piped.at(-1)?.toFixed(0)} ms, per-table ${p.ms.toFixed(0)} ms`,
    );
  }
  const paired = (xs: readonly number[]) => median(xs.map((x, i) => x / (bare[i] as number)));
  return {
    bare: median(bare),
    inspect: median(ours),
    pipe: median(piped),
    perTable: median(per),
    perTableQueries: perQueries,
    ratio: { inspect: paired(ours), pipe: paired(piped), perTable: paired(per) },
  };
}

export const suites: Suite[] = [
  {
    id: 'inspect',
    title: '`querymode inspect` on 10,000 tables',
    description:
      "Wall time of `querymode inspect URL --schema qm_bench_10k > /dev/null` (the whole CLI process: Node start, connect, catalog queries, building and writing 10,000 NDJSON records) on a generated schema of 10,000 tables and 50,000 columns (a primary key, a unique column, defaults; a trigger on every tenth table), against the same catalog statements run bare through the database's command-line client (`psql -f`, `mariadb <`, output discarded), against a per-table baseline (the table list, then one catalog round trip per table for its columns, keys and defaults, as JDBC-based tools do; measured inside the benchmark process, without a process start), and `inspect | recommend --ndjson` end to end. Local PostgreSQL 15 and MariaDB 10.11 from `bash scripts/setup.sh --databases`. Target: inspect within 2x of its bare catalog queries.",
    async run({ quick, log }) {
      if (spawnSync(process.execPath, [CLI_BIN, '--version']).status !== 0)
        throw new Error('build the CLI first: pnpm run build');
      const samples = quick ? 1 : 7;
      await ensurePostgresSchema(log);
      await ensureMariadbSchema(log);
      const dir = mkdtempSync(join(tmpdir(), 'querymode-bench-inspect-'));
      try {
        const pgFile = join(dir, 'postgres.sql');
        const myFile = join(dir, 'mariadb.sql');
        writeFileSync(pgFile, postgresScript());
        writeFileSync(myFile, mariadbScript());
        const pg = await measure(
          'PostgreSQL',
          `psql -X -q -h 127.0.0.1 -U qm_test -d qm_test -v ON_ERROR_STOP=1 -f ${pgFile} > /dev/null`,
          { PGPASSWORD: 'qm_test' },
          PG_URL,
          postgresPerTable,
          samples,
          log,
        );
        const my = await measure(
          'MariaDB',
          `mariadb -h 127.0.0.1 -u qm_test -pqm_test < ${myFile} > /dev/null`,
          {},
          MY_URL,
          mariadbPerTable,
          samples,
          log,
        );
        const row = (name: string, f: Figures, queries: number): string[][] => [
          [
            name,
            `bare catalog statements (${queries} queries + session statements)`,
            formatMs(f.bare),
            formatRatio(1),
          ],
          [name, '`querymode inspect` (whole process)', formatMs(f.inspect), formatRatio(f.ratio.inspect)],
          [
            name,
            `per-table baseline (${f.perTableQueries.toLocaleString('en-US')} queries)`,
            formatMs(f.perTable),
            formatRatio(f.ratio.perTable),
          ],
          [name, '`inspect | recommend --ndjson`', formatMs(f.pipe), formatRatio(f.ratio.pipe)],
        ];
        const table: Table = {
          columns: ['database', 'what', 'median', 'vs bare'],
          rows: [...row('PostgreSQL 15', pg, 6), ...row('MariaDB 10.11', my, 7)],
        };
        const targets: Target[] = [
          {
            name: 'PostgreSQL: inspect vs its bare catalog queries (psql)',
            value: pg.ratio.inspect,
            limit: 2,
            unit: 'x',
          },
          {
            name: 'MariaDB: inspect vs its bare catalog queries (mariadb)',
            value: my.ratio.inspect,
            limit: 2,
            unit: 'x',
          },
        ];
        return {
          tables: [table],
          targets,
          notes: [
            `${samples} rounds, each running bare, inspect, the pipe and the per-table baseline in turn; the times are medians, and "vs bare" is the median of the ratios within each round (paired: this machine has two cores shared with other work, and load that comes and goes then falls on both sides of a ratio). The bare scripts hold exactly the SQL of \`postgresQueries\` / \`mysqlQueries\` (with the schema list written in), inside the same read-only transaction; their output goes to /dev/null. On MariaDB \`performance_schema\` is off (the default), so 7 catalog queries run; \`information_schema.TABLES\` with its statistics is most of their time.`,
            'The schemas are created once by the benchmark in batches of 500 tables per transaction and kept for later runs; drop them with `DROP SCHEMA qm_bench_10k CASCADE` (PostgreSQL, database qm_test) and `DROP DATABASE qm_bench_10k` (MariaDB).',
          ],
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
