/**
 * `EXECUTE FUNCTION moddatetime(col)`, the contrib function many hosted PostgreSQL users keep
 * `updated_at` with (created in database qm_test by `bash scripts/setup.sh --databases`): read as
 * setting that column on every update, on the PostgreSQL test server.
 */
import type { TableTraits } from '@querymode/core';
import { inspectDatabase, parseDatabaseUrl } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshName, PG_URL, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
let tables: readonly TableTraits[] = [];
const column = (table: string, name: string) =>
  tables.find((t) => t.table === `${schema}.${table}`)?.columns?.find((c) => c.name === name);

beforeAll(async () => {
  const s = `"${schema}"`;
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA ${s};
      CREATE TABLE ${s}.plain (id bigint PRIMARY KEY, "Modified At" timestamptz NOT NULL DEFAULT now(), created_at timestamptz NOT NULL DEFAULT now());
      CREATE TRIGGER mdt BEFORE UPDATE ON ${s}.plain FOR EACH ROW EXECUTE FUNCTION public.moddatetime("Modified At");
      -- Only when some columns are in the UPDATE: not on every update.
      CREATE TABLE ${s}.some_columns (id bigint PRIMARY KEY, n int, updated_at timestamptz NOT NULL DEFAULT now());
      CREATE TRIGGER mdt BEFORE UPDATE OF n ON ${s}.some_columns FOR EACH ROW EXECUTE FUNCTION public.moddatetime(updated_at);`),
  );
  const target = parseDatabaseUrl(PG_URL);
  if (!target.ok) throw new Error('no target');
  const r = await inspectDatabase(target.value, { schemas: [schema] });
  if (!r.ok) throw new Error(r.issues[0]?.message);
  tables = r.value.tables;
});
afterAll(async () => {
  await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
});

describe('moddatetime', () => {
  it('sets the column its trigger names on every update, and no other', () => {
    expect(column('plain', 'Modified At')?.set_on_update).toBe(true);
    expect(column('plain', 'created_at')?.set_on_update).toBe(false);
  });

  it('with UPDATE OF, does not set it on every update', () => {
    expect(column('some_columns', 'updated_at')?.set_on_update).toBe(false);
  });
});
