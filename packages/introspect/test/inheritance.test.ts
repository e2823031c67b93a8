/**
 * PostgreSQL inheritance (INHERITS), as the Sakila sample's payment table uses it, on the test
 * server: the parent is read with its children (rows summed, children not listed as tables unless
 * asked), its row triggers count only where every child has one that does the same, and its keys,
 * which do not span the children, give no uniqueness.
 */
import { recommend, type TableTraits, validateTableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectUrl, tableOf as tableIn } from './support/lookup.js';
import { freshName, PG_READER_URL, withPostgres } from './support/servers.js';

const schema = freshName('qm_t');
const s = `"${schema}"`;

const inspect = (include: 'partitions'[] = []): Promise<InspectReport> =>
  inspectUrl(PG_READER_URL, { schemas: [schema], include });
const tableOf = (report: InspectReport, name: string): TableTraits => tableIn(report, `${schema}.${name}`);
const column = (t: TableTraits, name: string) => t.columns?.find((c) => c.name === name);

beforeAll(async () => {
  await withPostgres((c) =>
    c.query(`CREATE SCHEMA ${s};
      CREATE FUNCTION ${s}.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.last_update := now(); RETURN NEW; END $$;
      -- payment: one child has the parent's trigger, the other has none.
      CREATE TABLE ${s}.payment (payment_id serial PRIMARY KEY, amount numeric NOT NULL,
        last_update timestamptz NOT NULL DEFAULT now());
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}.payment FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
      CREATE TABLE ${s}.payment_p2007_01 () INHERITS (${s}.payment);
      CREATE TABLE ${s}.payment_p2007_02 () INHERITS (${s}.payment);
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}.payment_p2007_02 FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
      -- rental: every child has it.
      CREATE TABLE ${s}.rental (rental_id serial PRIMARY KEY, last_update timestamptz NOT NULL DEFAULT now());
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}.rental FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
      CREATE TABLE ${s}."rental, old" () INHERITS (${s}.rental);
      CREATE TRIGGER touch BEFORE UPDATE ON ${s}."rental, old" FOR EACH ROW EXECUTE FUNCTION ${s}.touch();
      INSERT INTO ${s}.payment (amount) SELECT g FROM generate_series(1, 10) g;
      INSERT INTO ${s}.payment_p2007_01 (amount) SELECT g FROM generate_series(1, 300) g;
      INSERT INTO ${s}.payment_p2007_02 (amount) SELECT g FROM generate_series(1, 200) g;
      INSERT INTO ${s}.rental DEFAULT VALUES; INSERT INTO ${s}."rental, old" DEFAULT VALUES;
      ANALYZE ${s}.payment; ANALYZE ${s}.payment_p2007_01; ANALYZE ${s}.payment_p2007_02;
      ANALYZE ${s}.rental; ANALYZE ${s}."rental, old";
      GRANT USAGE ON SCHEMA ${s} TO qm_reader; GRANT SELECT ON ALL TABLES IN SCHEMA ${s} TO qm_reader;`),
  );
});
afterAll(async () => {
  await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`));
});

describe('inspect on PostgreSQL INHERITS', () => {
  it('reads a parent with its children: rows summed, the children skipped and named', async () => {
    const report = await inspect();
    expect(report.tables.map((t) => t.table)).toEqual([`${schema}.payment`, `${schema}.rental`]);
    expect(report.skipped).toMatchObject({ 'inheritance children (read through their parent)': 3 });
    const payment = tableOf(report, 'payment');
    expect(validateTableTraits(payment).ok).toBe(true);
    expect(payment.rows).toBe(510);
    expect(payment.notes?.join(' ')).toContain(
      `Inheritance: its 2 children ${schema}.payment_p2007_01, ${schema}.payment_p2007_02 (INHERITS) hold rows`,
    );
    expect(tableOf(report, 'rental').notes?.join(' ')).toContain(
      `its child ${schema}."rental, old" (INHERITS)`,
    );
  });

  it('counts a row trigger only where every child has one that does the same', async () => {
    const report = await inspect();
    // payment_p2007_01 has no trigger: updates of its rows leave last_update as it was.
    expect(column(tableOf(report, 'payment'), 'last_update')?.set_on_update).toBe(false);
    expect(column(tableOf(report, 'rental'), 'last_update')?.set_on_update).toBe(true);
  });

  it('takes no uniqueness from keys that do not span the children, so no incrementing mode is recommended', async () => {
    const payment = tableOf(await inspect(), 'payment');
    const id = column(payment, 'payment_id');
    expect(id?.unique).toBeUndefined();
    expect(id?.primary_key).toBeUndefined();
    const r = recommend({ ...payment, rows: 6_000_000 }, {});
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.status).not.toBe('recommended');
  });

  it('lists the children as tables of their own when asked (--include partitions)', async () => {
    const report = await inspect(['partitions']);
    expect(report.tables.map((t) => t.table)).toEqual([
      `${schema}.payment`,
      `${schema}.payment_p2007_01`,
      `${schema}.payment_p2007_02`,
      `${schema}.rental`,
      `${schema}."rental, old"`,
    ]);
    expect(tableOf(report, 'payment_p2007_01').rows).toBe(300);
  });
});
