/**
 * `querymode verify` after migrations, as CI runs it: a fixture schema, a plan made from it
 * (`inspect`, the change kinds the team declares, `recommend --ndjson --detail`), then a migration
 * that drops a trigger, renames a planned column, makes a planned column nullable, drops a table
 * and adds one; each table gets its verdict, and the exit codes follow. On the test servers
 * (PostgreSQL as the least-privileged reader, MariaDB) and on the embedded PostgreSQL (`--sql`,
 * no server). On each, a table planned `full_load` then passes the row limit, as the catalog
 * estimate inspect reads says: PostgreSQL's reltuples after ANALYZE of 6,000,000 real rows,
 * MariaDB's TABLE_ROWS of a MyISAM table of as many, and on PGlite (superuser) reltuples set as
 * ANALYZE of such a table would. A table named with quotes, a backslash, `$$`, a semicolon, a
 * newline and a comment marker holds throughout and is shown on one line; the big table's name
 * adds a bidi control.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyRecordSchema } from '@querymode/core/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshName,
  MYSQL_URL,
  PG_READER_URL,
  withMysql,
  withPostgres,
} from '../../packages/introspect/test/support/servers.js';
import { runCli, tempDir } from './run-cli.js';

const fixture = (name: string, quoted: string): string =>
  readFileSync(join(import.meta.dirname, 'verify-fixtures', name), 'utf8').replaceAll('{{s}}', quoted);

/**
 * The change kinds the team declares for each table (by its unqualified name) before recommending,
 * with the insert rate: `full_load` is usable only while the table stays below its row limit over
 * the horizon, which an unknown rate leaves not known (the plan keeps the rate, and verify too).
 */
const DECLARED: Record<string, Record<string, string | number>> = {
  orders: { inserts: 'yes', updates: 'yes', deletes: 'no', inserts_per_day: 100 },
  customers: { inserts: 'yes', updates: 'yes', deletes: 'no', inserts_per_day: 100 },
  ledger: { inserts: 'yes', updates: 'no', deletes: 'no', inserts_per_day: 100 },
  tmp: { inserts: 'yes', updates: 'yes', deletes: 'no', inserts_per_day: 100 },
  big: { inserts: 'yes', updates: 'yes', deletes: 'no', inserts_per_day: 100 },
};

const HOSTILE = 'Tab "q" \\ $$ ;\n-- x';

/** The table that passes the row limit of `full_load`: quotes, a backslash, `$$`, a newline, a bidi control. */
const BIG = 'Big "q" \\ $$ ;\n\u202e-- x';

/** More rows than `full_load` allows (5,000,000), and past the advisor's 20% margin for an estimate. */
const PAST_THE_LIMIT = 6_000_000;

/** Loading that many rows: seconds on an idle server, a minute or so on a loaded one. */
const SERVER_ROWS_TIMEOUT = 180_000;

/**
 * A test on a server runs the CLI 5 to 11 times (inspect, recommend, each verify), each reading the
 * catalog: on PostgreSQL 0.2-0.4 s a query at load 10, as the test database also holds the inspect
 * benchmark's kept schemas (41,000 tables), so 23 s for 11 runs; vitest's 60 s is too close under load.
 */
const SERVER_CLI_TIMEOUT = 180_000;

/** A PostgreSQL identifier, quoted. */
const pgIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A MariaDB identifier, quoted. */
const myIdent = (name: string): string => `\`${name.replaceAll('`', '``')}\``;

/**
 * After the big table grew past the row limit: its planned `full_load` is broken on
 * `full_load.row_limit` (rows 0 in the plan, 6,000,000 now), exit 1, and its name is shown on one
 * line, its newline and bidi control written as escapes.
 */
function expectRowLimitBroken(plan: string, args: readonly string[], quoted: string): void {
  const { status, byName } = verdicts(plan, args);
  expect(status).toBe(1);
  const big = Object.values(byName).find((v) => v.table.includes('Big'));
  // The qualified name as inspect writes it: the table's name quoted for its dialect.
  expect(big?.table.endsWith(`.${quoted}`)).toBe(true);
  expect(big?.mode).toBe('full_load');
  expect(big?.verdict).toBe('broken');
  expect(big?.findings[0]?.rule).toBe('full_load.row_limit');
  expect(big?.findings[0]?.change).toEqual({ path: ['rows'], before: 0, after: PAST_THE_LIMIT });
  const human = runCli(['verify', plan, ...args]);
  expect(human.status).toBe(1);
  const line = human.stdout.split('\n').find((l) => l.startsWith('broken'));
  expect(line).toContain('$$ ;\\n\\u202e-- x');
  expect(line).toMatch(/full_load\.row_limit: .* has 6,000,000 rows/);
  expect(human.stdout).not.toContain('\u202e');
}

/**
 * On a server: `create` makes the big table empty, the plan made from it holds (exit 0 with
 * --strict), then `grow` passes the row limit and the plan is broken on it.
 */
async function growPastTheLimit(
  args: readonly string[],
  quoted: string,
  create: () => Promise<unknown>,
  grow: () => Promise<unknown>,
): Promise<void> {
  await create();
  const plan = makePlan(tempDir(), args);
  const before = runCli(['verify', plan, ...args, '--strict']);
  expect(before.status, before.stdout + before.stderr).toBe(0);
  await grow();
  expectRowLimitBroken(plan, args, quoted);
}

/** The plan: inspect (with `args`), the declared kinds added, then recommend --ndjson --detail. */
function makePlan(dir: string, args: readonly string[]): string {
  const inspected = runCli(['inspect', ...args]);
  expect(inspected.status, inspected.stderr).toBe(0);
  const lines = inspected.stdout
    .trim()
    .split('\n')
    .map((l) => {
      const t = JSON.parse(l);
      const name = Object.keys(DECLARED).find((n) => t.table.endsWith(`.${n}`));
      t.changes = { ...t.changes, ...(name === undefined ? DECLARED.tmp : DECLARED[name]) };
      return JSON.stringify(t);
    });
  const traits = join(dir, 'traits.ndjson');
  writeFileSync(traits, `${lines.join('\n')}\n`);
  const recommended = runCli(['recommend', '--ndjson', '--detail', '--pipeline-mode', 'table'], {
    stdinFile: traits,
  });
  expect(recommended.status, recommended.stderr).toBe(0);
  // The first line of a `--detail` stream is its legend (the texts its records cite), not a table.
  for (const l of recommended.stdout.trim().split('\n').slice(1))
    expect(JSON.parse(l).status).toBe('recommended');
  const plan = join(dir, 'plan.ndjson');
  writeFileSync(plan, recommended.stdout);
  return plan;
}

/** The NDJSON records of `verify`, by unqualified table name (the hostile one as `hostile`). */
function verdicts(plan: string, args: readonly string[]) {
  const r = runCli(['verify', plan, ...args, '--ndjson']);
  const records = r.stdout
    .trim()
    .split('\n')
    .map((l) => verifyRecordSchema.parse(JSON.parse(l)));
  const byName = Object.fromEntries(
    records.map((v) => [v.table.includes('Tab') ? 'hostile' : (v.table.split('.').at(-1) as string), v]),
  );
  return { status: r.status, stderr: r.stderr, byName };
}

/**
 * What every backend shows after the migration: the records, and (`formats: 'all'`) the human
 * output and the exit code with --strict, which are made from the same records whatever the
 * database (the servers check them; the embedded one, whose every run starts a database, need not).
 */
function expectMigrationVerdicts(plan: string, args: readonly string[], formats: 'all' | 'records'): void {
  const { status, byName } = verdicts(plan, args);
  expect(status).toBe(1);
  const orders = byName.orders;
  expect(orders?.verdict).toBe('broken');
  expect(orders?.findings[0]?.change).toEqual({
    path: ['columns', 'updated_at', 'set_on_update'],
    before: true,
    after: false,
  });
  expect(orders?.findings[0]?.remedy).toMatch(/set `updated_at` on every update/);
  const customers = byName.customers;
  expect(customers?.verdict).toBe('broken');
  expect(customers?.findings[0]?.rule).toBe('column.exists');
  expect(customers?.findings[0]?.change).toEqual({
    path: ['columns', 'modified_at'],
    before: true,
    after: false,
  });
  const ledger = byName.ledger;
  expect(ledger?.verdict).toBe('broken');
  expect(ledger?.findings[0]?.rule).toBe('unique_incrementing.column_not_null');
  expect(ledger?.findings[0]?.change).toEqual({
    path: ['columns', 'ref', 'nullable'],
    before: false,
    after: true,
  });
  expect(ledger?.findings[0]?.remedy).toMatch(/NULL/);
  expect(byName.tmp?.verdict).toBe('gone');
  expect(byName.tmp?.line).toBeGreaterThan(0);
  expect(byName.audit?.verdict).toBe('new');
  expect(byName.audit?.line).toBeNull();
  expect(byName.audit?.recommendation).not.toBeNull();
  expect(byName.hostile?.verdict).toBe('holds');
  // The declared kinds were kept where the database cannot tell them.
  expect(orders?.declared).toContain('changes.updates');
  if (formats === 'records') return;

  const human = runCli(['verify', plan, ...args]);
  expect(human.status).toBe(1);
  const lines = human.stdout.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^verify: broken: 3 planned tables broken/);
  expect(lines.at(-1)).toMatch(
    /^summary: \d+ tables: 3 broken, 0 unverified, 1 new, 1 gone, 0 better, \d+ hold$/,
  );
  // One line per table that does not hold, worst first; the hostile table holds, so it is not listed.
  expect(lines.slice(1, -1).map((l) => l.split(/\s+/)[0])).toEqual([
    'broken',
    'broken',
    'broken',
    'new',
    'gone',
  ]);
  expect(human.stdout).not.toContain('\u001b');
  expect(runCli(['verify', plan, ...args, '--strict']).status).toBe(1);
}

describe('querymode verify on PostgreSQL, as the reader', () => {
  const schema = freshName('qm_t');
  const dir = tempDir();
  const args = [PG_READER_URL, '--schema', schema];
  const grant = `GRANT USAGE ON SCHEMA "${schema}" TO qm_reader; GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO qm_reader;`;
  beforeAll(() => withPostgres((c) => c.query(fixture('postgres-base.sql', `"${schema}"`) + grant)));
  afterAll(() => withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)));

  it(
    'holds before the migration, and gives each migrated table its verdict after it',
    async () => {
      const plan = makePlan(dir, args);
      const before = runCli(['verify', plan, ...args, '--strict']);
      expect(before.status, before.stderr).toBe(0);
      expect(before.stdout.split('\n')[0]).toBe('verify: holds: every planned table holds');
      await withPostgres((c) => c.query(fixture('postgres-migration.sql', `"${schema}"`) + grant));
      expectMigrationVerdicts(plan, args, 'all');
    },
    SERVER_CLI_TIMEOUT,
  );
});

/** A table's name in a plan, as inspect writes it, by its unqualified name: the hostile one as `hostile`. */
const byShortName = (table: string): string =>
  table.includes('Tab') ? 'hostile' : (table.split('.').at(-1) as string);

/**
 * Before a migration: `--table` (bare or qualified) and `--exclude` narrow the plan as they narrow
 * the database, so the planned tables they leave out are neither gone nor new, in every format
 * and under `--strict`; the human output counts them.
 */
function expectNarrowed(plan: string, args: readonly string[], schema: string): void {
  for (const only of ['orders', `${schema}.orders`]) {
    const r = runCli(['verify', plan, ...args, '--table', only, '--strict']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('verify: holds: every planned table holds');
    expect(lines.at(-2)).toMatch(/^filtered out: 4 planned tables not read/);
    expect(lines.at(-1)).toBe('summary: 1 table: 0 broken, 0 unverified, 0 new, 0 gone, 0 better, 1 hold');
    const github = runCli(['verify', plan, ...args, '--table', only, '--format', 'github', '--strict']);
    expect(github.status).toBe(0);
    expect(github.stdout).not.toMatch(/^::/m);
    const records = runCli(['verify', plan, ...args, '--table', only, '--ndjson'])
      .stdout.trim()
      .split('\n');
    expect(records.map((l) => byShortName(JSON.parse(l).table))).toEqual(['orders']);
  }
  const excluded = runCli([
    'verify',
    plan,
    ...args,
    '--exclude',
    'Tab*',
    '--exclude',
    'tmp',
    '--ndjson',
    '--strict',
  ]);
  expect(excluded.status, excluded.stderr).toBe(0);
  const verdictsLeft = excluded.stdout
    .trim()
    .split('\n')
    .map((l) => [byShortName(JSON.parse(l).table), JSON.parse(l).verdict]);
  expect(verdictsLeft.sort()).toEqual([
    ['customers', 'holds'],
    ['ledger', 'holds'],
    ['orders', 'holds'],
  ]);
}

/**
 * After the trigger of `orders` is dropped and its `id` renamed `order_id`: the update the mode
 * now misses comes first, the renamed column next on a line of its own (nothing hidden behind a
 * count), named as the likely rename, its remedy the new name.
 */
function expectLossBeforeRename(plan: string, args: readonly string[]): void {
  const r = runCli(['verify', plan, ...args, '--table', 'orders']);
  expect(r.status).toBe(1);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines[1]).toMatch(
    /^broken {6}\S+\.orders {2}timestamp\+incrementing timestamp\+incrementing\.change_data_capture: The database does not set column `updated_at` on every update/,
  );
  expect(lines[2]?.startsWith(`${' '.repeat(12)}also: column.exists: `)).toBe(true);
  expect(lines[2]).toContain(
    'has no column `id`. Column `order_id` is new since the plan and has every fact `id` had: likely `id` renamed. [columns."id": true in the plan, false now] Remedy: Set `incrementing_column_name` to "order_id" (likely `id` renamed).',
  );
  expect(r.stdout).not.toContain('more)');
  expect(lines.at(-1)).toBe('summary: 1 table: 1 broken, 0 unverified, 0 new, 0 gone, 0 better, 0 hold');
}

describe('querymode verify narrowed by --table and --exclude, then a lost update and a renamed column', () => {
  it(
    'on PostgreSQL, as the reader',
    async () => {
      const schema = freshName('qm_t');
      const args = [PG_READER_URL, '--schema', schema];
      const grant = `GRANT USAGE ON SCHEMA "${schema}" TO qm_reader; GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO qm_reader;`;
      try {
        await withPostgres((c) => c.query(fixture('postgres-base.sql', `"${schema}"`) + grant));
        const plan = makePlan(tempDir(), args);
        expectNarrowed(plan, args, schema);
        await withPostgres((c) =>
          c.query(
            `DROP TRIGGER touch ON "${schema}".orders; ALTER TABLE "${schema}".orders RENAME COLUMN id TO order_id;`,
          ),
        );
        expectLossBeforeRename(plan, args);
      } finally {
        await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
      }
    },
    SERVER_CLI_TIMEOUT,
  );

  it(
    'on MariaDB',
    async () => {
      const db = freshName('qm_t');
      const args = [MYSQL_URL, '--schema', db];
      try {
        await withMysql((c) => c.query(fixture('mariadb-base.sql', `\`${db}\``)));
        const plan = makePlan(tempDir(), args);
        expectNarrowed(plan, args, db);
        await withMysql((c) =>
          c.query(
            `DROP TRIGGER \`${db}\`.orders_touch; ALTER TABLE \`${db}\`.orders RENAME COLUMN id TO order_id;`,
          ),
        );
        expectLossBeforeRename(plan, args);
      } finally {
        await withMysql((c) => c.query(`DROP DATABASE IF EXISTS \`${db}\``));
      }
    },
    SERVER_CLI_TIMEOUT,
  );
});

describe('querymode verify on PostgreSQL: full_load past the row limit', () => {
  const schema = freshName('qm_t');
  const table = `"${schema}".${pgIdent(BIG)}`;
  afterAll(() => withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)));

  it(
    'breaks the planned full_load once ANALYZE counts 6,000,000 rows',
    () =>
      growPastTheLimit(
        [PG_READER_URL, '--schema', schema],
        pgIdent(BIG),
        // Unlogged and left alone by autovacuum: the server is shared, and the rows are thrown away.
        () =>
          withPostgres((c) =>
            c.query(
              `CREATE SCHEMA "${schema}"; CREATE UNLOGGED TABLE ${table} (code text, label text) WITH (autovacuum_enabled = off); ANALYZE ${table}; GRANT USAGE ON SCHEMA "${schema}" TO qm_reader; GRANT SELECT ON ${table} TO qm_reader;`,
            ),
          ),
        // Real rows, the catalog's own estimate: inspect reads pg_class.reltuples, which only
        // ANALYZE (or VACUUM) sets, and the test user is no superuser. NULL rows are the cheapest
        // (291 to a page, 20,619 pages), and ANALYZE samples every page of so few: an exact count.
        () =>
          withPostgres((c) =>
            c.query(
              `INSERT INTO ${table} (code) SELECT NULL FROM generate_series(1, ${PAST_THE_LIMIT}); ANALYZE ${table};`,
            ),
          ),
      ),
    SERVER_ROWS_TIMEOUT,
  );
});

describe('querymode verify on MariaDB', () => {
  const db = freshName('qm_t');
  const dir = tempDir();
  const args = [MYSQL_URL, '--schema', db];
  beforeAll(() => withMysql((c) => c.query(fixture('mariadb-base.sql', `\`${db}\``))));
  afterAll(() => withMysql((c) => c.query(`DROP DATABASE IF EXISTS \`${db}\``)));

  it(
    'holds before the migration, and gives each migrated table its verdict after it',
    async () => {
      const plan = makePlan(dir, args);
      const before = runCli(['verify', plan, ...args, '--strict']);
      expect(before.status, before.stderr).toBe(0);
      await withMysql((c) => c.query(fixture('mariadb-migration.sql', `\`${db}\``)));
      expectMigrationVerdicts(plan, args, 'all');
      // A plan file past the bound (here 0 bytes) is read twice: checked whole, then verified line
      // by line; one on stdin, which cannot be, is held: the same records, in the same order (the
      // plan's, then the tables it does not name).
      const fromFile = runCli(['verify', plan, ...args, '--ndjson'], {
        env: { QUERYMODE_VERIFY_HELD_PLAN_BYTES: '0' },
      });
      const fromStdin = runCli(['verify', '-', ...args, '--ndjson'], { stdinFile: plan });
      expect(fromStdin.status).toBe(1);
      expect(fromStdin.stdout).toBe(fromFile.stdout);
      expect(
        fromFile.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).verdict),
      ).toEqual(['holds', 'broken', 'broken', 'broken', 'gone', 'new']);
    },
    SERVER_CLI_TIMEOUT,
  );
});

describe('querymode verify on MariaDB: full_load past the row limit', () => {
  const db = freshName('qm_t');
  const table = `\`${db}\`.${myIdent(BIG)}`;
  afterAll(() => withMysql((c) => c.query(`DROP DATABASE IF EXISTS \`${db}\``)));

  it(
    'breaks the planned full_load once the table holds 6,000,000 rows',
    () =>
      growPastTheLimit(
        [MYSQL_URL, '--schema', db],
        myIdent(BIG),
        // MyISAM keeps the exact row count that information_schema.TABLES.TABLE_ROWS (what inspect
        // reads) gives, and loads 6,000,000 rows in about a second; InnoDB's TABLE_ROWS is a
        // sampled estimate and its load takes many times longer. The test user owns only qm_*
        // databases, so the persistent statistics (mysql.innodb_table_stats) are not its to set.
        () =>
          withMysql((c) =>
            c.query(
              `CREATE DATABASE \`${db}\`; CREATE TABLE ${table} (code VARCHAR(20), label VARCHAR(20)) ENGINE=MyISAM;`,
            ),
          ),
        // seq_1_to_N: MariaDB's SEQUENCE engine, a table of N rows read from no storage.
        () =>
          withMysql((c) =>
            c.query(
              `USE \`${db}\`; INSERT INTO ${table} (code) SELECT NULL FROM seq_1_to_${PAST_THE_LIMIT};`,
            ),
          ),
      ),
    SERVER_ROWS_TIMEOUT,
  );
});

// Each run starts an embedded PostgreSQL: seconds on an idle machine, tens of them on a loaded one.
const PGLITE_TIMEOUT = 300_000;

describe('querymode verify on the embedded PostgreSQL (--sql, no server)', () => {
  const dir = tempDir();
  const base = join(dir, 'base.sql');
  const migration = join(dir, 'migration.sql');
  const bigBase = join(dir, 'big.sql');
  const bigGrows = join(dir, 'big-grows.sql');
  const added = join(dir, 'added.sql');
  writeFileSync(base, fixture('postgres-base.sql', 'app'));
  writeFileSync(migration, fixture('postgres-migration.sql', 'app'));
  const big = `app.${pgIdent(BIG)}`;
  writeFileSync(bigBase, `CREATE TABLE ${big} (code text PRIMARY KEY, label text);\nANALYZE ${big};\n`);
  writeFileSync(
    bigGrows,
    `-- The statistics of a table past five million rows.\nUPDATE pg_class SET reltuples = ${PAST_THE_LIMIT} WHERE oid = '${big.replaceAll("'", "''")}'::regclass;\n`,
  );
  writeFileSync(added, 'CREATE TABLE app.added (id int PRIMARY KEY);\n');
  /** The plan made from the base schema, made once for the tests that start from it. */
  let basePlan: string | undefined;
  const planOfBase = (): string => {
    basePlan ??= makePlan(tempDir(), ['--sql', base]);
    return basePlan;
  };

  it(
    'holds before the migration, and gives each migrated table its verdict after it',
    () => {
      const plan = planOfBase();
      expect(runCli(['verify', plan, '--sql', base, '--strict']).status).toBe(0);
      expectMigrationVerdicts(plan, ['--sql', base, '--sql', migration], 'records');
    },
    PGLITE_TIMEOUT,
  );

  it(
    'breaks full_load when the table passes the row limit',
    () => {
      const plan = makePlan(dir, ['--sql', base, '--sql', bigBase]);
      expectRowLimitBroken(plan, ['--sql', base, '--sql', bigBase, '--sql', bigGrows], pgIdent(BIG));
    },
    PGLITE_TIMEOUT,
  );

  it(
    'exits 0 on a new table, and 1 with --strict',
    () => {
      const plan = planOfBase();
      const r = runCli(['verify', plan, '--sql', base, '--sql', added]);
      expect(r.status).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe('verify: new: nothing broken');
      const strict = runCli(['verify', plan, '--sql', base, '--sql', added, '--strict']);
      expect(strict.status).toBe(1);
      expect(strict.stdout.split('\n')[0]).toBe(
        'verify: new: nothing broken, and --strict fails on unverified, new and gone tables',
      );
    },
    PGLITE_TIMEOUT,
  );

  it(
    'exits 2 on a plan it cannot read, naming each bad line',
    () => {
      const plan = join(dir, 'bad.ndjson');
      writeFileSync(
        plan,
        `{"table":"app.orders","config":{"mode":"nope"}}\nnot json\n{"table":${JSON.stringify(HOSTILE)},"body":null}\n{"table":${JSON.stringify(HOSTILE)},"body":null}\n`,
      );
      const r = runCli(['verify', plan, '--sql', base]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/line 1: /);
      expect(r.stderr).toMatch(/line 2: not valid JSON/);
      expect(r.stderr).toMatch(/line 4: plans table .* again \(first on line 3\)/);
      expect(r.stdout).toBe('');
    },
    PGLITE_TIMEOUT,
  );
});

describe('querymode verify: usage errors, said before any table is read (exit 2)', () => {
  const dir = tempDir();
  const plan = join(dir, `plan ${HOSTILE.replaceAll('\n', ' ').replaceAll('/', '')}.ndjson`);
  writeFileSync(plan, '{"table":"app.orders","config":{"mode":"full_load"}}\n');
  // A URL no server answers: a usage error must come before any connection is tried.
  const url = 'postgres://qm_nobody:s3cret-pw@127.0.0.1:9/none';

  it('names --junit in the refusal of a target it cannot write, and keeps the plan', () => {
    const directory = runCli(['verify', plan, url, '--junit', dir]);
    expect(directory.status).toBe(2);
    expect(directory.stderr).toMatch(/^querymode: refusing to write --junit .*: it is a directory/);
    const onPlan = runCli(['verify', plan, url, '--junit', plan]);
    expect(onPlan.status).toBe(2);
    expect(onPlan.stderr).toMatch(/refusing --junit .*: it is the input file/);
    expect(readFileSync(plan, 'utf8')).toBe('{"table":"app.orders","config":{"mode":"full_load"}}\n');
    const missing = runCli(['verify', plan, url, '--junit', join(dir, 'no-such-dir', 'v.xml')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot write --junit .*: its directory .* does not exist/);
    for (const r of [directory, onPlan, missing]) {
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/-o |s3cret/);
    }
  });

  it('refuses --format beside --ndjson or --json', () => {
    for (const [records, format] of [
      ['--ndjson', 'sarif'],
      ['--json', 'github'],
      ['--ndjson', 'text'],
    ] as const) {
      const r = runCli(['verify', plan, url, records, '--format', format]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`give --format ${format} or ${records}, not both`);
      expect(r.stdout).toBe('');
    }
  });

  it('says a bad plan first when the database is read meanwhile (--schema), whatever the reading meets', () => {
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(bad, '{"table":"app.orders","config":{"mode":"no_such_mode"}}\n');
    for (const narrowed of [
      ['--schema', 'app'],
      ['--table', 'app.orders'],
    ]) {
      const r = runCli(['verify', bad, url, ...narrowed]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(
        /^querymode: the plan .*bad\.ndjson has 1 invalid record; nothing was verified:\n {2}line 1: /,
      );
      expect(r.stderr).not.toMatch(/connect|s3cret/);
      expect(r.stdout).toBe('');
    }
  });

  it('refuses the flags its source does not take before it reads the plan', () => {
    // No plan file is there: the flags are the first mistake said.
    const missing = join(tempDir(), 'no-such-plan.ndjson');
    for (const [args, words] of [
      [[url, '--record-counts', 'counts.json'], '--record-counts goes with --describe'],
      [[url, '--describe', 'describes/'], 'give a source URL or --describe, not both'],
    ] as const) {
      const r = runCli(['verify', missing, ...args]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(words);
      expect(r.stderr).not.toContain('no-such-plan');
    }
  });
});
