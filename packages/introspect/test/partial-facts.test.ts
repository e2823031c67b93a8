/**
 * The shapes of real schemas where the advisor once let a fact it did not know decide, and each
 * trigger idiom the branch-by-branch reader reads, on the real PostgreSQL 15 and MariaDB servers
 * (`bash scripts/setup.sh --databases`): each fixture (fixtures/*-partial-facts.sql) is created in
 * a fresh schema or database, inspected, and its traits given to `recommend` at 6,000,000 rows
 * (too many for `full_load`), as a user would. Then dropped.
 */
import { type ChangeTraits, recommend, type TableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf, inspectUrl, tableOf } from './support/lookup.js';
import { fixture, freshName, MYSQL_URL, PG_URL, withMysql, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
const db = freshName('qm_t');
let pg: InspectReport;
let maria: InspectReport;

const inspect = (url: string, schemas: string[]) => inspectUrl(url, { schemas });

beforeAll(async () => {
  await withPostgres((c) =>
    c.query(fixture('postgres-partial-facts.sql').replaceAll('{{schema}}', `"${schema}"`)),
  );
  await withMysql((c) => c.query(fixture('mariadb-partial-facts.sql').replaceAll('{{db}}', `\`${db}\``)));
  pg = await inspect(PG_URL, [schema]);
  maria = await inspect(MYSQL_URL, [db]);
}, 60_000);

afterAll(async () => {
  await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  await withMysql((c) => c.query(`DROP DATABASE IF EXISTS \`${db}\``));
});

const pgTable = (name: string): TableTraits => tableOf(pg, `${schema}.${name}`);
const mariaTable = (name: string): TableTraits => tableOf(maria, `${db}.${name}`);

/** `recommend` on a table's traits as inspected, declared at 6,000,000 rows, with the changes given. */
function advise(t: TableTraits, changes?: ChangeTraits) {
  const traits: TableTraits = { ...t, rows: 6_000_000, rows_estimate: true };
  if (changes === undefined) delete traits.changes;
  else traits.changes = changes;
  const r = recommend(traits);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

describe('shape 1: an IF in a trigger function', () => {
  it('reads the columns no statement assigns as not set on update, and the bumped one as some updates only', () => {
    const t = pgTable('if_trigger');
    expect(columnOf(t, 'created_at').set_on_update).toBe(false);
    expect(columnOf(t, 'n').set_on_update).toBe(false);
    expect(columnOf(t, 'change_seq').set_on_update).toBe(false);
  });

  it('with inserts known and updates not: needs_facts (is the table updated?), never created_at as the change time', () => {
    const r = advise(pgTable('if_trigger'), { inserts: 'yes' });
    expect(r.status).toBe('needs_facts');
    expect(r.best).toBe('incrementing');
    expect(r.candidates[0]?.toEstablish.map((q) => q.path)).toEqual([['changes', 'updates']]);
    expect(r.candidates[0]?.toEstablish[0]?.query).toMatch(/pg_stat_all_tables|n_tup_upd/);
    const ti = r.candidates.find((c) => c.mode === 'timestamp+incrementing');
    expect(ti?.recommendable).toBe(false);
  });

  it('with updates known: none, and no question the catalog already settles', () => {
    const r = advise(pgTable('if_trigger'), { inserts: 'yes', updates: 'yes' });
    expect(r.status).toBe('none');
    const questions = r.candidates.flatMap((c) => c.toEstablish.map((q) => q.question)).join(' ');
    expect(questions).not.toMatch(/created_at/);
  });
});

describe('shape 2: unknown change kinds are possible', () => {
  it('an application-written updated_at, no observed updates: needs_facts, naming the evidence', () => {
    const t = pgTable('app_updated');
    expect(columnOf(t, 'updated_at').set_on_update).toBe(false);
    const r = advise(t, { inserts: 'yes' });
    expect(r.status).toBe('needs_facts');
    expect(r.chosen).toBeNull();
    expect(r.reasons.join(' ')).toMatch(/Evidence of updates: `updated_at` is named like a last-update time/);
    expect(r.reasons.join(' ')).not.toMatch(/known to miss none/);
  });

  it('no change facts at all: nothing recommended', () => {
    expect(advise(pgTable('app_updated')).status).toBe('needs_facts');
  });
});

describe('shape 3: AUTO_INCREMENT as the database makes it', () => {
  it('AUTO_INCREMENT first in a two-column key accepts an explicit value twice, and is not incrementing', async () => {
    await withMysql(async (c) => {
      await c.query(`INSERT INTO \`${db}\`.snmp_values (id, snmp_id) VALUES (1, 1), (1, 2)`);
      const [rows] = (await c.query(
        `SELECT COUNT(*) AS n FROM \`${db}\`.snmp_values WHERE id = 1`,
      )) as unknown as [{ n: number }[]];
      expect(Number(rows[0]?.n)).toBe(2);
    });
    const t = mariaTable('snmp_values');
    expect(columnOf(t, 'id')).toMatchObject({ auto_increment: true, primary_key: true, unique: false });
    const r = advise(t, { inserts: 'yes', updates: 'no', deletes: 'no' });
    expect(r.status).toBe('none');
    const inc = r.candidates.find((c) => c.mode === 'incrementing');
    expect(inc?.findings.map((f) => f.message).join(' ')).toMatch(
      /`id` is auto-increment but without a primary key or unique constraint of its own/,
    );
  });

  for (const engine of ['myisam', 'aria'])
    it(`AUTO_INCREMENT second in its key (${engine}) numbers each group from 1: known to fail`, async () => {
      await withMysql(async (c) => {
        await c.query(`INSERT INTO \`${db}\`.per_group_${engine} (g) VALUES (1), (2), (1)`);
        const [rows] = (await c.query(
          `SELECT g, id FROM \`${db}\`.per_group_${engine} ORDER BY g, id`,
        )) as unknown as [{ g: number; id: number }[]];
        expect(rows.map((x) => [x.g, x.id])).toEqual([
          [1, 1],
          [1, 2],
          [2, 1],
        ]);
      });
      const t = mariaTable(`per_group_${engine}`);
      expect(t.notes?.join(' ')).toMatch(
        /Column id is AUTO_INCREMENT but not first in the primary key \(g, id\).*per group of g, so its values repeat/,
      );
      const r = advise(t, { inserts: 'yes', updates: 'no', deletes: 'no' });
      expect(r.status).toBe('none');
      expect(r.candidates.find((c) => c.mode === 'incrementing')?.status).toBe('ineligible');
    });
});

describe('shape 4: only temporal columns are times', () => {
  it('inet columns are never the timestamp, and their type is not asked', () => {
    const r = advise(pgTable('ip_seen'), { inserts: 'yes', updates: 'yes' });
    expect(r.status).toBe('none');
    for (const c of r.candidates) {
      expect(JSON.stringify(c.body?.config ?? {})).not.toMatch(/first_ip|last_ip/);
      expect(c.toEstablish.map((q) => q.question).join(' ')).not.toMatch(/data type/);
    }
  });
});

describe('trigger idioms, branch by branch', () => {
  const setOnUpdate = (t: TableTraits) => columnOf(t, 't').set_on_update;

  it('PL/pgSQL: every branch, one branch, none, dynamic, nested IF/CASE, Diesel, a WHEN guard', () => {
    expect(setOnUpdate(pgTable('idiom_every_branch'))).toBe(true);
    expect(setOnUpdate(pgTable('idiom_one_branch'))).toBe(false);
    expect(setOnUpdate(pgTable('idiom_none'))).toBe(false);
    expect(setOnUpdate(pgTable('idiom_dynamic'))).toBeUndefined();
    expect(pgTable('idiom_dynamic').notes?.join(' ')).toMatch(/dynamic SQL/);
    expect(setOnUpdate(pgTable('idiom_nested'))).toBe(true);
    expect(setOnUpdate(pgTable('idiom_diesel'))).toBeUndefined();
    expect(pgTable('idiom_diesel').notes?.join(' ')).toMatch(
      /set_on_update is unknown for `t`: trigger `set_updated_at` .*skips when the statement writes `t` itself .*whether the application ever writes `t` is not known/,
    );
    expect(setOnUpdate(pgTable('idiom_when_guard'))).toBe(true);
  });

  it('MariaDB: IF ... END IF on one branch, IF/ELSEIF/ELSE on all, SET NEW in BEGIN ... END, the <=> guard', () => {
    expect(setOnUpdate(mariaTable('idiom_one_branch'))).toBe(false);
    expect(setOnUpdate(mariaTable('idiom_every_branch'))).toBe(true);
    expect(setOnUpdate(mariaTable('idiom_set_in_block'))).toBe(true);
    expect(setOnUpdate(mariaTable('idiom_app_guard'))).toBeUndefined();
    expect(mariaTable('idiom_app_guard').notes?.join(' ')).toMatch(/NEW.t <=> OLD.t/);
  });

  it('an unknown left by a guard keeps the timestamp modes waiting, with the question', () => {
    const r = advise(pgTable('idiom_diesel'), { inserts: 'yes', updates: 'yes' });
    expect(r.status).toBe('needs_facts');
    expect(r.candidates[0]?.toEstablish.map((q) => q.path)).toContainEqual(['columns', 2, 'set_on_update']);
  });
});
