/**
 * The shapes of issue 36's safety items 1-3 end to end, as a user runs them on the test servers:
 * `querymode inspect URL | (rows and changes given) | querymode recommend --ndjson`. A column whose
 * update a trigger undoes, or whose trigger does not fire, is never recommended as the timestamp of
 * a mode; a column of a domain over timestamptz or bigint is one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropFresh,
  freshName,
  MYSQL_URL,
  PG_URL,
  withMysql,
  withPostgres,
} from '../../packages/introspect/test/support/servers.js';
import { runCli } from './run-cli.js';

const schema = freshName('qm_t');
const db = freshName('qm_t');

/** `inspect URL --schema S`, each record given 6,000,000 rows and inserts and updates, then `recommend --ndjson`. */
function recommend(url: string, name: string): Map<string, { mode: string | null; status: string }> {
  const inspected = runCli(['inspect', url, '--schema', name]);
  expect(inspected.status, inspected.stderr).toBe(0);
  const input = inspected.stdout
    .trim()
    .split('\n')
    .map((line) =>
      JSON.stringify({ ...JSON.parse(line), rows: 6_000_000, changes: { inserts: 'yes', updates: 'yes' } }),
    )
    .join('\n');
  const r = runCli(['recommend', '--ndjson'], { input });
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { table: string; mode: string | null; status: string });
  return new Map(lines.map((l) => [l.table, l]));
}

beforeAll(async () => {
  const s = `"${schema}"`;
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA ${s};
      CREATE FUNCTION ${s}.touch() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN NEW.update_time := now(); RETURN NEW; END $f$;
      CREATE TABLE ${s}.replica (id bigserial PRIMARY KEY, n int, update_time timestamptz NOT NULL DEFAULT now());
      CREATE TRIGGER t_upd BEFORE UPDATE ON ${s}.replica FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
      ALTER TABLE ${s}.replica ENABLE REPLICA TRIGGER t_upd;
      CREATE DOMAIN ${s}.ts_utc AS timestamptz;
      CREATE DOMAIN ${s}.big_id AS bigint;
      CREATE FUNCTION ${s}.touch_updated() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN NEW.updated_at := now(); RETURN NEW; END $f$;
      CREATE SEQUENCE ${s}.domains_id;
      CREATE TABLE ${s}.domains (id ${s}.big_id PRIMARY KEY DEFAULT nextval('${s}.domains_id'), n int, updated_at ${s}.ts_utc NOT NULL DEFAULT now());
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}.domains FOR EACH ROW EXECUTE FUNCTION ${s}.touch_updated();`),
  );
  await withMysql(async (c) => {
    await c.query(`CREATE DATABASE \`${db}\``);
    await c.query(
      `CREATE TABLE \`${db}\`.m4 (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, n int, upd timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP)`,
    );
    await c.query(
      `CREATE TRIGGER \`${db}\`.m4_keep BEFORE UPDATE ON \`${db}\`.m4 FOR EACH ROW SET NEW.upd = OLD.upd`,
    );
  });
}, 60_000);

afterAll(() => dropFresh(schema, db));

describe('inspect | recommend on the unsafe shapes of issue 36', () => {
  it('MariaDB: ON UPDATE undone by a BEFORE UPDATE trigger (SET NEW.upd = OLD.upd) is no timestamp', () => {
    const m4 = recommend(MYSQL_URL, db).get(`${db}.m4`);
    expect(m4?.mode).not.toBe('timestamp+incrementing');
    expect(m4?.mode).not.toBe('timestamp');
  });

  it('PostgreSQL: a trigger made ENABLE REPLICA does not set the column; a domain over timestamptz does', () => {
    const modes = recommend(PG_URL, schema);
    expect(modes.get(`${schema}.replica`)?.mode).not.toBe('timestamp+incrementing');
    expect(modes.get(`${schema}.replica`)?.mode).not.toBe('timestamp');
    expect(modes.get(`${schema}.domains`)).toMatchObject({ mode: 'timestamp+incrementing' });
  });
});
