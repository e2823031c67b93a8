/**
 * Every remedy and question the advisor prints for PostgreSQL tables, run as a user runs them
 * (`psql -f`), on the test server: ORM-shaped and application-shaped tables, a link table with a
 * composite key, tables of the same name in two schemas, names that collided before, and tables
 * and columns with hostile names from fast-check. Each table's remedies run twice; both runs must
 * succeed, nothing outside the table may change (a canary table and a catalog snapshot of every
 * other object), the table must differ only by what the remedies name, an UPDATE must change only
 * the column the remedies make update-tracked (a creation time stays), an INSERT must get a new id
 * where one was added, and each question must return the facts of that very table.
 */
import type { TableTraits } from '@querymode/core';
import { inspectDatabase, parseDatabaseUrl } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSnapshot } from '../support/pg-catalog.js';
import { identityAdded, printedFor, updateTracked } from '../support/printed.js';
import {
  countPrinted,
  definitionHarm,
  type Entry,
  expectAnswerOf,
  hostileTriples,
  newCounts,
  othersOf,
  runEachTwice,
  selected,
  updateHarm,
} from '../support/remedy-proof.js';
import { psqlFile } from '../support/run-client.js';
import { freshName, PG_URL, withPostgres } from '../support/servers.js';

const S1 = freshName('qm_t');
const S2 = freshName('qm_t');
const CANARY = freshName('qm_t');
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A table of the test: its DDL and one row, and an INSERT and an UPDATE the application runs. */
interface Shape {
  readonly schema: string;
  readonly table: string;
  readonly create: string;
  readonly insert: string;
  readonly update: string;
}

const shape = (
  schema: string,
  table: string,
  columns: string,
  row: string,
  insert: string,
  update: string,
): Shape => {
  const t = `${q(schema)}.${q(table)}`;
  return {
    schema,
    table,
    create: `CREATE TABLE ${t} (${columns}); INSERT INTO ${t} ${row};`,
    insert: `INSERT INTO ${t} ${insert};`,
    update: `UPDATE ${t} SET ${update};`,
  };
};

const FIXED: Shape[] = [
  // An auto-increment ID in a composite key only: its remedy is a unique index of its own.
  shape(
    S1,
    'readings',
    'id serial, sensor int NOT NULL, taken_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (id, sensor)',
    '(sensor) VALUES (1)',
    '(sensor) VALUES (2)',
    'sensor = sensor + 10',
  ),
  // Prisma/TypeORM: a quoted table and camelCase columns, updatedAt written by the application.
  shape(
    S1,
    'User',
    '"id" serial PRIMARY KEY, "email" text NOT NULL, "createdAt" timestamptz NOT NULL DEFAULT now(), "updatedAt" timestamptz NOT NULL',
    `("email", "updatedAt") VALUES ('a@x', now())`,
    `("email", "updatedAt") VALUES ('b@x', now())`,
    `"email" = "email" || '!'`,
  ),
  // Rails: created_at and updated_at written by the application.
  shape(
    S1,
    'posts',
    'id bigserial PRIMARY KEY, title text, created_at timestamp(6) NOT NULL, updated_at timestamp(6) NOT NULL',
    `(title, created_at, updated_at) VALUES ('t', now(), now())`,
    `(title, created_at, updated_at) VALUES ('u', now(), now())`,
    `title = title || '!'`,
  ),
  // Business times: an update must never end a ban, revoke a token or mark an item read.
  shape(
    S1,
    'bans',
    'id bigserial PRIMARY KEY, user_id bigint NOT NULL, expires_at timestamptz NOT NULL, created_at timestamptz NOT NULL DEFAULT now()',
    `(user_id, expires_at) VALUES (1, now() + interval '1 day')`,
    `(user_id, expires_at) VALUES (2, now() + interval '1 day')`,
    'user_id = user_id + 1',
  ),
  shape(
    S1,
    'tokens',
    'id bigserial PRIMARY KEY, token uuid NOT NULL DEFAULT gen_random_uuid(), revoked_at timestamptz, last_read_at timestamptz',
    'DEFAULT VALUES',
    'DEFAULT VALUES',
    'token = gen_random_uuid()',
  ),
  // inet and uuid columns, and an hour in a unique key.
  shape(
    S1,
    'visits',
    'id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ip inet NOT NULL, hour timestamptz NOT NULL, hits int NOT NULL DEFAULT 0, UNIQUE (ip, hour)',
    `(ip, hour) VALUES ('10.0.0.1', date_trunc('hour', now()))`,
    `(ip, hour) VALUES ('10.0.0.2', date_trunc('hour', now()))`,
    'hits = hits + 1',
  ),
  // A link table: its key is a composite of parents' ids.
  shape(
    S1,
    'film_actor',
    'actor_id int NOT NULL, film_id int NOT NULL, last_update timestamp NOT NULL DEFAULT now(), PRIMARY KEY (actor_id, film_id)',
    '(actor_id, film_id) VALUES (1, 1)',
    '(actor_id, film_id) VALUES (1, 2)',
    'film_id = film_id + 10',
  ),
  // The same name in two schemas, with different columns.
  shape(
    S1,
    'orders',
    'id bigint, total numeric, created_at timestamptz NOT NULL DEFAULT now()',
    '(id, total) VALUES (1, 2)',
    '(id, total) VALUES (2, 3)',
    'total = total + 1',
  ),
  shape(
    S2,
    'orders',
    'order_no bigint, placed_at timestamptz',
    '(order_no, placed_at) VALUES (1, now())',
    '(order_no, placed_at) VALUES (2, now())',
    'order_no = order_no + 1',
  ),
  // Names whose generated objects collided before: a(b_c) and "a-b"(c).
  shape(
    S1,
    'a',
    'b_c bigint, created_at timestamptz NOT NULL DEFAULT now()',
    '(b_c) VALUES (1)',
    '(b_c) VALUES (2)',
    'b_c = b_c + 10',
  ),
  shape(
    S1,
    'a-b',
    'c bigint, created_at timestamptz NOT NULL DEFAULT now()',
    '(c) VALUES (1)',
    '(c) VALUES (2)',
    'c = c + 10',
  ),
];

/** Tables and columns with hostile names: a nullable, non-unique number and a text column. */
const hostileShapes = (): Shape[] =>
  hostileTriples(63).map(([table, a, b], i) =>
    shape(
      i % 2 === 0 ? S1 : S2,
      table,
      `${q(a)} bigint, ${q(b)} text, created_at timestamptz NOT NULL DEFAULT now()`,
      `(${q(a)}, ${q(b)}) VALUES (1, 'x')`,
      `(${q(a)}, ${q(b)}) VALUES (2, 'y')`,
      `${q(b)} = ${q(b)} || 'u'`,
    ),
  );

const SHAPES = [...FIXED, ...hostileShapes()];
const SCHEMAS = [S1, S2, CANARY];

type Pg = import('pg').Client;

const snapshot = (c: Pg): Promise<Entry[]> => catalogSnapshot(c, SCHEMAS);

const oidOf = async (c: Pg, s: Shape): Promise<number> =>
  Number(
    (await c.query<{ oid: number }>('SELECT $1::regclass::oid::int AS oid', [`${q(s.schema)}.${q(s.table)}`]))
      .rows[0]?.oid,
  );

/** A name as `quote_ident` writes it in the catalog snapshot. */
const quoteIdent = (name: string): string => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : q(name));

const rowsOf = async (c: Pg, s: Shape): Promise<Record<string, unknown>[]> =>
  (
    await c.query<{ r: Record<string, unknown> }>(
      `SELECT to_jsonb(t) AS r FROM ${q(s.schema)}.${q(s.table)} AS t`,
    )
  ).rows.map((x) => x.r);

let traits: Map<string, TableTraits>;
const counts = newCounts();

beforeAll(async () => {
  await withPostgres(async (c) => {
    await c.query(
      `CREATE SCHEMA ${q(S1)}; CREATE SCHEMA ${q(S2)}; CREATE SCHEMA ${q(CANARY)};
       CREATE TABLE ${q(CANARY)}.victim (id int); INSERT INTO ${q(CANARY)}.victim VALUES (1);`,
    );
    for (const s of SHAPES) await c.query(s.create);
    // This test's tables only: a whole-database ANALYZE fails when another test file drops a table
    // meanwhile ("relation with OID … does not exist").
    await c.query(`ANALYZE ${SHAPES.map((s) => `${q(s.schema)}.${q(s.table)}`).join(', ')}`);
  });
  const target = parseDatabaseUrl(PG_URL);
  if (!target.ok) throw new Error(target.issues[0]?.message);
  const report = await inspectDatabase(target.value, { schemas: [S1, S2] });
  if (!report.ok) throw new Error(report.issues[0]?.message);
  traits = new Map(report.value.tables.map((t) => [t.table as string, t]));
});

afterAll(async () => {
  await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${SCHEMAS.map(q).join(', ')} CASCADE`));
  // The printed / run / harmful counts of this run, for the record.
  console.log(`postgres remedies: ${JSON.stringify(counts)}`);
});

const traitsOf = (s: Shape): TableTraits => {
  const t = [...traits.values()].find(
    (x) => x.schema === s.schema && x.table?.endsWith(q(s.table).replace(/^"([a-z_][a-z0-9_]*)"$/, '$1')),
  );
  const exact = traits.get(
    `${/^[a-z_][a-z0-9_]*$/.test(s.schema) ? s.schema : q(s.schema)}.${/^[a-z_][a-z0-9_]*$/.test(s.table) ? s.table : q(s.table)}`,
  );
  const found = exact ?? t;
  if (found === undefined) throw new Error(`no traits for ${s.schema}.${s.table}`);
  return found;
};

describe('remedies and questions printed for PostgreSQL, run with psql -f', () => {
  it.each(SHAPES.map((s, i) => [i, JSON.stringify(`${s.schema}.${s.table}`), s] as const))(
    'table %i %s: questions answer for that table; remedies run twice, do only what they say',
    async (_i, _name, s) => {
      const t = traitsOf(s);
      const printed = printedFor(t);
      countPrinted(counts, printed);
      const harm: string[] = [];
      await withPostgres(async (c) => {
        // Questions: run as a user runs them, then read for the facts of this very table.
        const asked = await psqlFile(printed.questions.map((x) => x.query).join('\n'), q(CANARY));
        if (asked.failed) harm.push(`a question failed:\n${asked.stderr}`);
        for (const question of printed.questions) {
          // The first result set a SELECT returned (a table inspect read in its database is guarded: BEGIN, DO first).
          const first = selected(await c.query(question.query))[0] ?? [];
          expectAnswerOf(
            question.path,
            first,
            (t.columns ?? []).map((x) => x.name),
          );
        }
        const before = await snapshot(c);
        const oid = await oidOf(c, s);
        const rowsBefore = await rowsOf(c, s);
        // Each remedy on its own, twice, as a user runs a file of it.
        const applied = await runEachTwice(printed.remedies, (sql) => psqlFile(sql, q(CANARY)), counts, harm);
        const after = await snapshot(c);
        expect(othersOf(after, oid), 'nothing outside the table changed').toEqual(othersOf(before, oid));
        const victim = await c.query(`SELECT count(*)::int AS n FROM ${q(CANARY)}.victim`);
        expect(victim.rows[0]?.n, 'the canary is there').toBe(1);
        // The table differs only by what the remedies name.
        const columns = (t.columns ?? []).map((x) => x.name);
        harm.push(...definitionHarm(before, after, oid, columns, applied, quoteIdent));
        // An UPDATE changes the update-tracked column and nothing the application did not set.
        const tracked = updateTracked(applied);
        const rows0 = await rowsOf(c, s);
        expect(rows0.length).toBe(rowsBefore.length);
        await c.query('SELECT pg_sleep(0.01)');
        await c.query(s.update);
        const rows1 = await rowsOf(c, s);
        const sets = s.update.replace(/^UPDATE .*? SET /s, '');
        const set = (k: string) => sets.startsWith(q(k)) || sets.startsWith(`${k} `);
        harm.push(...updateHarm(rows0[0], rows1[0], set, tracked));
        // An INSERT still works, and gets a new id where the remedies added one.
        const ids = identityAdded(applied);
        const top = async (k: string) =>
          Number(
            (await c.query(`SELECT max(${q(k)})::bigint AS m FROM ${q(s.schema)}.${q(s.table)}`)).rows[0]
              ?.m ?? 0,
          );
        const tops = await Promise.all(ids.map(top));
        await c.query(s.insert);
        const newTops = await Promise.all(ids.map(top));
        ids.forEach((k, i) => {
          if (!((newTops[i] as number) > (tops[i] as number))) harm.push(`an INSERT got no new ${k}`);
        });
      });
      if (harm.length > 0) counts.harmful++;
      expect(harm, `${s.schema}.${s.table}`).toEqual([]);
    },
  );
});
