/**
 * A table given with its database (`database.schema.table`), on the test servers. PostgreSQL
 * statements cannot name another database: each printed text starts with a comment line that says
 * which one to run it in, one line of printable ASCII whatever the name (a newline or a bidi
 * control in it cannot end or reorder the comment), whose quoted name PostgreSQL reads back as
 * that very database's name; the statements then run in it and answer for that table. MySQL and
 * MariaDB, whose databases are their schemas, get no statement for a three-part name: the advice
 * says why, in words.
 */
import type { TableTraits } from '@querymode/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_RUNS, hostileName } from '../../../../test/support/hostile-names.js';
import { printedFor } from '../support/printed.js';
import { expectAnswerOf } from '../support/remedy-proof.js';
import { psqlFile } from '../support/run-client.js';
import { freshName, withPostgres } from '../support/servers.js';

const S = freshName('qm_t');
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const HEADER =
  /^-- Run in database (.+) \(connect to it first\): PostgreSQL statements cannot name another database\.\n/;

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

/** The traits of the table, given with `database` before its schema. */
const traitsIn = (database: string, source: 'postgresql' | 'mysql'): TableTraits => ({
  table:
    source === 'postgresql'
      ? `${q(database)}.${q(S)}.${q(TABLE)}`
      : `\`${database.replaceAll('`', '``')}\`.\`${S}\`.\`${TABLE.replaceAll('`', '``')}\``,
  source,
  columns: [{ name: 'id' }, { name: 'total', type: 'numeric' }, { name: 'updated_at', type: 'timestamptz' }],
});

describe('a table given with its database', () => {
  it('PostgreSQL: every printed text starts with one printable line naming the database, which PostgreSQL reads back as that name', async () => {
    const names = hostile(HOSTILE_RUNS);
    await withPostgres(async (c) => {
      for (const database of names) {
        const printed = printedFor(traitsIn(database, 'postgresql'));
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

  it('PostgreSQL: in the database it names, each question runs with psql -f and answers for that table', async () => {
    const database = await withPostgres(
      async (c) => (await c.query<{ d: string }>('SELECT current_database() AS d')).rows[0]?.d as string,
    );
    const traits = traitsIn(database, 'postgresql');
    const printed = printedFor(traits);
    expect(printed.questions.length).toBeGreaterThan(0);
    const run = await psqlFile(printed.questions.map((x) => x.query).join('\n'), q(S));
    expect(run.failed, run.stderr).toBe(false);
    await withPostgres(async (c) => {
      for (const question of printed.questions) {
        const results = await c.query(question.query);
        const sets = (Array.isArray(results) ? results : [results]) as { rows: Record<string, unknown>[] }[];
        expectAnswerOf(question.path, sets[0]?.rows ?? [], ['id', 'total', 'updated_at']);
      }
    });
  });

  it('MySQL and MariaDB: no statement for a three-part name, hostile or not; the advice says why in words', () => {
    for (const database of ['shop', ...hostile(50)]) {
      const printed = printedFor(traitsIn(database, 'mysql'));
      expect(printed.remedies, database).toEqual([]);
      expect(printed.questions, database).toEqual([]);
      expect(printed.words.join('\n')).toContain('not a qualified name of MySQL/MariaDB');
    }
  });
});
