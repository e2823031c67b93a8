/**
 * `querymode inspect` and `querymode demo` end to end, as a user runs them: against the test
 * servers (`bash scripts/setup.sh --databases`), the embedded sample shop, piped into
 * `recommend --ndjson`; passwords never shown; a connection lost midway.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateTableTraits } from '@querymode/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMariadbFixture,
  type MariadbFixture,
} from '../../packages/introspect/test/support/mariadb-fixture.js';
import {
  fixture,
  freshName,
  MYSQL_READER_URL,
  PG_READER_URL,
  withPostgres,
} from '../../packages/introspect/test/support/servers.js';
import { startCuttingProxy } from '../support/cutting-proxy.js';
import { BIN, ndjsonRecords, runCli, runCliStreaming, tempDir } from './run-cli.js';
import { EMBEDDED_TIMEOUT, sampleShopRecords } from './sample-shop.js';

/**
 * An answers file with an insert rate for every table: `full_load` is usable only while a table
 * stays under its row limit over the horizon, which the catalog's counters (whose window is not
 * known) cannot tell; one answer for many tables settles it.
 */
function insertRateAnswers(): string {
  const file = join(tempDir(), 'answers.yaml');
  writeFileSync(file, 'defaults:\n  changes:\n    inserts_per_day: 10\n');
  return file;
}

/** Runs `querymode inspect ARGS | querymode recommend --ndjson` through a shell pipe. */
function pipeToRecommend(
  args: readonly string[],
  recommendArgs: readonly string[] = ['--answers', insertRateAnswers()],
): {
  status: number | null;
  lines: { table: string; mode: string }[];
  stderr: string;
} {
  const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  const q = `${quote(process.execPath)} ${quote(BIN)}`;
  const r = spawnSync(
    'bash',
    [
      '-o',
      'pipefail',
      '-c',
      `${q} inspect ${args.map(quote).join(' ')} | ${q} recommend --ndjson ${recommendArgs.map(quote).join(' ')}`,
    ],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    },
  );
  return {
    status: r.status,
    lines: r.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
    stderr: r.stderr,
  };
}

/** Runs the bin without blocking this process (the proxy of the test runs in it). */
const runAsync = (args: readonly string[]) => runCliStreaming(args, async () => undefined);

const modesOf = (lines: { table: string; mode: string }[]) =>
  Object.fromEntries(lines.map((l) => [l.table, l.mode]));

const SECRET = 'Wr0ng-S3cret-pw';

describe('querymode inspect on PostgreSQL', () => {
  const schema = freshName('qm_t');
  const mixed = `QM Mixed ${schema}`;
  beforeAll(async () => {
    await withPostgres(async (c) => {
      await c.query(
        fixture('postgres.sql').replaceAll('{{schema}}', `"${schema}"`).replaceAll('{{mixed}}', `"${mixed}"`),
      );
    });
  });
  afterAll(async () => {
    await withPostgres((c) =>
      c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${mixed}" CASCADE`),
    );
  });

  it('writes one valid traits record per line, and a summary on stderr', () => {
    const r = runCli(['inspect', PG_READER_URL, '--schema', schema]);
    expect(r.status, r.stderr).toBe(0);
    const records = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records).toHaveLength(13);
    for (const t of records) expect(validateTableTraits(t).ok).toBe(true);
    expect(r.stderr).toMatch(
      /^inspect: 13 tables from postgres:\/\/qm_reader@127\.0\.0\.1:5432\/qm_test \(PostgreSQL 15/,
    );
    expect(r.stderr).toContain('6 catalog queries');
    const json = runCli(['inspect', PG_READER_URL, '--schema', schema, '--table', 'orders', '--json']);
    expect(JSON.parse(json.stdout).tables.map((t: { table: string }) => t.table)).toEqual([
      `${schema}.orders`,
    ]);
  });

  it('pipes into recommend --ndjson with the modes the advisor gives for the fixture', () => {
    const r = pipeToRecommend([PG_READER_URL, '--schema', schema, '--schema', mixed]);
    expect(r.status, r.stderr).toBe(0);
    const s = (name: string) => `${schema}.${name}`;
    expect(modesOf(r.lines)).toEqual({
      [`"${mixed}"."Café Orders"`]: 'full_load',
      [s('"OrderHistory"')]: 'timestamp+incrementing',
      [s('accounts')]: 'full_load',
      [s('audit_log')]: 'full_load',
      [s('customers')]: 'timestamp+incrementing',
      [s('events')]: 'full_load',
      [s('ledger')]: 'incrementing',
      [s('measurements')]: 'full_load',
      [s('order_lines')]: 'full_load',
      // Deletes observed: no query mode captures deletes, so they decide nothing (its reasons say
      // what happens to deleted rows and what to do).
      [s('orders')]: 'timestamp+incrementing',
      // The reader may not SELECT it: never recommended, a grant awaited.
      [s('secrets')]: null,
      // Never analysed: its row count is unknown, so full_load's row limit is not known to hold.
      [s('staging_import')]: null,
      // Its trigger, guarded by IF NEW IS DISTINCT FROM OLD, sets changed_at on every update that matters.
      [s('tickets')]: 'timestamp+incrementing',
      [s('"user"')]: 'full_load',
    });
    const staging = r.lines.find((l) => l.table === s('staging_import')) as unknown as Record<
      string,
      unknown
    >;
    expect([staging.status, staging.best]).toEqual(['needs_facts', 'full_load']);
    const orders = r.lines.find((l) => l.table === s('orders')) as unknown as Record<string, unknown>;
    expect([orders.status, orders.best]).toEqual(['recommended', 'timestamp+incrementing']);
  });

  it('exits 1 with one line and only complete lines on stdout when the connection is lost midway', async () => {
    const proxy = await startCuttingProxy('127.0.0.1', 5432, 3);
    try {
      const url = PG_READER_URL.replace(':5432/', `:${proxy.port}/`);
      const r = await runAsync(['inspect', url, '--schema', schema]);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      // (The test password is the user name, so the redaction hides both.)
      expect(r.stderr).toMatch(
        /^querymode: the connection to postgres:\/\/\S+@127\.0\.0\.1:\d+\/qm_test was lost while reading the catalog/,
      );
      expect(r.stderr).not.toContain('qm_reader:qm_reader');
    } finally {
      await proxy.close();
    }
  });
});

describe('querymode inspect never shows a password', () => {
  const failures: [string, string[], Record<string, string>][] = [
    ['a wrong password in the URL', ['inspect', `postgres://qm_reader:${SECRET}@127.0.0.1:5432/qm_test`], {}],
    [
      'a wrong password in QUERYMODE_DATABASE_URL',
      ['inspect'],
      { QUERYMODE_DATABASE_URL: `postgres://qm_reader:${SECRET}@127.0.0.1:5432/qm_test` },
    ],
    [
      'a wrong PGPASSWORD',
      ['inspect'],
      { PGHOST: '127.0.0.1', PGUSER: 'qm_reader', PGPASSWORD: SECRET, PGDATABASE: 'qm_test' },
    ],
    ['a refused connection', ['inspect', `postgres://qm_reader:${SECRET}@127.0.0.1:1/qm_test`], {}],
    ['a wrong MariaDB password', ['inspect', `mysql://qm_reader:${SECRET}@127.0.0.1:3306/`], {}],
    ['a URL that does not parse', ['inspect', `postgres://qm_reader:${SECRET}#x@127.0.0.1/qm_test`], {}],
    [
      'an unknown URL parameter',
      ['inspect', `postgres://qm_reader:${SECRET}@127.0.0.1/qm_test?password=${SECRET}`],
      {},
    ],
  ];
  for (const [what, args, env] of failures) {
    it(`on ${what}, even with --debug`, () => {
      for (const debug of [[], ['--debug']]) {
        const r = runCli([...args, ...debug], { env });
        expect(r.status, r.stderr).not.toBe(0);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/^querymode: /);
        if (debug.length === 0) expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stdout + r.stderr).not.toContain(SECRET);
        expect(r.stdout + r.stderr).not.toContain(encodeURIComponent(SECRET));
      }
    });
  }

  it("names MariaDB's error by its code (mysql2's table of error names, which its chunk loads on first read)", () => {
    const r = runCli(['inspect', `mysql://qm_reader:${SECRET}@127.0.0.1:3306/`]);
    expect(r.stderr).toContain('(ER_ACCESS_DENIED_ERROR)');
  });
});

describe('querymode inspect on MariaDB', () => {
  let f: MariadbFixture;
  beforeAll(async () => {
    f = await createMariadbFixture();
  });
  afterAll(async () => {
    await f?.drop();
  });

  it('pipes into recommend --ndjson with the modes the advisor gives for the fixture', () => {
    const r = pipeToRecommend([MYSQL_READER_URL, '--schema', f.db, '--schema', f.mixed]);
    expect(r.status, r.stderr).toBe(0);
    const s = (name: string) => `${f.db}.${name}`;
    expect(modesOf(r.lines)).toEqual({
      [s('OrderHistory')]: 'timestamp+incrementing',
      [s('audit_log')]: 'full_load',
      [s('customers')]: 'timestamp+incrementing',
      [s('events')]: 'full_load',
      [s('ledger')]: 'incrementing',
      [s('measurements')]: 'full_load',
      [s('no_trigger_grant')]: 'full_load',
      [s('notes')]: 'full_load',
      [s('`order`')]: 'full_load',
      [s('order_lines')]: 'full_load',
      [s('orders')]: 'timestamp+incrementing',
      // The reader may not SELECT it: never recommended, a grant awaited.
      [s('secrets')]: null,
      [s('tickets')]: 'timestamp+incrementing',
      [`\`${f.mixed}\`.\`Café Orders\``]: 'full_load',
    });
  });
});

describe('querymode inspect and demo: help and usage', () => {
  it('have --help with examples, and refuse a bad --include in one line (exit 2)', () => {
    for (const cmd of ['inspect', 'demo']) {
      const r = runCli([cmd, '--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Examples:');
      expect(r.stdout).toContain(`querymode ${cmd}`);
    }
    const bad = runCli(['inspect', '--sample-shop', '--include', 'tables']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('--include expects views, foreign-tables, partitions, system-schemas');
    const none = runCli(['inspect']);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^querymode: no database given/);
  });
});

describe('the embedded sample shop', () => {
  it(
    'inspect --sample-shop pipes into recommend with four different modes',
    () => {
      // The records of one run of the embedded database, shared with the other files that read them.
      const r = runCli(['recommend', '--ndjson'], { input: sampleShopRecords() });
      expect(r.status, r.stderr).toBe(0);
      expect(modesOf(ndjsonRecords(r.stdout))).toEqual({
        'shop.customers': 'timestamp+incrementing',
        'shop.order_events': 'incrementing',
        'shop.orders': 'timestamp+incrementing',
        'shop.page_views': 'unique_incrementing',
        // Its insert rate is not in the catalog: full_load waits for it (the row limit over the horizon).
        'shop.products': null,
      });
      const products = ndjsonRecords(r.stdout).find((x) => x.table === 'shop.products');
      expect(products).toMatchObject({ status: 'needs_facts', best: 'full_load' });
    },
    EMBEDDED_TIMEOUT,
  );

  // One run of the embedded database for both: the blocks are the same with and without --report
  // (docs/inspect.md's example runs `querymode demo` alone).
  it(
    'demo prints one block per table (the mode, the body, why), and --report writes the report page of its recommendations and says where it is',
    () => {
      const dir = tempDir();
      const r = runCli(['demo', '--report', 'shop.html'], { cwd: dir });
      expect(r.status, r.stderr).toBe(0);
      const blocks = r.stdout.split('\n\n').filter((b) => b.startsWith('shop.'));
      expect(blocks.map((b) => b.split('\n')[0])).toEqual([
        'shop.customers',
        'shop.order_events',
        'shop.orders',
        'shop.page_views',
        'shop.products',
      ]);
      for (const b of blocks) {
        expect(b).toMatch(/\n {2}mode: {2}\S+/);
        expect(b).toContain('\n  why:\n    - ');
      }
      // Every table but shop.products has its body; shop.products waits for its insert rate (the
      // catalog's counters give none), asked once with the rate that keeps it under the row limit.
      const products = blocks.find((b) => b.startsWith('shop.products')) ?? '';
      for (const b of blocks.filter((x) => x !== products)) expect(b).toMatch(/\n {2}body: {2}\{"config":/);
      expect(products).toContain('  mode:  needs facts (best candidate: full_load)');
      expect(products).toContain(
        '    - How many rows are inserted into `shop.products` a day? Fewer than 166,664 rows inserted a day (net of deletes) keeps it under 5,000,000 rows for the 30-day horizon.',
      );
      expect(products.split('How many rows are inserted').length).toBe(2);
      const file = join(dir, 'shop.html');
      expect(r.stdout).toContain(
        `\nThe report, one page to share: ${file}\nOpen it in a browser: file://${file}\n`,
      );
      expect(r.stderr).toMatch(
        /\nreport: 5 records \(4 recommended, 1 needs facts, 0 none, 0 errors\); wrote shop\.html/,
      );
      const html = readFileSync(file, 'utf8');
      expect(html).toContain('<title>Query-mode plan: the embedded sample shop');
      expect(html.match(/"held":"detail"/g)).toHaveLength(5);
      const refused = runCli(['demo', '--report', dir]);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('it is a directory');
    },
    EMBEDDED_TIMEOUT,
  );
});

describe('querymode inspect without a password', () => {
  for (const [kind, url, variable] of [
    ['PostgreSQL', 'postgres://qm_reader@127.0.0.1:5432/qm_test', 'PGPASSWORD'],
    ['MariaDB', 'mysql://qm_reader@127.0.0.1:3306/', 'MYSQL_PWD'],
  ] as const) {
    it(`${kind}: says at once that no password was given, and where to put one`, () => {
      // A connect timeout far longer than any test: the run ends on the server's demand for a
      // password, which it answers at once, not on the timeout (which once hid it for 60 s).
      // HOME points at an empty directory: no ~/.pgpass or option file gives a password.
      const r = runCli(['inspect', url, '--connect-timeout', '10m'], { env: { HOME: tempDir() } });
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe(
        `querymode: cannot connect to ${url}: no password given: set ${variable} or put it in the URL`,
      );
    });
  }
});

describe('querymode inspect against a server that never answers', () => {
  it('PostgreSQL and MySQL: fails when the connect timeout ends', async () => {
    const { createServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    // Accepts connections on 127.0.0.1 and says nothing, for as long as the test runs.
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as import('node:net').AddressInfo).port;
    try {
      // The server never says a word: only the connect timeout can end the run, however long the
      // machine takes to get there.
      for (const url of [`postgres://u:p@127.0.0.1:${port}/db`, `mysql://u:p@127.0.0.1:${port}/`]) {
        const r = await runCliStreaming(['inspect', url, '--connect-timeout', '1s'], async () => undefined);
        expect(r.status, url).toBe(1);
        expect(r.stderr).toContain('cannot connect to');
        expect(r.stderr, url).toContain(
          'no connection within the connect timeout of 1 s (--connect-timeout)',
        );
      }
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
