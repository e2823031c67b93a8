/**
 * A table given with its database (`database.schema.table`), on the test servers. PostgreSQL
 * statements cannot name another database: each printed text starts with a comment line that says
 * which one to run it in, one line of printable ASCII whatever the name (a newline or a bidi
 * control in it cannot end or reorder the comment), whose quoted name PostgreSQL reads back as
 * that very database's name; then, for a remedy, a transaction whose first statement stops it in
 * any other database, and for a question, queries that each stop themselves there, with no
 * transaction (pasted inside one the user has open, a question commits nothing of it). Two databases of this run hold the same tables (one database's name hostile): every
 * printed remedy and question, run with `psql -f` in the other one, fails with an error naming
 * both and changes nothing there; run in its own, it does what it says, and a second run changes
 * nothing more. MySQL and MariaDB, whose databases are their schemas, get no statement for a
 * three-part name: the advice says why, in words. A table `inspect` read (a two-part name and the
 * `database` it recorded, read back exactly whatever the database's name) gets the same texts.
 */
import type { TableTraits } from '@querymode/core';
import { type CatalogClient, inspectClient } from '@querymode/introspect';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_RUNS, hostileName } from '../../../../test/support/hostile-names.js';
import { catalogSnapshot } from '../support/pg-catalog.js';
import { type PrintedRemedy, printedFor } from '../support/printed.js';
import { definitionHarm, expectAnswerOf, selected } from '../support/remedy-proof.js';
import { psqlFile } from '../support/run-client.js';
import { freshName, withPostgres } from '../support/servers.js';

const S = freshName('qm_t');
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const HEADER =
  /^-- Run in database (.+) \(connect to it first\): PostgreSQL statements cannot name another database; in any other they stop with an error\.\n/;

/** A sample of hostile names, the same on every run. */
const hostile = (n: number): string[] =>
  fc.sample(hostileName(63), { numRuns: n, seed: Number(process.env.QUERYMODE_HOSTILE_SEED ?? 26) });

/** A table of every kind of column the questions ask about, with a hostile name. */
const TABLE = hostile(1)[0] as string;

beforeAll(() =>
  withPostgres((c) =>
    c.query(
      `CREATE SCHEMA ${q(S)}; CREATE TABLE ${q(S)}.${q(TABLE)} (id bigint, total numeric(12,0), updated_at timestamptz); INSERT INTO ${q(S)}.${q(TABLE)} VALUES (1, 2, now());`,
    ),
  ),
);

afterAll(() => withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${q(S)} CASCADE`)));

/**
 * How the traits say the table's database: before its schema in its name (`named`), or as
 * `inspect` writes them, a two-part name and the `database` it read (`recorded`).
 */
type Form = 'named' | 'recorded';
const FORMS: readonly Form[] = ['named', 'recorded'];

/** The PostgreSQL table `table` of this run's schema in `database`, said in the form `form`. */
const located = (
  database: string,
  table: string,
  form: Form,
  schema = S,
): Pick<TableTraits, 'table' | 'database'> =>
  form === 'named'
    ? { table: `${q(database)}.${q(schema)}.${q(table)}` }
    : { table: `${q(schema)}.${q(table)}`, database };

/** The traits of the table, given with `database` before its schema. */
const traitsIn = (database: string, source: 'postgresql' | 'mysql', form: Form = 'named'): TableTraits => ({
  ...(source === 'postgresql'
    ? located(database, TABLE, form)
    : { table: `\`${database.replaceAll('`', '``')}\`.\`${S}\`.\`${TABLE.replaceAll('`', '``')}\`` }),
  source,
  columns: [{ name: 'id' }, { name: 'total', type: 'numeric' }, { name: 'updated_at', type: 'timestamptz' }],
});

describe('a table given with its database', () => {
  it('PostgreSQL: every printed text starts with one printable line naming the database, which PostgreSQL reads back as that name', async () => {
    const names = hostile(HOSTILE_RUNS);
    await withPostgres(async (c) => {
      for (const [database, form] of names.flatMap((n) => FORMS.map((f) => [n, f] as const))) {
        const printed = printedFor(traitsIn(database, 'postgresql', form));
        const texts = [...printed.remedies.map((r) => r.sql), ...printed.questions.map((x) => x.query)];
        expect(texts.length, database).toBeGreaterThan(0);
        for (const text of texts) {
          const header = HEADER.exec(text);
          expect(header, text).not.toBeNull();
          expect(header?.[0], database).toMatch(/^[\x20-\x7e]*\n$/);
          // The quoted name, as a column's alias: PostgreSQL names the column with the database's name.
          const alias = await c.query(`SELECT 1 AS ${header?.[1]}`);
          expect(alias.fields[0]?.name, JSON.stringify(database)).toBe(database);
        }
      }
    });
  });

  it.each(FORMS)(
    'PostgreSQL (%s): in the database it names, each question runs with psql -f and answers for that table',
    async (form) => {
      const database = await withPostgres(
        async (c) => (await c.query<{ d: string }>('SELECT current_database() AS d')).rows[0]?.d as string,
      );
      const traits = traitsIn(database, 'postgresql', form);
      const printed = printedFor(traits);
      expect(printed.questions.length).toBeGreaterThan(0);
      const questions = printed.questions.map((x) => x.query).join('\n');
      const run = await psqlFile(questions, q(S));
      expect(run.failed, run.stderr).toBe(false);
      // Pasted inside a transaction the user has open: they answer, and commit nothing of it.
      const theirs = `${q(S)}.${q(`qm_open_${form}`)}`;
      const inside = await psqlFile(`BEGIN;\nCREATE TABLE ${theirs} (x int);\n${questions}\nROLLBACK;`, q(S));
      expect(inside.failed, inside.stderr).toBe(false);
      expect(inside.stderr).not.toMatch(/WARNING|ERROR/);
      expect(inside.stdout).toMatch(/\(\d+ rows?\)/);
      await withPostgres(async (c) =>
        expect((await c.query('SELECT to_regclass($1) AS r', [theirs])).rows[0]?.r).toBeNull(),
      );
      await withPostgres(async (c) => {
        for (const question of printed.questions)
          expectAnswerOf(question.path, selected(await c.query(question.query))[0] ?? [], [
            'id',
            'total',
            'updated_at',
          ]);
      });
    },
  );

  it('MySQL and MariaDB: no statement for a three-part name, hostile or not; the advice says why in words', () => {
    for (const database of ['shop', ...hostile(50)]) {
      const printed = printedFor(traitsIn(database, 'mysql'));
      expect(printed.remedies, database).toEqual([]);
      expect(printed.questions, database).toEqual([]);
      expect(printed.words.join('\n')).toContain('not a qualified name of MySQL/MariaDB');
    }
  });
});

/**
 * Two databases of this run, with the same schema and tables: a plain name, and one with quotes,
 * a backslash, `$$` and the guard's own dollar tag, a newline, mixed case, a bidi control and
 * psql's variable and percent signs.
 */
const PLAIN_DB = freshName('qm_t');
const HOSTILE_DB = `${freshName('Qm_T')} '"\\$$\n\u202e$qm$:x%`;
const [TABLE_A, TABLE_B] = hostile(3).filter((t) => t !== TABLE) as [string, string];

/** A table of the two databases, with the traits whose remedies are every kind a PostgreSQL table gets. */
interface TwinShape {
  readonly table: string;
  readonly create: (schema: string) => string;
  readonly traits: (database: string, form: Form) => TableTraits;
}

const twin = (table: string, withUpdatedAt: boolean): TwinShape => ({
  table,
  create: (schema) =>
    `CREATE TABLE ${q(schema)}.${q(table)} (id serial, sensor int NOT NULL${withUpdatedAt ? ', updated_at timestamptz' : ''}, PRIMARY KEY (id, sensor)); INSERT INTO ${q(schema)}.${q(table)} (sensor${withUpdatedAt ? ', updated_at' : ''}) VALUES (1${withUpdatedAt ? ', now()' : ''});`,
  // Not readable by `qm_reader` (a grant), `id` auto-increment but not unique alone (a unique
  // index); with `updated_at` nullable and kept by no trigger (a trigger, NOT NULL, a new identity
  // column), without it a new `updated_at`.
  traits: (database, form) => ({
    ...located(database, table, form, SCHEMAS[form]),
    source: 'postgresql',
    readable: false,
    reader: 'qm_reader',
    columns: [
      {
        name: 'id',
        type: 'integer',
        nullable: false,
        primary_key: true,
        auto_increment: true,
        unique: false,
      },
      { name: 'sensor', type: 'integer', nullable: false, primary_key: true },
      ...(withUpdatedAt
        ? [{ name: 'updated_at', type: 'timestamptz', nullable: true, set_on_update: false }]
        : []),
    ],
  }),
});

const TWINS = [twin(TABLE_A, true), twin(TABLE_B, false)];

/** The schema of each form's tables: each form's remedies run on tables of their own. */
const SCHEMAS: Record<Form, string> = { named: S, recorded: freshName('qm_r') };

/** A table of the recorded form's schema as `inspect` names it: a part quoted only where it must be. */
const inspectedName = (table: string): string =>
  `${SCHEMAS.recorded}.${/^[a-z_][a-z0-9_]*$/.test(table) ? table : q(table)}`;

/** What `inspect` wrote for the tables of each database. */
const INSPECTED = new Map<string, readonly TableTraits[]>();

/** The database `inspect` recorded for the tables of `database` (each one's the same). */
const recordedIn = (database: string): string => {
  const recorded = new Set((INSPECTED.get(database) ?? []).map((t) => t.database));
  expect(recorded.size, database).toBe(1);
  return [...recorded][0] as string;
};

/** What a statement may change in a database: the schema's catalog entries, its and its tables' privileges, the rows. */
const stateOf = (database: string, schema: string): Promise<unknown> =>
  withPostgres(async (c) => {
    const acl = await c.query(
      `SELECT n.nspacl::text AS schema, c.relname, c.relacl::text AS acl FROM pg_namespace AS n LEFT JOIN pg_class AS c ON c.relnamespace = n.oid WHERE n.nspname = $1 ORDER BY c.relname`,
      [schema],
    );
    const rows = [];
    for (const t of TWINS)
      rows.push(
        (await c.query(`SELECT to_jsonb(t) AS r FROM ${q(schema)}.${q(t.table)} AS t ORDER BY id`)).rows,
      );
    return { catalog: await catalogSnapshot(c, [schema]), acl: acl.rows, rows };
  }, database);

/** A name as `quote_ident` writes it (the guard's error names the databases so). */
const quoteIdent = (name: string): string => (/^[a-z_][a-z0-9_$]*$/.test(name) ? name : q(name));

/** The words of the guard's error, run in `wrong` for a table of `database`. */
const stopWords = (wrong: string, database: string): string =>
  `connected to database ${quoteIdent(wrong)}, this is for database ${quoteIdent(database)}: connect to ${quoteIdent(database)} and run it again`;

/** The error of a remedy's guard (a DO block), run in `wrong` for a table of `database`. */
const refusal = (wrong: string, database: string): string => `ERROR:  ${stopWords(wrong, database)}`;

/** The error of a question's query (its guard fails a cast with the words), run in `wrong` for a table of `database`. */
const queryRefusal = (wrong: string, database: string): string =>
  `ERROR:  invalid input syntax for type boolean: "${stopWords(wrong, database)}"`;

/** The queries of the questions' text `text`: each stops itself in another database. */
const queriesIn = (text: string): number =>
  text.split(') AS q WHERE CASE WHEN current_database() = ').length - 1;

describe('PostgreSQL: a table given with its database, the same table in another database', () => {
  beforeAll(async () => {
    await withPostgres(async (c) => {
      for (const database of [PLAIN_DB, HOSTILE_DB]) await c.query(`CREATE DATABASE ${q(database)}`);
    });
    for (const database of [PLAIN_DB, HOSTILE_DB])
      await withPostgres(async (c) => {
        for (const schema of Object.values(SCHEMAS))
          await c.query(`CREATE SCHEMA ${q(schema)}; ${TWINS.map((t) => t.create(schema)).join(' ')}`);
        // The catalog client of `inspect` on this connection (withPostgres closes it).
        const client: CatalogClient = {
          query: async (sql, params) => (await c.query(sql, params as unknown[])).rows,
          close: async () => undefined,
        };
        const report = await inspectClient(client, 'postgresql', { schemas: [SCHEMAS.recorded] });
        if (!report.ok) throw new Error(JSON.stringify(report.issues));
        INSPECTED.set(database, report.value.tables);
      }, database);
  });

  // One statement each: DROP DATABASE cannot run in the transaction of a multi-statement query.
  afterAll(() =>
    withPostgres(async (c) => {
      for (const database of [PLAIN_DB, HOSTILE_DB])
        await c.query(`DROP DATABASE IF EXISTS ${q(database)} WITH (FORCE)`);
    }),
  );

  it('inspect records the database it read, exactly as spelt, beside two-part names', () => {
    for (const database of [PLAIN_DB, HOSTILE_DB]) {
      const tables = INSPECTED.get(database) ?? [];
      expect(tables.map((t) => [t.table, t.database]).sort()).toEqual(
        TWINS.map((t) => [inspectedName(t.table), database]).sort(),
      );
    }
  });

  it.each(
    FORMS.flatMap((form) => [
      [form, JSON.stringify(HOSTILE_DB), HOSTILE_DB, PLAIN_DB] as const,
      [form, JSON.stringify(PLAIN_DB), PLAIN_DB, HOSTILE_DB] as const,
    ]),
  )(
    '%s, for database %s: each text fails in the other, changing nothing there, and does what it says in its own, the second run changing nothing',
    async (form, _shown, database, wrong) => {
      const kinds = new Set<string>();
      const schema = SCHEMAS[form];
      for (const shape of TWINS) {
        // Recorded: the name and database as inspect wrote them.
        const traits =
          form === 'named'
            ? shape.traits(database, form)
            : { ...shape.traits(recordedIn(database), form), table: inspectedName(shape.table) };
        const printed = printedFor(traits);
        const columns = (traits.columns ?? []).map((c) => c.name);
        // Questions, one file of them as a user runs it: each query refused in the other database,
        // without a row of its answer; answered in their own.
        const questions = printed.questions.map((x) => x.query).join('\n');
        expect(queriesIn(questions)).toBeGreaterThan(printed.questions.length);
        const refused = await psqlFile(questions, q(schema), wrong);
        expect(refused.stderr.split(queryRefusal(wrong, database)).length - 1, refused.stderr).toBe(
          queriesIn(questions),
        );
        expect(refused.stdout).not.toMatch(/\(\d+ rows?\)/);
        const asked = await psqlFile(questions, q(schema), database);
        expect(asked.failed, asked.stderr).toBe(false);
        expect(asked.stdout).toMatch(/\(\d+ rows?\)/);
        await withPostgres(async (c) => {
          for (const question of printed.questions)
            expectAnswerOf(question.path, selected(await c.query(question.query))[0] ?? [], columns);
        }, database);
        // Remedies: each refused in the other database, then run twice in its own.
        const catalogOf = () => withPostgres((c) => catalogSnapshot(c, [schema]), database);
        const before = await catalogOf();
        const applied: PrintedRemedy[] = [];
        for (const remedy of printed.remedies) {
          const wrongBefore = await stateOf(wrong, schema);
          const refused = await psqlFile(remedy.sql, q(schema), wrong);
          expect(refused.stderr, remedy.sql).toContain(refusal(wrong, database));
          expect(await stateOf(wrong, schema), remedy.sql).toEqual(wrongBefore);
          const unchanged = await stateOf(database, schema);
          // Pasted inside a transaction the user has open, which they roll back: part of their
          // transaction, it commits nothing of theirs, and their rollback takes it back too.
          const theirs = `${q(schema)}.${q('qm_open_remedy')}`;
          const inside = await psqlFile(
            `BEGIN;\nCREATE TABLE ${theirs} (x int);\n${remedy.sql}\nROLLBACK;`,
            q(schema),
            database,
          );
          expect(inside.failed, `${remedy.sql}\n${inside.stderr}`).toBe(false);
          expect(inside.stderr, remedy.sql).not.toMatch(/WARNING|ERROR/);
          expect(await stateOf(database, schema), remedy.sql).toEqual(unchanged);
          const first = await psqlFile(remedy.sql, q(schema), database);
          expect(first.failed, `${remedy.sql}\n${first.stderr}`).toBe(false);
          const once = await stateOf(database, schema);
          expect(once, remedy.sql).not.toEqual(unchanged);
          const second = await psqlFile(remedy.sql, q(schema), database);
          expect(second.failed, `${remedy.sql}\n${second.stderr}`).toBe(false);
          expect(await stateOf(database, schema), remedy.sql).toEqual(once);
          applied.push(remedy);
          for (const kind of [
            'CREATE TRIGGER',
            'timestamptz NOT NULL DEFAULT now()',
            'AS IDENTITY',
            'SET NOT NULL',
            'CREATE UNIQUE INDEX',
            'GRANT SELECT',
          ])
            if (remedy.sql.includes(kind)) kinds.add(kind);
        }
        // In its own database, the table gained only what the remedies name.
        const oid = await withPostgres(
          async (c) =>
            Number(
              (await c.query('SELECT $1::regclass::oid::int AS oid', [`${q(schema)}.${q(shape.table)}`]))
                .rows[0]?.oid,
            ),
          database,
        );
        expect(definitionHarm(before, await catalogOf(), oid, columns, applied, quoteIdent)).toEqual([]);
      }
      // Every kind of remedy PostgreSQL is written was run.
      expect(kinds.size).toBe(6);
    },
    600_000,
  );
});
