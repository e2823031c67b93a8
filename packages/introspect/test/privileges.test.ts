/**
 * What a reader without a privilege gets, on the test servers, as the least-privileged reader of
 * docs/inspect.md (`qm_reader`): a missing TRIGGER privilege (MariaDB) leaves unknown only the
 * facts triggers decide, and the advisor asks nothing the catalog already answered; a table the
 * reader may not SELECT is never recommended, and the grant it is given, run by the owner, makes
 * the next inspection read it as readable. Names are hostile (quotes, backticks).
 */
import { recommend, type TableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf, inspectUrl, tableOf } from './support/lookup.js';
import { selected } from './support/remedy-proof.js';
import { freshName, MYSQL_READER_URL, PG_READER_URL, withMysql, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
const db = freshName('qm_t');
/** A name with a double quote, a single quote and a backtick. */
const SECRET = 'Sec"ret\'s `vault`';
const MY_READERS = ["'qm_reader'@'localhost'", "'qm_reader'@'127.0.0.1'"];
const myName = (n: string) => `\`${n.replaceAll('`', '``')}\``;
const pgName = (n: string) => `"${n.replaceAll('"', '""')}"`;

let pg: InspectReport;
let maria: InspectReport;

interface Found {
  readonly rule: string;
  readonly sql?: string;
  readonly verdict: string;
  readonly severity: string;
  readonly questions?: readonly {
    path: readonly (string | number)[];
    question: string;
    query: string | null;
  }[];
}

function advise(t: TableTraits, extra: Partial<TableTraits> = {}) {
  const r = recommend({ ...t, pipeline_mode: 'table', ...extra }, {});
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const findings = r.value.candidates.flatMap((c) => c.findings as readonly Found[]);
  return { ...r.value, findings };
}

beforeAll(async () => {
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA "${schema}";
      CREATE TABLE "${schema}".film_actor (actor_id smallint NOT NULL, film_id smallint NOT NULL, PRIMARY KEY (actor_id, film_id));
      CREATE TABLE "${schema}".${pgName(SECRET)} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, token text);
      GRANT USAGE ON SCHEMA "${schema}" TO qm_reader;
      GRANT SELECT ON "${schema}".film_actor TO qm_reader;`),
  );
  await withMysql(async (c) => {
    await c.query(`CREATE DATABASE \`${db}\`;
      CREATE TABLE \`${db}\`.film_actor (actor_id SMALLINT UNSIGNED NOT NULL, film_id SMALLINT UNSIGNED NOT NULL, last_update TIMESTAMP NULL, PRIMARY KEY (actor_id, film_id)) ENGINE = InnoDB;
      CREATE TRIGGER \`${db}\`.film_actor_touch BEFORE UPDATE ON \`${db}\`.film_actor FOR EACH ROW SET NEW.last_update = NOW();
      CREATE TABLE \`${db}\`.${myName(SECRET)} (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, token TEXT) ENGINE = InnoDB;`);
    for (const reader of MY_READERS) {
      // SELECT without TRIGGER on the link table; INSERT alone (visible, not readable) on the other.
      await c.query(`GRANT SELECT ON \`${db}\`.film_actor TO ${reader}`);
      await c.query(`GRANT INSERT ON \`${db}\`.${myName(SECRET)} TO ${reader}`);
    }
  });
  pg = await inspectUrl(PG_READER_URL, { schemas: [schema] });
  maria = await inspectUrl(MYSQL_READER_URL, { schemas: [db] });
}, 60_000);

afterAll(async () => {
  await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  await withMysql(async (c) => {
    // This database's grants only: other tests use the same reader.
    for (const reader of MY_READERS)
      for (const t of ['film_actor', SECRET])
        await c
          .query(`REVOKE ALL PRIVILEGES ON \`${db}\`.${myName(t)} FROM ${reader}`)
          .catch(() => undefined);
    await c.query(`DROP DATABASE IF EXISTS \`${db}\``);
  });
});

describe('MariaDB, a reader without the TRIGGER privilege', () => {
  it('leaves unknown only what triggers decide, and says which privilege would let inspect read it', () => {
    const t = tableOf(maria, `${db}.film_actor`);
    expect(t.readable).toBe(true);
    expect(columnOf(t, 'actor_id').auto_increment).toBe(false);
    expect(columnOf(t, 'film_id').auto_increment).toBe(false);
    expect(columnOf(t, 'last_update')).not.toHaveProperty('set_on_update');
    expect(t.notes?.join(' ')).toMatch(
      /no TRIGGER privilege on this table.*GRANT TRIGGER on it lets inspect read them/,
    );
  });
  it('is never asked whether a column is auto-increment (the catalog said no), at 6,000,000 rows', () => {
    const t = tableOf(maria, `${db}.film_actor`);
    const advice = advise(t, { rows: 6_000_000 });
    const asked = advice.findings.flatMap((f) => f.questions ?? []);
    expect(
      asked.filter((q) => /^Is column .* an identity, serial or auto-increment/.test(q.question)),
    ).toEqual([]);
    // Every query it gives is about this very table of its own database, from any session.
    for (const q of asked)
      if (q.query !== null) {
        expect(q.query).toMatch(/'film_actor'|`film_actor`/);
        expect(
          [`\`${db}\`.`, `'${db}'`].some((named) => q.query?.includes(named)),
          q.query,
        ).toBe(true);
        expect(q.query).not.toMatch(/DATABASE\(\)/);
      }
  });
});

describe('a table the reader may not SELECT', () => {
  it('MariaDB: is needs_facts, never recommended, with the grant in the dialect; the grant run by the owner makes it readable', async () => {
    const t = tableOf(maria, `${db}.${myName(SECRET)}`);
    expect(t.readable).toBe(false);
    expect(t.reader).toMatch(/^qm_reader@/);
    const advice = advise(t);
    expect(advice.status).toBe('needs_facts');
    expect(advice.candidates.every((c) => !c.recommendable)).toBe(true);
    const grant = advice.findings.find((f) => f.rule === 'table.readable')?.sql ?? '';
    const host = (t.reader ?? '').slice((t.reader ?? '').lastIndexOf('@') + 1);
    expect(grant).toBe(`GRANT SELECT ON \`${db}\`.${myName(SECRET)} TO 'qm_reader'@'${host}';`);
    const question = advice.findings.find((f) => f.rule === 'table.readable')?.questions?.[0]?.query ?? '';
    const askAsReader = () =>
      withReader(
        db,
        async (c) => ((await c.query(question.replace(/^--.*\n/, ''))) as unknown as [unknown[]])[0],
      );
    expect(await askAsReader()).toEqual([]);
    await withMysql(async (c) => {
      await c.query(`USE \`${db}\``);
      await c.query(grant.replace(/^--.*\n/, ''));
    });
    expect(await askAsReader()).not.toEqual([]);
    const again = tableOf(await inspectUrl(MYSQL_READER_URL, { schemas: [db] }), `${db}.${myName(SECRET)}`);
    expect(again.readable).toBe(true);
    expect(advise(again).findings.some((f) => f.rule === 'table.readable')).toBe(false);
  });
  it('PostgreSQL: is needs_facts, never recommended, with USAGE and SELECT granted; the grant run by the owner makes it readable', async () => {
    const qualified = `${schema}.${pgName(SECRET)}`;
    const t = tableOf(pg, qualified);
    expect(t.readable).toBe(false);
    expect(t.reader).toBe('qm_reader');
    expect(tableOf(pg, `${schema}.film_actor`).readable).toBe(true);
    const advice = advise(t, { changes: { inserts: 'yes', updates: 'no', deletes: 'no' } });
    expect(advice.status).toBe('needs_facts');
    expect(advice.reasons.join(' ')).toMatch(/`qm_reader` that read the catalog may not read the table/);
    const finding = advice.findings.find((f) => f.rule === 'table.readable');
    // Inspected in qm_test, which the record keeps: the grants run in one block led by its guard.
    expect(finding?.sql).toMatch(
      /^-- Run in database "qm_test" .*\nDO (\$qm\d*\$)\nBEGIN\nIF current_database\(\) <> 'qm_test' THEN\n/,
    );
    expect(
      finding?.sql?.endsWith(
        `\nGRANT USAGE ON SCHEMA "${schema}" TO "qm_reader";\nGRANT SELECT ON "${schema}".${pgName(SECRET)} TO "qm_reader";\nEND\n$qm$;`,
      ),
    ).toBe(true);
    const question = finding?.questions?.[0]?.query ?? '';
    const askAsReader = async () => {
      const pgLib = (await import('pg')).default;
      const c = new pgLib.Client({ connectionString: PG_READER_URL });
      await c.connect();
      try {
        return selected(await c.query(question))[0]?.[0]?.readable;
      } finally {
        await c.end();
      }
    };
    expect(await askAsReader()).toBe(false);
    await withPostgres((c) => c.query(finding?.sql ?? ''));
    expect(await askAsReader()).toBe(true);
    const again = tableOf(await inspectUrl(PG_READER_URL, { schemas: [schema] }), qualified);
    expect(again.readable).toBe(true);
    expect(advise(again, { changes: { inserts: 'yes', updates: 'no', deletes: 'no' } }).status).toBe(
      'recommended',
    );
  });
});

/** Runs a function on a MariaDB connection as the reader, in database `database`. */
async function withReader<T>(
  database: string,
  fn: (c: import('mysql2/promise').Connection) => Promise<T>,
): Promise<T> {
  const mysql = (await import('mysql2/promise')).default;
  const c = await mysql.createConnection({ uri: MYSQL_READER_URL, database });
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}
