/**
 * Every remedy and question the advisor prints for MariaDB tables, run as a user runs them (the
 * `mariadb` client reading a file in the database), on the test server: application-shaped tables
 * (zero-date defaults, comments, fractional seconds, collations, MEMORY and MyISAM engines, an
 * existing ON UPDATE column), ORM and link tables, the same table in a second database (a staging
 * copy on the same server), and tables and columns with hostile names from fast-check, in a plain
 * database and in one with a hostile, mixed-case name beside its lower-case twin. Every statement
 * names the table's database, so it runs from a session on another database (which holds a table
 * of the same name, with other columns) or on none: each remedy runs twice, once from each, the
 * first run from either in turn; both runs must succeed, nothing outside the table may change (a canary table and
 * SHOW CREATE TABLE and the triggers of every other table), the table's definition may only gain
 * what the remedies name, an UPDATE must change only the column the remedies make update-tracked,
 * an INSERT must get a new id where one was added, and each question must return the facts of
 * that very table.
 */
import type { TableTraits } from '@querymode/core';
import { inspectDatabase, parseDatabaseUrl } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityAdded, printedFor, updateTracked } from '../support/printed.js';
import {
  countPrinted,
  definitionHarm,
  type Entry,
  expectAnswerOf,
  HOSTILE_TABLES,
  hostileTriples,
  newCounts,
  othersOf,
  runEachTwice,
  updateHarm,
} from '../support/remedy-proof.js';
import { mariadbFile } from '../support/run-client.js';
import { freshName, MYSQL_URL, withMysql } from '../support/servers.js';

const DB1 = freshName('qm_t');
/** A hostile database name: quotes, a backslash, `$$`, a newline, a bidi control, mixed case. */
const DB2 = `${freshName('qm_t')}_MiX\`'"\\$$\n\u202Eq`;
/** DB2's twin, the same name in lower case: a catalog condition that ignores case finds both. */
const DB3 = DB2.toLowerCase();
const DATABASES = [DB1, DB2, DB3];
/** The database a session runs a table's statements from: another one, holding a table of the same name. */
const sessionOf = (db: string): string => (db === DB1 ? DB2 : DB3);
const q = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/** A table of the test: its DDL and one row, and an INSERT and an UPDATE the application runs. */
interface Shape {
  readonly db: string;
  readonly table: string;
  readonly create: string;
  readonly insert: string;
  readonly update: string;
}

const shape = (
  db: string,
  table: string,
  definition: string,
  row: string,
  insert: string,
  update: string,
): Shape => {
  const t = `${q(db)}.${q(table)}`;
  return {
    db,
    table,
    create: `CREATE TABLE ${t} ${definition}; INSERT INTO ${t} ${row};`,
    insert: `INSERT INTO ${t} ${insert};`,
    update: `UPDATE ${t} SET ${update};`,
  };
};

const FIXED: Shape[] = [
  // An AUTO_INCREMENT ID in a composite key only: its remedy is a unique index of its own.
  shape(
    DB1,
    'snmp_items',
    '(id bigint NOT NULL AUTO_INCREMENT, snmp_id int NOT NULL, value int, PRIMARY KEY (id, snmp_id)) ENGINE=InnoDB',
    '(snmp_id, value) VALUES (1, 1)',
    '(snmp_id, value) VALUES (2, 2)',
    'value = value + 1',
  ),
  // A monitoring application: comments, a zero-date default, fractional seconds, a binary collation.
  shape(
    DB1,
    'hosts',
    "(hostid bigint unsigned NOT NULL PRIMARY KEY, host varchar(128) COLLATE utf8mb4_bin NOT NULL DEFAULT '' COMMENT 'host name', created datetime(3) NOT NULL DEFAULT '0000-00-00 00:00:00.000' COMMENT 'first seen', status int NOT NULL DEFAULT 0) ENGINE=InnoDB",
    "(hostid, host) VALUES (1, 'a')",
    "(hostid, host) VALUES (2, 'b')",
    'status = status + 1',
  ),
  shape(
    DB1,
    'items',
    "(itemid bigint NOT NULL PRIMARY KEY, name varchar(255) NOT NULL DEFAULT 'x' COMMENT 'item name', updated_at datetime(6) NULL DEFAULT NULL COMMENT 'set by the application', created_at datetime NOT NULL)",
    '(itemid, created_at, updated_at) VALUES (1, NOW(), NOW(6))',
    '(itemid, created_at, updated_at) VALUES (2, NOW(), NOW(6))',
    "name = CONCAT(name, 'u')",
  ),
  // Already set on every update by ON UPDATE: no second one.
  shape(
    DB1,
    'sessions_mem',
    '(id int NOT NULL PRIMARY KEY, user_id int NOT NULL, first_seen datetime NOT NULL, last_seen datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6)) ENGINE=MEMORY',
    '(id, user_id, first_seen) VALUES (1, 1, NOW())',
    '(id, user_id, first_seen) VALUES (2, 1, NOW())',
    'user_id = user_id + 1',
  ),
  shape(
    DB1,
    'logs',
    '(id int NOT NULL AUTO_INCREMENT PRIMARY KEY, msg text, upload_date timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP) ENGINE=MyISAM',
    "(msg) VALUES ('a')",
    "(msg) VALUES ('b')",
    "msg = CONCAT(msg, 'u')",
  ),
  // Business times.
  shape(
    DB1,
    'bans',
    '(id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, user_id bigint NOT NULL, expires_at datetime NOT NULL, revoked_at datetime NULL, last_read_at datetime NULL)',
    '(user_id, expires_at) VALUES (1, NOW() + INTERVAL 1 DAY)',
    '(user_id, expires_at) VALUES (1, NOW() + INTERVAL 1 DAY)',
    'user_id = user_id + 1',
  ),
  // An ORM's table.
  shape(
    DB1,
    'User',
    '(id int NOT NULL AUTO_INCREMENT PRIMARY KEY, email varchar(100) NOT NULL, `createdAt` datetime(3) NOT NULL, `updatedAt` datetime(3) NOT NULL)',
    "(email, `createdAt`, `updatedAt`) VALUES ('a@x', NOW(3), NOW(3))",
    "(email, `createdAt`, `updatedAt`) VALUES ('b@x', NOW(3), NOW(3))",
    "email = CONCAT(email, '!')",
  ),
  // A link table: its key is a composite of parents' ids.
  shape(
    DB1,
    'film_actor',
    '(actor_id smallint unsigned NOT NULL, film_id smallint unsigned NOT NULL, last_update timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, PRIMARY KEY (actor_id, film_id))',
    '(actor_id, film_id) VALUES (1, 1)',
    '(actor_id, film_id) VALUES (1, 2)',
    'film_id = film_id + 10',
  ),
  shape(
    DB1,
    'rental',
    '(rental_id int NOT NULL, customer_id int NOT NULL, rental_date datetime NOT NULL, PRIMARY KEY (rental_id, customer_id))',
    '(rental_id, customer_id, rental_date) VALUES (1, 1, NOW())',
    '(rental_id, customer_id, rental_date) VALUES (2, 1, NOW())',
    'customer_id = customer_id + 1',
  ),
  // The same table in a second database, as a staging copy on the same server.
  shape(
    DB1,
    'orders',
    '(id bigint, total decimal(10,2), created_at datetime NOT NULL DEFAULT CURRENT_TIMESTAMP)',
    '(id, total) VALUES (1, 2)',
    '(id, total) VALUES (2, 3)',
    'total = total + 1',
  ),
  shape(
    DB2,
    'orders',
    '(id bigint, total decimal(10,2), created_at datetime NOT NULL DEFAULT CURRENT_TIMESTAMP)',
    '(id, total) VALUES (1, 2)',
    '(id, total) VALUES (2, 3)',
    'total = total + 1',
  ),
];

/** Tables and columns with hostile names: a nullable, non-unique number and a text column. */
const hostileShapes = (): Shape[] =>
  hostileTriples(64).map(([table, a, b], i) =>
    shape(
      i % 3 === 2 ? DB2 : DB1,
      table,
      `(${q(a)} bigint, ${q(b)} text, created_at datetime NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
      `(${q(a)}, ${q(b)}) VALUES (1, 'x')`,
      `(${q(a)}, ${q(b)}) VALUES (2, 'y')`,
      `${q(b)} = CONCAT(${q(b)}, 'u')`,
    ),
  );

let shapes: Shape[] = [];
let traits: readonly TableTraits[] = [];
const counts = newCounts();

type My = import('mysql2/promise').Connection;

async function snapshot(c: My): Promise<Entry[]> {
  const out: Entry[] = [];
  for (const db of DATABASES) {
    const [tables] = await c.query(
      'SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name',
      [db],
    );
    for (const { t } of tables as { t: string }[]) {
      const [rows] = await c.query(`SHOW CREATE TABLE ${q(db)}.${q(t)}`);
      const text = String((rows as Record<string, unknown>[])[0]?.['Create Table']);
      for (const line of text.split('\n'))
        out.push({
          owner: `${db}.${t}`,
          k: `${db}.${t}: ${line.replace(/ AUTO_INCREMENT=\d+/, '').replace(/,$/, '')}`,
        });
    }
    const [triggers] = await c.query(
      'SELECT event_object_table AS t, trigger_name AS n, action_timing AS w, event_manipulation AS e, action_statement AS s FROM information_schema.triggers WHERE trigger_schema = ?',
      [db],
    );
    for (const r of triggers as Record<string, string>[])
      out.push({ owner: `${db}.${r.t}`, k: `${db}.${r.t}: trigger ${r.n} ${r.w} ${r.e} ${r.s}` });
  }
  return out;
}

const rowsOf = async (c: My, s: Shape): Promise<Record<string, unknown>[]> =>
  (await c.query(`SELECT * FROM ${q(s.db)}.${q(s.table)}`))[0] as Record<string, unknown>[];

beforeAll(async () => {
  await withMysql(async (c) => {
    for (const db of DATABASES) await c.query(`CREATE DATABASE ${q(db)}`);
    await c.query(`SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION'`);
    for (const db of DATABASES)
      await c.query(`CREATE TABLE ${q(db)}.victim (id int); INSERT INTO ${q(db)}.victim VALUES (1);`);
    for (const s of [...FIXED, ...hostileShapes()]) {
      try {
        await c.query(s.create);
        shapes.push(s);
      } catch (error) {
        // A name the server refuses (too long once encoded as a file name) is not a table to test.
        if (!/Incorrect table name|Identifier name .* is too long|Incorrect column name/.test(String(error)))
          throw error;
      }
    }
    // The table of the same name in the session's database: other columns, two rows.
    const made = new Set(shapes.map((s) => `${s.db}\u0000${s.table}`));
    for (const s of shapes) {
      const twin = `${q(sessionOf(s.db))}.${q(s.table)}`;
      if (made.has(`${sessionOf(s.db)}\u0000${s.table}`)) continue;
      await c.query(`CREATE TABLE ${twin} (qm_twin int); INSERT INTO ${twin} VALUES (1), (2);`);
    }
  });
  const target = parseDatabaseUrl(MYSQL_URL);
  if (!target.ok) throw new Error(target.issues[0]?.message);
  const report = await inspectDatabase(target.value, { schemas: [DB1, DB2] });
  if (!report.ok) throw new Error(report.issues[0]?.message);
  traits = report.value.tables;
  shapes = shapes.filter((s) => s.table !== 'victim');
});

afterAll(async () => {
  await withMysql((c) => c.query(DATABASES.map((db) => `DROP DATABASE IF EXISTS ${q(db)};`).join(' ')));
  // The printed / run / harmful counts of this run, for the record.
  console.log(`mariadb remedies: ${JSON.stringify(counts)}`);
});

const traitsOf = (s: Shape): TableTraits => {
  const found = traits.find(
    (t) =>
      t.schema === s.db &&
      t.table !== undefined &&
      (t.table.endsWith(`.${s.table}`) || t.table.endsWith(`.${q(s.table)}`)),
  );
  if (found === undefined) throw new Error(`no traits for ${s.db}.${s.table}`);
  return found;
};

describe('remedies and questions printed for MariaDB, run with the mariadb client', () => {
  it('created the tables', () =>
    expect(shapes.length).toBeGreaterThanOrEqual(FIXED.length + Math.min(1, HOSTILE_TABLES)));

  it.each(Array.from({ length: FIXED.length + HOSTILE_TABLES }, (_, i) => i))('table %i', async (i) => {
    const s = shapes[i];
    if (s === undefined) return;
    const t = traitsOf(s);
    const printed = printedFor(t);
    countPrinted(counts, printed);
    const harm: string[] = [];
    await withMysql(async (c) => {
      // The change counters need a privilege on performance_schema the test user lacks: those
      // questions are run, and must fail for that reason only.
      const denied = (x: { query: string }) => x.query.includes('performance_schema');
      const open = printed.questions.filter((x) => !denied(x));
      const session = sessionOf(s.db);
      for (const from of [session, undefined]) {
        const asked = await mariadbFile(open.map((x) => x.query).join('\n'), from);
        if (asked.failed) harm.push(`a question failed:\n${asked.stderr}`);
      }
      for (const x of printed.questions.filter(denied)) {
        const run = await mariadbFile(x.query, session);
        if (run.failed && !/command denied/.test(run.stderr)) harm.push(`a question failed:\n${run.stderr}`);
      }
      // Answered from the other database: the facts of this very table, not of its namesake there.
      await c.query(`USE ${q(session)}`);
      for (const question of open) {
        const [results] = (await c.query(question.query)) as unknown as [unknown[]];
        const first = (Array.isArray(results[0]) ? results[0] : results) as Record<string, unknown>[];
        expectAnswerOf(
          question.path,
          first,
          (t.columns ?? []).map((x) => x.name),
        );
      }
      const before = await snapshot(c);
      const owner = `${s.db}.${s.table}`;
      // Each remedy runs once from the other database and once from none, the first from either in turn.
      let round = i;
      const fromElsewhere = (sql: string) => mariadbFile(sql, round++ % 2 === 0 ? session : undefined);
      const applied = await runEachTwice(printed.remedies, fromElsewhere, counts, harm);
      const after = await snapshot(c);
      expect(othersOf(after, owner), 'nothing outside the table changed').toEqual(othersOf(before, owner));
      // The table's definition only gains what the remedies name.
      const columns = (t.columns ?? []).map((x) => x.name);
      harm.push(...definitionHarm(before, after, owner, columns, applied, q, (k) => /: \) ENGINE=/.test(k)));
      // An UPDATE changes the update-tracked column and nothing the application did not set.
      const tracked = updateTracked(applied);
      const rows0 = await rowsOf(c, s);
      await new Promise((r) => setTimeout(r, 20));
      await c.query(s.update);
      const rows1 = await rowsOf(c, s);
      const sets = s.update.replace(/^UPDATE .*? SET /s, '');
      const set = (k: string) => sets.startsWith(q(k)) || sets.startsWith(`${k} `);
      const onUpdate = (t.columns ?? []).filter((x) => x.set_on_update === true).map((x) => x.name);
      harm.push(...updateHarm(rows0[0], rows1[0], set, tracked, onUpdate));
      // An INSERT still works, and gets a new id where the remedies added one.
      const present = new Set(
        ((await c.query(`SHOW COLUMNS FROM ${q(s.db)}.${q(s.table)}`))[0] as { Field: string }[]).map(
          (r) => r.Field,
        ),
      );
      const ids = identityAdded(applied).filter((k) => present.has(k));
      const top = async (k: string) =>
        Number(
          ((await c.query(`SELECT MAX(${q(k)}) AS m FROM ${q(s.db)}.${q(s.table)}`))[0] as { m: number }[])[0]
            ?.m ?? 0,
        );
      const tops = await Promise.all(ids.map(top));
      await c.query(s.insert);
      const newTops = await Promise.all(ids.map(top));
      ids.forEach((k, j) => {
        if (!((newTops[j] as number) > (tops[j] as number))) harm.push(`an INSERT got no new ${k}`);
      });
      for (const db of DATABASES) {
        const [victim] = await c.query(`SELECT COUNT(*) AS n FROM ${q(db)}.victim`);
        expect((victim as { n: number }[])[0]?.n, `the canary of ${db} is there`).toBe(1);
      }
    });
    if (harm.length > 0) counts.harmful++;
    expect(harm, `${s.db}.${s.table}`).toEqual([]);
  });
});
