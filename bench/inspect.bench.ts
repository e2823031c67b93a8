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
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mysqlQueries, postgresqlQueries } from '@querymode/introspect';
import { formatMs, formatRatio } from './lib/format.js';
import { stats } from './lib/measure.js';
import { otherCli } from './lib/other-build.js';
import { CLI_BIN } from './lib/paths.js';
import type { Suite, Table, Target } from './lib/types.js';

export const SCHEMA = 'qm_bench_10k';
const TABLES = 10_000;
const BATCH = 500;
/** The schema of `tables` tables (qm_bench_10k, qm_bench_1k, qm_bench_30k). */
const schemaOf = (tables: number): string => (tables === TABLES ? SCHEMA : `qm_bench_${tables / 1000}k`);
/** The sizes measured: 1,000 and 10,000 tables, or those of `QUERYMODE_BENCH_INSPECT_TABLES` (such as 1000,10000,30000). */
const SIZES = (process.env.QUERYMODE_BENCH_INSPECT_TABLES ?? '1000,10000').split(',').map(Number);
/** Another build of the CLI, run side by side with this one (`pnpm bench --against REV`). */
const OTHER_CLI = otherCli();

const PG = { host: '127.0.0.1', port: 5432, user: 'qm_test', password: 'qm_test', database: 'qm_test' };
export const PG_URL =
  process.env.QUERYMODE_TEST_PG_URL ?? 'postgres://qm_test:qm_test@127.0.0.1:5432/qm_test';
export const MY_URL = process.env.QUERYMODE_TEST_MYSQL_URL ?? 'mysql://qm_test:qm_test@127.0.0.1:3306/';
const HINT = 'run `bash scripts/setup.sh --databases`';

const median = (xs: readonly number[]): number => stats(xs).median;

/** `text` as one word of a shell command. */
const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

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

/**
 * The PostgreSQL catalog statements of `inspect`, with their parameters written in: the schema list,
 * and the oids of the relations PG_TABLES finds (which inspect passes to the statements after it).
 */
async function postgresScript(schema: string): Promise<string> {
  const q = postgresqlQueries;
  const pg = (await import('pg')).default;
  const c = new pg.Client(PG);
  await c.connect();
  let oids: string[];
  try {
    oids = (await c.query(q.PG_TABLES, [[schema]])).rows.map((r: { oid: string }) => r.oid);
  } finally {
    await c.end();
  }
  const list = `ARRAY['${schema}']::text[]`;
  const found = `'{${oids.join(',')}}'::oid[]`;
  return [q.PG_BEGIN, q.PG_SETTINGS, ...q.PG_CATALOG_QUERIES, q.PG_END]
    .map((sql) => `${sql.replaceAll('$1::text[]', list).replaceAll('$1::oid[]', found)};`)
    .join('\n');
}

/** The MariaDB catalog statements of `inspect` (performance_schema off), with the parameters written in. */
function mariadbScript(schema: string): string {
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
    .map((sql) => `${sql.replaceAll('IN (?)', `IN ('${schema}')`)};`)
    .join('\n');
}

/** Creates the PostgreSQL schema of `tables` tables (10,000 unless said) unless it is there. */
export async function ensurePostgresSchema(log: (l: string) => void, tables = TABLES): Promise<void> {
  const schema = schemaOf(tables);
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
          [schema],
        )
      ).rows[0]?.n,
    );
    if (n === tables) return;
    log(`creating ${tables} tables in PostgreSQL schema ${schema} (batches of ${BATCH} per transaction)`);
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.query(`CREATE FUNCTION ${schema}.touch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.updated_at := now(); RETURN NEW; END; $$`);
    for (let from = 1; from <= tables; from += BATCH) {
      await c.query(`DO $$ BEGIN
        FOR i IN ${from}..${from + BATCH - 1} LOOP
          EXECUTE format('CREATE TABLE ${schema}.t%s (id bigserial PRIMARY KEY, code text NOT NULL UNIQUE, qty int, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz)', i);
          IF i % 10 = 0 THEN
            EXECUTE format('CREATE TRIGGER touch BEFORE UPDATE ON ${schema}.t%s FOR EACH ROW EXECUTE FUNCTION ${schema}.touch()', i);
          END IF;
        END LOOP; END $$`);
    }
    await c.query(`ANALYZE`);
  } finally {
    await c.end();
  }
}

/** Creates the MariaDB database of `tables` tables (10,000 unless said) unless it is there. */
export async function ensureMariadbSchema(log: (l: string) => void, tables = TABLES): Promise<void> {
  const schema = schemaOf(tables);
  const mysql = (await import('mysql2/promise')).default;
  const c = await mysql
    .createConnection({ uri: MY_URL, multipleStatements: true, connectTimeout: 5_000 })
    .catch((e: Error) => {
      throw new Error(`MariaDB is not reachable (${e.message}): ${HINT}`);
    });
  try {
    const [rows] = (await c.query(
      `SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'`,
      [schema],
    )) as unknown as [{ n: number }[]];
    if (Number(rows[0]?.n) === tables) return;
    log(`creating ${tables} tables in MariaDB database ${schema} (batches of ${BATCH})`);
    await c.query(`DROP DATABASE IF EXISTS ${schema}; CREATE DATABASE ${schema}; USE ${schema}`);
    for (let from = 1; from <= tables; from += BATCH) {
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
async function postgresPerTable(schema: string): Promise<{ ms: number; queries: number }> {
  const pg = (await import('pg')).default;
  const c = new pg.Client(PG);
  await c.connect();
  try {
    const start = performance.now();
    const tables = (
      await c.query(
        `SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')`,
        [schema],
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
async function mariadbPerTable(schema: string): Promise<{ ms: number; queries: number }> {
  const mysql = (await import('mysql2/promise')).default;
  const c = await mysql.createConnection({ uri: MY_URL });
  try {
    const start = performance.now();
    const [tables] = (await c.query(
      `SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?`,
      [schema],
    )) as unknown as [{ t: string }[]];
    for (const { t } of tables) {
      await c.query(
        `SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, COLUMN_KEY, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
        [schema, t],
      );
    }
    return { ms: performance.now() - start, queries: tables.length + 1 };
  } finally {
    await c.end();
  }
}

/** Peak resident memory (MB, `/usr/bin/time -f %M`) of a shell command; fails on a non-zero exit. */
function peakMb(command: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%M', 'bash', '-o', 'pipefail', '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('close', (code) =>
      code === 0
        ? resolve(Number(stderr.trim().split('\n').at(-1)) / 1024)
        : reject(new Error(`${command} exited ${code}: ${stderr.slice(-400)}`)),
    );
  });
}

/** Runs of inspect whose peak memory is taken (the median): it hardly varies between runs. */
const MEMORY_RUNS = 3;

/** Inspect's peak memory (the median of {@link MEMORY_RUNS} runs) and the bytes of NDJSON it wrote, written to a file. */
async function inspectMemory(inspect: string, tables: number): Promise<Figures['memory']> {
  const file = join(tmpdir(), `querymode-bench-inspect-${process.pid}-${tables}.ndjson`);
  try {
    const peaks: number[] = [];
    for (let i = 0; i < MEMORY_RUNS; i++)
      peaks.push(await peakMb(`${inspect} > ${shellQuote(file)} 2>/dev/null`));
    return { mb: median(peaks), bytes: statSync(file).size };
  } finally {
    rmSync(file, { force: true });
  }
}

interface Figures {
  readonly tables: number;
  /** Inspect's peak resident memory (MB, median of {@link MEMORY_RUNS}) and the bytes of NDJSON it wrote. */
  readonly memory: { readonly mb: number; readonly bytes: number };
  readonly bare: number;
  readonly inspect: number;
  readonly pipe: number;
  readonly perTable: number;
  readonly perTableQueries: number;
  /** `node -e 0`: Node's own start, which every Node process pays before its first line runs. */
  readonly start: number;
  /** The other build's inspect (`--against`), when there is one. */
  readonly other?: number;
  /** Medians of the ratios to bare within each round (paired, so that load that comes and goes falls on both). */
  readonly ratio: {
    readonly inspect: number;
    readonly pipe: number;
    readonly perTable: number;
    readonly start: number;
    readonly other?: number;
  };
  /** Median of this inspect's time over the other build's, within each round. */
  readonly vsOther?: number;
}

async function measure(
  name: string,
  tables: number,
  bareCommand: string,
  env: Record<string, string>,
  url: string,
  perTable: (schema: string) => Promise<{ ms: number; queries: number }>,
  samples: number,
  log: (l: string) => void,
): Promise<Figures> {
  const schema = schemaOf(tables);
  const q = shellQuote;
  const cli = `${q(process.execPath)} ${q(CLI_BIN)}`;
  const inspect = `${cli} inspect ${q(url)} --schema ${schema} > /dev/null 2>&1`;
  const other =
    OTHER_CLI === undefined
      ? undefined
      : `${q(process.execPath)} ${q(OTHER_CLI.bin)} inspect ${q(url)} --schema ${schema} > /dev/null 2>&1`;
  const pipe = `${cli} inspect ${q(url)} --schema ${schema} 2>/dev/null | ${cli} recommend --ndjson > /dev/null 2>&1`;
  const nodeStart = `${q(process.execPath)} -e 0`;
  const bare: number[] = [];
  const ours: number[] = [];
  const theirs: number[] = [];
  const piped: number[] = [];
  const per: number[] = [];
  const started: number[] = [];
  let perQueries = 0;
  await timeShell(bareCommand, env); // warm the caches
  await timeShell(inspect);
  if (other !== undefined) await timeShell(other);
  for (let i = 0; i < samples; i++) {
    bare.push(await timeShell(bareCommand, env));
    ours.push(await timeShell(inspect));
    if (other !== undefined) theirs.push(await timeShell(other));
    piped.push(await timeShell(pipe));
    started.push(await timeShell(nodeStart));
    const p = await perTable(schema);
    per.push(p.ms);
    perQueries = p.queries;
    log(
      `${name}, ${tables} tables, round ${i + 1}: bare ${bare.at(-1)?.toFixed(0)} ms, inspect ${ours.at(-1)?.toFixed(0)} ms${other === undefined ? '' : `, ${OTHER_CLI?.name} ${theirs.at(-1)?.toFixed(0)} ms`}, pipe ${piped.at(-1)?.toFixed(0)} ms, per-table ${p.ms.toFixed(0)} ms`,
    );
  }
  const memory = await inspectMemory(`${cli} inspect ${q(url)} --schema ${schema}`, tables);
  const paired = (xs: readonly number[], to: readonly number[] = bare) =>
    median(xs.map((x, i) => x / (to[i] as number)));
  return {
    tables,
    memory,
    bare: median(bare),
    inspect: median(ours),
    pipe: median(piped),
    perTable: median(per),
    perTableQueries: perQueries,
    start: median(started),
    ratio: {
      inspect: paired(ours),
      pipe: paired(piped),
      perTable: paired(per),
      start: paired(started),
      ...(other === undefined ? {} : { other: paired(theirs) }),
    },
    ...(other === undefined ? {} : { other: median(theirs), vsOther: paired(ours, theirs) }),
  };
}

export const suites: Suite[] = [
  {
    id: 'inspect',
    title: '`querymode inspect` on 1,000 and 10,000 tables',
    description:
      "Wall time of `querymode inspect URL --schema S > /dev/null` (the whole CLI process: Node start, connect, catalog queries, building and writing one NDJSON record per table) on generated schemas of 1,000 and 10,000 tables (5 columns each: a primary key, a unique column, defaults; a trigger on every tenth table; `QUERYMODE_BENCH_INSPECT_TABLES=1000,10000,30000` adds 30,000), against the same catalog statements run bare through the database's command-line client (`psql -f`, `mariadb <`, output discarded), against a per-table baseline (the table list, then one catalog round trip per table for its columns, keys and defaults, as JDBC-based tools do; measured inside the benchmark process, without a process start), and `inspect | recommend --ndjson` end to end; with `--against REV`, the inspect of REV's build in the same rounds. Local PostgreSQL 15 and MariaDB 10.11 from `bash scripts/setup.sh --databases`. Targets: inspect within 1.3x of its bare catalog queries at 1,000 and 10,000 tables, and no slower than the other build at 10,000; beyond 10,000 tables, its peak memory at most 1.2x that at 10,000 plus what the extra records hold.",
    async run({ quick, log }) {
      if (spawnSync(process.execPath, [CLI_BIN, '--version']).status !== 0)
        throw new Error('build the CLI first: pnpm run build');
      const samples = quick ? 1 : 7;
      const dir = mkdtempSync(join(tmpdir(), 'querymode-bench-inspect-'));
      try {
        const pg: Figures[] = [];
        const my: Figures[] = [];
        for (const tables of SIZES) {
          await ensurePostgresSchema(log, tables);
          await ensureMariadbSchema(log, tables);
          const pgFile = join(dir, `postgres-${tables}.sql`);
          const myFile = join(dir, `mariadb-${tables}.sql`);
          writeFileSync(pgFile, await postgresScript(schemaOf(tables)));
          writeFileSync(myFile, mariadbScript(schemaOf(tables)));
          pg.push(
            await measure(
              'PostgreSQL',
              tables,
              `psql -X -q -h 127.0.0.1 -U qm_test -d qm_test -v ON_ERROR_STOP=1 -f ${pgFile} > /dev/null`,
              { PGPASSWORD: 'qm_test' },
              PG_URL,
              postgresPerTable,
              samples,
              log,
            ),
          );
          my.push(
            await measure(
              'MariaDB',
              tables,
              `mariadb -h 127.0.0.1 -u qm_test -pqm_test < ${myFile} > /dev/null`,
              {},
              MY_URL,
              mariadbPerTable,
              samples,
              log,
            ),
          );
        }
        /** The rows of one database at one size: what, median, ratio to bare, ratio to the other build. */
        const row = (name: string, f: Figures, queries: number): string[][] =>
          (
            [
              [`bare catalog statements (${queries} queries + session statements)`, f.bare, 1, undefined],
              ['`querymode inspect` (whole process)', f.inspect, f.ratio.inspect, f.vsOther, f.memory],
              ...(OTHER_CLI === undefined || f.other === undefined
                ? []
                : [[`\`inspect\` of ${OTHER_CLI.name}`, f.other, f.ratio.other as number, 1] as const]),
              [
                `per-table baseline (${f.perTableQueries.toLocaleString('en-US')} queries)`,
                f.perTable,
                f.ratio.perTable,
                undefined,
              ],
              ['`inspect | recommend --ndjson`', f.pipe, f.ratio.pipe, undefined],
              [
                "`node -e 0` (Node's own start, before any line of querymode)",
                f.start,
                f.ratio.start,
                undefined,
              ],
            ] as const
          ).map(([what, ms, ratio, other, memory]) => [
            name,
            f.tables.toLocaleString('en-US'),
            what,
            formatMs(ms),
            formatRatio(ratio),
            ...(OTHER_CLI === undefined ? [] : [other === undefined ? '' : formatRatio(other)]),
            memory === undefined
              ? ''
              : `${memory.mb.toFixed(0)} MB (${(memory.bytes / 2 ** 20).toFixed(1)} MB written)`,
          ]);
        const table: Table = {
          columns: [
            'database',
            'tables',
            'what',
            'median',
            'vs bare',
            ...(OTHER_CLI === undefined ? [] : [`vs ${OTHER_CLI.name}`]),
            'peak memory',
          ],
          rows: [
            ...pg.flatMap((f) => row('PostgreSQL 15', f, 6)),
            ...my.flatMap((f) => row('MariaDB 10.11', f, 7)),
          ],
        };
        const targets: Target[] = [];
        for (const [name, figures, client] of [
          ['PostgreSQL', pg, 'psql'],
          ['MariaDB', my, 'mariadb'],
        ] as const) {
          const ten = figures.find((f) => f.tables === TABLES);
          for (const f of figures) {
            if (f.tables > TABLES) {
              // Memory that grows with the tables only by what their records hold: the extra bytes they write.
              if (ten !== undefined)
                targets.push({
                  name: `${name}, ${f.tables.toLocaleString('en-US')} tables: inspect's peak memory (MB), at most 1.2x that at 10,000 tables plus the ${((f.memory.bytes - ten.memory.bytes) / 2 ** 20).toFixed(1)} MB more its records write`,
                  value: f.memory.mb,
                  limit: 1.2 * ten.memory.mb + (f.memory.bytes - ten.memory.bytes) / 2 ** 20,
                  unit: ' MB',
                });
              continue;
            }
            const at = `${f.tables.toLocaleString('en-US')} tables`;
            targets.push({
              name: `${name}, ${at}: inspect vs its bare catalog queries (${client})`,
              value: f.ratio.inspect,
              limit: 1.3,
              unit: 'x',
            });
            if (f.vsOther !== undefined && f.tables === TABLES)
              targets.push({
                name: `${name}, ${at}: inspect vs ${OTHER_CLI?.name}`,
                value: f.vsOther,
                limit: 1,
                unit: 'x',
              });
          }
        }
        return {
          tables: [table],
          targets,
          notes: [
            `${samples} rounds, each running bare, inspect${OTHER_CLI === undefined ? '' : `, the other build's inspect`}, the pipe, \`node -e 0\` and the per-table baseline in turn; the times are medians, and "vs bare" is the median of the ratios within each round (paired: this machine has two cores shared with other work, and load that comes and goes then falls on both sides of a ratio). The bare scripts hold exactly the SQL of \`postgresqlQueries\` / \`mysqlQueries\` (with the schema list, and on PostgreSQL the oids of the relations found, written in), inside the same read-only transaction; their output goes to /dev/null. \`node -e 0\` is the floor of any Node process on this machine (${process.env.NODE_EXTRA_CA_CERTS === undefined ? '`NODE_EXTRA_CA_CERTS` is not set here' : `here \`NODE_EXTRA_CA_CERTS\` is set, and Node ${process.versions.node.split('.')[0]} may read the certificates it names before its first line`}): where it is itself near 1.3x of bare, no Node process can meet the target. On MariaDB \`performance_schema\` is off (the default), so 7 catalog queries run; \`information_schema.TABLES\` with its statistics is most of their time. From 2,000 relations inspect reads the PostgreSQL keys, triggers and trigger functions on a second connection while the first reads the columns, in the first's snapshot (\`pg_export_snapshot()\`, then \`SET TRANSACTION SNAPSHOT\` in a REPEATABLE READ READ ONLY transaction: the same catalog state as one transaction); the bare script runs all the statements one after the other in one session.`,
            `Peak memory: the peak resident set (\`/usr/bin/time -f %M\`) of \`querymode inspect\` writing its NDJSON to a file, the median of ${MEMORY_RUNS} runs after the timed rounds, beside the bytes it wrote. Inspect holds every table it reads until its last catalog row, so its memory grows with the tables; the target for more than 10,000 tables (\`QUERYMODE_BENCH_INSPECT_TABLES=1000,10000,30000\`) allows 1.2x the peak at 10,000 plus the extra bytes of the records (the text they hold).`,
            'The schemas are created once by the benchmark in batches of 500 tables per transaction and kept for later runs; drop them with `DROP SCHEMA qm_bench_10k CASCADE` (and qm_bench_1k, qm_bench_30k; PostgreSQL, database qm_test) and `DROP DATABASE qm_bench_10k` (and qm_bench_1k, qm_bench_30k; MariaDB).',
          ],
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
