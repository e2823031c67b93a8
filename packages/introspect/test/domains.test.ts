/**
 * PostgreSQL domains, on the test server: a column whose type is a domain (`CREATE DOMAIN ts_utc AS
 * timestamptz`), or a domain over a domain, is read as the base type at the end of the chain, with
 * that type's modifiers, and a note names the domain.
 */
import type { TableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectUrl, tableOf } from './support/lookup.js';
import { printedFor } from './support/printed.js';
import { selected } from './support/remedy-proof.js';
import { freshName, PG_URL, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
/** A domain name with a quote, a backslash, `$$`, mixed case and a bidi control. */
const HOSTILE = 'Ts "utc"\\$$\u202e';
const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
let report: InspectReport;

const table = (name: string): TableTraits => tableOf(report, `${schema}.${name}`);
const type = (t: string, c: string) => table(t).columns?.find((x) => x.name === c)?.type;

beforeAll(async () => {
  const s = id(schema);
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA ${s};
      CREATE DOMAIN ${s}.ts_utc AS timestamptz;
      CREATE DOMAIN ${s}.big_id AS bigint;
      CREATE DOMAIN ${s}.ts_nested AS ${s}.ts_utc NOT NULL;
      CREATE DOMAIN ${s}.${id(HOSTILE)} AS timestamp(3) with time zone CHECK (VALUE > '2000-01-01');
      CREATE DOMAIN ${s}.money2 AS numeric(10, 2);
      CREATE FUNCTION ${s}.touch() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN NEW.updated_at := now(); RETURN NEW; END $f$;
      CREATE TABLE ${s}.orders (id ${s}.big_id PRIMARY KEY, total ${s}.money2, updated_at ${s}.ts_utc NOT NULL DEFAULT now(),
        nested ${s}.ts_nested DEFAULT now(), hostile ${s}.${id(HOSTILE)}, tags ${s}.ts_utc[]);
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}.orders FOR EACH ROW EXECUTE FUNCTION ${s}.touch();`),
  );
  report = await inspectUrl(PG_URL, { schemas: [schema] });
}, 60_000);

afterAll(async () => {
  await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${id(schema)} CASCADE`));
});

describe('PostgreSQL domains', () => {
  it('reads a domain column as its base type, through nested domains, with the modifiers', () => {
    expect(type('orders', 'id')).toBe('bigint');
    expect(type('orders', 'updated_at')).toBe('timestamp with time zone');
    expect(type('orders', 'nested')).toBe('timestamp with time zone');
    expect(type('orders', 'hostile')).toBe('timestamp(3) with time zone');
    expect(type('orders', 'total')).toBe('numeric(10,2)');
    expect(table('orders').columns?.find((c) => c.name === 'updated_at')).toMatchObject({
      primary_key: false,
      set_on_update: true,
    });
  });

  it('names the domain in a note, its name shown safely', () => {
    const notes = table('orders').notes?.join(' ') ?? '';
    expect(notes).toContain(
      `Column \`updated_at\` is of the domain \`${schema}.ts_utc\`: read as its base type, \`timestamp with time zone\`.`,
    );
    expect(notes).toContain('\\u202e');
    expect(notes).not.toContain('\u202e');
  });

  it('an array of a domain stays an array', () => {
    expect(type('orders', 'tags')).toBe(`${schema}.ts_utc[]`);
  });

  it("the printed question for a column's type answers with the base type inspect reads", async () => {
    const orders = table('orders');
    const columns = orders.columns ?? [];
    const asked = printedFor({ ...orders, columns: columns.map((c) => ({ name: c.name })) }).questions.filter(
      (q) => q.path[0] === 'columns' && q.path[2] === 'type',
    );
    const answers = new Map<string, unknown>();
    await withPostgres(async (c) => {
      for (const q of asked) {
        const column = columns[q.path[1] as number]?.name as string;
        answers.set(column, Object.values(selected(await c.query(q.query)).at(-1)?.[0] ?? {})[0]);
      }
    });
    expect([...answers.keys()]).toEqual(expect.arrayContaining(['id', 'updated_at', 'nested', 'hostile']));
    for (const [column, answer] of answers) expect(answer, column).toBe(type('orders', column));
  });

  it("the printed question for a table's columns answers with the base types inspect reads", async () => {
    const { columns: _, ...orders } = table('orders');
    const asked = printedFor(orders).questions.filter((q) => q.path.length === 1 && q.path[0] === 'columns');
    expect(asked).toHaveLength(1);
    const rows = await withPostgres(async (c) => {
      return (selected(await c.query(asked[0]?.query as string)).at(-1) ?? []) as {
        attname: string;
        format_type: string;
      }[];
    });
    expect(rows.map((r) => r.attname)).toEqual(['id', 'total', 'updated_at', 'nested', 'hostile', 'tags']);
    for (const r of rows) expect(r.format_type, r.attname).toBe(type('orders', r.attname));
  });
});
