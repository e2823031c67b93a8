/**
 * Several row triggers of one event and timing, read in the order the database fires them
 * (PostgreSQL: by name; MariaDB: ACTION_ORDER, set by FOLLOWS / PRECEDES), on the test servers: the
 * last one that may assign a column decides it, and the trait and the note agree.
 */
import type { TableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectUrl, tableOf } from './support/lookup.js';
import { dropFresh, freshName, MYSQL_URL, PG_URL, withMysql, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
const db = freshName('qm_t');
let pg: InspectReport;
let maria: InspectReport;

const inspect = (url: string, schemas: string[]) => inspectUrl(url, { schemas });
const table = tableOf;
const updatedAt = (t: TableTraits) => t.columns?.find((c) => c.name === 'updated_at');

beforeAll(async () => {
  const s = `"${schema}"`;
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA ${s};
      CREATE FUNCTION ${s}.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at := now(); RETURN NEW; END $$;
      CREATE FUNCTION ${s}.client() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at = COALESCE(NEW.client_ts, NEW.updated_at); RETURN NEW; END $$;
      -- a_touch fires first, then z_client overwrites with a value from the row.
      CREATE TABLE ${s}.overwritten (id bigint PRIMARY KEY, client_ts timestamptz, updated_at timestamptz NOT NULL DEFAULT now());
      CREATE TRIGGER a_touch BEFORE UPDATE ON ${s}.overwritten FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
      CREATE TRIGGER z_client BEFORE UPDATE ON ${s}.overwritten FOR EACH ROW EXECUTE FUNCTION ${s}.client();
      -- The same two, the other way round: the fresh time comes last.
      CREATE TABLE ${s}.touched_last (id bigint PRIMARY KEY, client_ts timestamptz, updated_at timestamptz NOT NULL DEFAULT now());
      CREATE TRIGGER a_client BEFORE UPDATE ON ${s}.touched_last FOR EACH ROW EXECUTE FUNCTION ${s}.client();
      CREATE TRIGGER z_touch BEFORE UPDATE ON ${s}.touched_last FOR EACH ROW EXECUTE FUNCTION ${s}.touch();`),
  );
  await withMysql((c) =>
    c.query(`CREATE DATABASE \`${db}\`;
      CREATE TABLE \`${db}\`.overwritten (id bigint PRIMARY KEY, client_ts datetime(6) NULL, updated_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6));
      CREATE TRIGGER \`${db}\`.touch BEFORE UPDATE ON \`${db}\`.overwritten FOR EACH ROW SET NEW.updated_at = CURRENT_TIMESTAMP(6);
      CREATE TRIGGER \`${db}\`.client BEFORE UPDATE ON \`${db}\`.overwritten FOR EACH ROW FOLLOWS touch SET NEW.updated_at = COALESCE(NEW.client_ts, NEW.updated_at);
      CREATE TABLE \`${db}\`.touched_last (id bigint PRIMARY KEY, client_ts datetime(6) NULL, updated_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6));
      CREATE TRIGGER \`${db}\`.touch2 BEFORE UPDATE ON \`${db}\`.touched_last FOR EACH ROW SET NEW.updated_at = CURRENT_TIMESTAMP(6);
      CREATE TRIGGER \`${db}\`.client2 BEFORE UPDATE ON \`${db}\`.touched_last FOR EACH ROW PRECEDES touch2 SET NEW.updated_at = COALESCE(NEW.client_ts, NEW.updated_at);`),
  );
  pg = await inspect(PG_URL, [schema]);
  maria = await inspect(MYSQL_URL, [db]);
}, 60_000);

afterAll(() => dropFresh(schema, db));

describe('row triggers read in firing order', () => {
  it('PostgreSQL (by name): a later trigger that assigns a value from the row makes the column unknown', () => {
    const t = table(pg, `${schema}.overwritten`);
    expect(updatedAt(t)?.set_on_update).toBeUndefined();
    expect(t.notes?.join(' ')).toMatch(/set_on_update is unknown for `updated_at`: trigger `z_client`/);
  });

  it('PostgreSQL: a fresh time assigned by the last trigger is set on every update', () => {
    const t = table(pg, `${schema}.touched_last`);
    expect(updatedAt(t)?.set_on_update).toBe(true);
    expect(t.notes?.join(' ') ?? '').not.toMatch(/set_on_update is unknown for `updated_at`/);
  });

  it('MariaDB (ACTION_ORDER, FOLLOWS and PRECEDES): the same two readings', () => {
    const over = table(maria, `${db}.overwritten`);
    expect(updatedAt(over)?.set_on_update).toBeUndefined();
    expect(over.notes?.join(' ')).toMatch(/set_on_update is unknown for `updated_at`: trigger `client`/);
    expect(updatedAt(table(maria, `${db}.touched_last`))?.set_on_update).toBe(true);
  });
});
