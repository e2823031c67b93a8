/**
 * Common patterns of update-timestamp triggers, on the test servers, read conservatively: a WHEN
 * condition over a column list that covers every other column counts as set on every update that
 * changes the row (the same as `OLD.* IS DISTINCT FROM NEW.*`); a list that leaves a column out, or
 * another condition, does not; a fresh time (`now()`, `CURRENT_TIMESTAMP`, `clock_timestamp()`,
 * `statement_timestamp()`, MySQL's `NOW(6)`, `CURRENT_TIMESTAMP(6)`, `UTC_TIMESTAMP(6)`, ...) in
 * every branch of a CASE sets the column; a branch without one does not.
 */
import { recommend, type TableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf, inspectUrl, tableOf } from './support/lookup.js';
import { dropFresh, freshName, MYSQL_URL, PG_URL, withMysql, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
const db = freshName('qm_t');
let pg: InspectReport;
let maria: InspectReport;

const setOnUpdate = (report: InspectReport, qualified: string, column = 't') =>
  columnOf(tableOf(report, qualified), column).set_on_update;

beforeAll(async () => {
  const s = `"${schema}"`;
  const table = (name: string) =>
    `CREATE TABLE ${s}.${name} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, a int, "B ""c""" int, t timestamptz NOT NULL DEFAULT now());`;
  const touch = (name: string, when: string) =>
    `CREATE TRIGGER touch BEFORE UPDATE ON ${s}.${name} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${s}.touch();`;
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA ${s};
      CREATE FUNCTION ${s}.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.t := now(); RETURN NEW; END $$;
      ${table('when_row_list')}
      ${touch('when_row_list', `(OLD.id, OLD.a, OLD."B ""c""") IS DISTINCT FROM (NEW.id, NEW.a, NEW."B ""c""")`)}
      ${table('when_or_list')}
      ${touch('when_or_list', `NEW.a IS DISTINCT FROM OLD.a OR OLD."B ""c""" IS DISTINCT FROM NEW."B ""c""" OR OLD.id IS DISTINCT FROM NEW.id`)}
      ${table('when_list_with_t')}
      ${touch('when_list_with_t', `ROW(OLD.id, OLD.a, OLD."B ""c""", OLD.t) IS DISTINCT FROM ROW(NEW.id, NEW.a, NEW."B ""c""", NEW.t)`)}
      ${table('when_list_short')}
      ${touch('when_list_short', 'OLD.a IS DISTINCT FROM NEW.a OR OLD.id IS DISTINCT FROM NEW.id')}
      ${table('when_other_condition')}
      ${touch('when_other_condition', `OLD.a IS DISTINCT FROM NEW.a OR OLD."B ""c""" IS DISTINCT FROM NEW."B ""c""" OR OLD.id <> NEW.id`)}
      ${table('when_crossed')}
      ${touch('when_crossed', `(OLD.id, OLD.a, OLD."B ""c""") IS DISTINCT FROM (NEW.id, NEW."B ""c""", NEW.a)`)}
      CREATE FUNCTION ${s}.case_every() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        CASE WHEN NEW.a > 0 THEN NEW.t := CURRENT_TIMESTAMP;
             WHEN NEW.a < 0 THEN NEW.t := clock_timestamp();
             WHEN NEW.a IS NULL THEN NEW.t := statement_timestamp();
             ELSE NEW.t := now();
        END CASE;
        RETURN NEW; END $$;
      CREATE FUNCTION ${s}.case_one_stale() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        CASE NEW.a WHEN 1 THEN NEW.t := CURRENT_TIMESTAMP; ELSE NEW.a := 0; END CASE;
        RETURN NEW; END $$;
      ${table('case_every')}
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}.case_every FOR EACH ROW EXECUTE FUNCTION ${s}.case_every();
      ${table('case_one_stale')}
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}.case_one_stale FOR EACH ROW EXECUTE FUNCTION ${s}.case_one_stale();`),
  );
  const d = `\`${db}\``;
  const myTable = (name: string) =>
    `CREATE TABLE ${d}.${name} (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT, t DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)) ENGINE = InnoDB;`;
  await withMysql((c) =>
    c.query(`CREATE DATABASE ${d};
      ${myTable('case_every')}
      CREATE TRIGGER ${d}.case_every_touch BEFORE UPDATE ON ${d}.case_every FOR EACH ROW
      BEGIN
        CASE NEW.a WHEN 1 THEN SET NEW.t = NOW(6);
                   WHEN 2 THEN SET NEW.t = CURRENT_TIMESTAMP(6);
                   WHEN 3 THEN SET NEW.t = SYSDATE(6);
                   ELSE SET NEW.t = UTC_TIMESTAMP(6);
        END CASE;
      END;
      ${myTable('case_no_else')}
      CREATE TRIGGER ${d}.case_no_else_touch BEFORE UPDATE ON ${d}.case_no_else FOR EACH ROW
      BEGIN
        CASE WHEN NEW.a > 0 THEN SET NEW.t = LOCALTIMESTAMP(6); WHEN NEW.a <= 0 THEN SET NEW.t = NOW(6); END CASE;
      END;
      ${myTable('case_one_stale')}
      CREATE TRIGGER ${d}.case_one_stale_touch BEFORE UPDATE ON ${d}.case_one_stale FOR EACH ROW
      BEGIN
        CASE NEW.a WHEN 1 THEN SET NEW.t = NOW(6); ELSE SET NEW.a = 0; END CASE;
      END;`),
  );
  pg = await inspectUrl(PG_URL, { schemas: [schema] });
  maria = await inspectUrl(MYSQL_URL, { schemas: [db] });
}, 60_000);

afterAll(() => dropFresh(schema, db));

describe('PostgreSQL WHEN over a column list', () => {
  it('covering every other column (a row list, or OR of IS DISTINCT FROM) counts as set on every update that changes the row', () => {
    expect(setOnUpdate(pg, `${schema}.when_row_list`)).toBe(true);
    expect(setOnUpdate(pg, `${schema}.when_or_list`)).toBe(true);
    expect(setOnUpdate(pg, `${schema}.when_list_with_t`)).toBe(true);
  });
  it('leaving a column out, comparing another way, or pairing different columns: set on some updates only', () => {
    for (const name of ['when_list_short', 'when_other_condition', 'when_crossed'])
      expect(setOnUpdate(pg, `${schema}.${name}`), name).toBe(false);
  });
  it('lets the advisor recommend a large table where it asked before', () => {
    const t: TableTraits = {
      ...tableOf(pg, `${schema}.when_or_list`),
      rows: 6_000_000,
      pipeline_mode: 'table',
      changes: { inserts: 'yes', updates: 'yes', deletes: 'no' },
    };
    const r = recommend(t, {});
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect([r.value.status, r.value.chosen]).toEqual(['recommended', 'timestamp+incrementing']);
  });
});

describe('a fresh time in every branch of CASE', () => {
  it('PostgreSQL: CURRENT_TIMESTAMP, clock_timestamp(), statement_timestamp(), now() in every branch set it; a branch without does not', () => {
    expect(setOnUpdate(pg, `${schema}.case_every`)).toBe(true);
    expect(setOnUpdate(pg, `${schema}.case_one_stale`)).toBe(false);
  });
  it('MariaDB: NOW(6), CURRENT_TIMESTAMP(6), SYSDATE(6), UTC_TIMESTAMP(6), LOCALTIMESTAMP(6) in every branch (a CASE without ELSE raises when none matches) set it; a branch without does not', () => {
    expect(setOnUpdate(maria, `${db}.case_every`)).toBe(true);
    expect(setOnUpdate(maria, `${db}.case_no_else`)).toBe(true);
    expect(setOnUpdate(maria, `${db}.case_one_stale`)).toBe(false);
  });
});
