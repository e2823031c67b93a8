/**
 * MariaDB tables whose names differ only in case or by `ß`/`s`, which `information_schema`'s
 * collation sorts as equals, so that the catalog's rows of their columns come interleaved: each
 * table is read with its own columns, in order.
 */
import { inspectDatabase, parseDatabaseUrl } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from './support/lookup.js';
import { freshName, MYSQL_URL, withMysql } from './support/servers.js';

const db = freshName('qm_t');
/** Each table and its columns, in order. */
const TABLES: Record<string, string[]> = {
  Ab: ['a1', 'a2', 'a3'],
  aB: ['b1', 'b2'],
  ab: ['c1', 'c2', 'c3', 'c4'],
  aßx: ['d1', 'd2'],
  asx: ['e1'],
};

beforeAll(async () => {
  await withMysql(async (c) => {
    await c.query(`CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4`);
    for (const [name, columns] of Object.entries(TABLES))
      await c.query(
        `CREATE TABLE \`${db}\`.\`${name}\` (${columns.map((col) => `${col} INT`).join(', ')}) ENGINE = InnoDB`,
      );
  });
});

afterAll(async () => {
  await withMysql((c) => c.query(`DROP DATABASE IF EXISTS \`${db}\``));
});

describe('inspect on MariaDB, names equal but for case', () => {
  it('reads each table with its own columns, in order', async () => {
    const target = parseDatabaseUrl(MYSQL_URL);
    if (!target.ok) throw new Error(target.issues[0]?.message);
    const result = await inspectDatabase(target.value, { schemas: [db] });
    if (!result.ok) throw new Error(result.issues[0]?.message);
    expect(result.value.tables).toHaveLength(Object.keys(TABLES).length);
    for (const [name, columns] of Object.entries(TABLES))
      expect(tableOf(result.value, `${db}.${name}`).columns?.map((c) => c.name)).toEqual(columns);
  });
});
