/**
 * PostgreSQL trigger firing states (`pg_trigger.tgenabled`), on the test server: a trigger in
 * state `O` (ENABLE, the default) or `A` (ENABLE ALWAYS) fires in the sessions of the service's
 * reader and of an ordinary application; one in state `R` (ENABLE REPLICA) fires only where
 * `session_replication_role` is `replica`, and `D` (DISABLE) never: neither counts as setting a
 * column or rejecting a statement, and a note says which trigger was left out and why.
 */
import type { TableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectUrl, tableOf } from './support/lookup.js';
import { freshName, PG_URL, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
/** A trigger name with a quote, a backslash, `$$`, a newline and a bidi control. */
const HOSTILE = 'Upd "t"\\$$\n\u202e';
const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
let report: InspectReport;

const table = (name: string): TableTraits => tableOf(report, `${schema}.${name}`);
const updatedAt = (name: string) => table(name).columns?.find((c) => c.name === 'updated_at')?.set_on_update;
const notes = (name: string) => table(name).notes?.join(' ') ?? '';

beforeAll(async () => {
  const s = id(schema);
  /** A table `name` whose trigger `trigger` sets updated_at, then `ALTER TABLE ... <state> TRIGGER`. */
  const touched = (name: string, state: string, trigger = 't_upd') => `
      CREATE TABLE ${s}.${name} (id bigint PRIMARY KEY, n int, updated_at timestamptz NOT NULL DEFAULT now());
      CREATE TRIGGER ${id(trigger)} BEFORE UPDATE ON ${s}.${name} FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
      ${state === '' ? '' : `ALTER TABLE ${s}.${name} ${state} TRIGGER ${id(trigger)};`}`;
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA ${s};
      CREATE FUNCTION ${s}.touch() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN NEW.updated_at := now(); RETURN NEW; END $f$;
      CREATE FUNCTION ${s}.refuse() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN RAISE EXCEPTION 'no updates'; END $f$;
      ${touched('origin', '')}
      ${touched('always', 'ENABLE ALWAYS')}
      ${touched('replica', 'ENABLE REPLICA')}
      ${touched('disabled', 'DISABLE')}
      ${touched('hostile', 'ENABLE REPLICA', HOSTILE)}
      CREATE TABLE ${s}.refused_in_replica (id bigint PRIMARY KEY, n int);
      CREATE TRIGGER no_update BEFORE UPDATE ON ${s}.refused_in_replica FOR EACH ROW EXECUTE FUNCTION ${s}.refuse();
      ALTER TABLE ${s}.refused_in_replica ENABLE REPLICA TRIGGER no_update;`),
  );
  report = await inspectUrl(PG_URL, { schemas: [schema] });
}, 60_000);

afterAll(async () => {
  await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${id(schema)} CASCADE`));
});

describe('PostgreSQL trigger firing states (tgenabled)', () => {
  it('O (ENABLE) and A (ENABLE ALWAYS) fire: the trigger sets the column on every update', () => {
    expect(updatedAt('origin')).toBe(true);
    expect(updatedAt('always')).toBe(true);
    expect(notes('always')).not.toMatch(/does not fire/);
  });

  it('R (ENABLE REPLICA) and D (DISABLE) do not: the column is not set, and a note says why', () => {
    expect(updatedAt('replica')).toBe(false);
    expect(notes('replica')).toMatch(
      /Trigger `t_upd` is enabled for replica sessions only \(ENABLE REPLICA\): it fires only where session_replication_role is replica, not in the sessions of the service's reader nor an application's ordinary ones, so it is not read\./,
    );
    expect(updatedAt('disabled')).toBe(false);
    expect(notes('disabled')).toMatch(
      /Trigger `t_upd` is disabled \(DISABLE TRIGGER\): it never fires, so it is not read\./,
    );
    expect(updatedAt('hostile')).toBe(false);
    // Shown escaped: the backslash doubled, the newline and the bidi control written out.
    expect(notes('hostile')).toContain(
      'Trigger `Upd "t"\\\\$$\\n\\u202e` is enabled for replica sessions only',
    );
  });

  it('a rejecting trigger that does not fire rejects nothing', () => {
    expect(table('refused_in_replica').changes?.updates).not.toBe('no');
  });
});
