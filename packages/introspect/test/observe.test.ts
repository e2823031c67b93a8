/**
 * `inspect --observe`: change rates from two readings of the counters. The arithmetic on its own,
 * then on the real PostgreSQL server (`bash scripts/setup.sh --databases`) with inserts, updates
 * and deletes made during the window.
 */
import { DOCUMENTED, recommend, type TableTraits, validateTableTraits } from '@querymode/core';
import { inspectDatabase, parseDatabaseUrl } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observedChanges } from '../src/read/assemble.js';
import { CounterLog, windowCounters } from '../src/read/observe.js';
import { changesCounted, freshName, PG_READER_URL, withPostgres } from './support/servers.js';

const DAY_MS = 86_400_000;
const counters = (inserts?: number, updates?: number, deletes?: number) => ({
  inserts,
  updates,
  deletes,
  windowDays: undefined,
  source: 'test counters',
});

describe('the counters of an observed window', () => {
  it('are the differences, with rates per day over the window however short', () => {
    const c = windowCounters(counters(100, 10, 0), counters(160, 10, 3), 60_000, 'test counters');
    expect(c).toMatchObject({
      inserts: 60,
      updates: 0,
      deletes: 3,
      measured: true,
      windowDays: 60_000 / DAY_MS,
    });
    expect(observedChanges(c)).toEqual({
      inserts: 'yes',
      inserts_per_day: 86_400,
      updates: 'unknown',
      updates_per_day: 0,
      deletes: 'yes',
      deletes_per_day: 4320,
      observed_days: 0.000694444,
    });
  });

  it('keep a kind with no change in the window unknown, never no', () => {
    const changes = observedChanges(windowCounters(counters(5, 5, 5), counters(5, 5, 5), 600_000, 'x'));
    expect(changes).toMatchObject({ inserts: 'unknown', updates: 'unknown', deletes: 'unknown' });
    expect(changes?.inserts_per_day).toBe(0);
  });

  it('give no count for a counter that went down, or a table missing from the first reading', () => {
    const reset = windowCounters(counters(500, 10, 1), counters(20, 12, 1), 60_000, 'test counters');
    expect(reset.inserts).toBeUndefined();
    expect(reset.updates).toBe(2);
    expect(reset.source).toMatch(/inserts: no count, since a counter went down/);
    const fresh = windowCounters(undefined, counters(3, 0, 0), 60_000, 'test counters');
    expect(fresh).toMatchObject({ inserts: undefined, updates: undefined, deletes: undefined });
    expect(fresh.source).toMatch(/not in the first reading/);
    expect(observedChanges(fresh)).toBeUndefined();
  });

  it('are what a second CounterLog answers, from the first one as its baseline', () => {
    const first = new CounterLog({ keep: true });
    first.mark();
    expect(first.take('s', 't', counters(1, 1, 1), 'c')).toEqual(counters(1, 1, 1));
    const second = new CounterLog({ baseline: { ...first.reading(), at: first.reading().at - 2000 } });
    second.mark();
    const c = second.take('s', 't', counters(3, 1, 1), 'c');
    expect(c).toMatchObject({ inserts: 2, updates: 0, deletes: 0, measured: true });
    expect(c.windowDays).toBeGreaterThanOrEqual(2000 / DAY_MS);
  });
});

const schema = freshName('qm_t');

/**
 * Inspects with a window of `ms`, running `during` once the first reading is done; the second
 * reading waits for it as well (`onFirstReading`'s promise), so what it does falls in the window
 * however long it takes. Returns the report and the milliseconds the inspection took.
 */
async function observe(ms: number, during: () => Promise<void>) {
  const target = parseDatabaseUrl(PG_READER_URL);
  if (!target.ok) throw new Error(target.issues[0]?.message);
  const start = performance.now();
  const result = await inspectDatabase(target.value, {
    schemas: [schema],
    observeMs: ms,
    onFirstReading: during,
  });
  const elapsedMs = performance.now() - start;
  if (!result.ok) throw new Error(result.issues[0]?.message);
  return { report: result.value, elapsedMs };
}

describe('inspect --observe on PostgreSQL', () => {
  beforeAll(async () => {
    await withPostgres(async (c) => {
      await c.query(`CREATE SCHEMA "${schema}";
        CREATE TABLE "${schema}".busy (id bigserial PRIMARY KEY, n int NOT NULL DEFAULT 0);
        CREATE TABLE "${schema}".quiet (id bigserial PRIMARY KEY, n int);
        INSERT INTO "${schema}".busy (n) SELECT g FROM generate_series(1, 100) g;
        INSERT INTO "${schema}".quiet (n) SELECT g FROM generate_series(1, 10) g;
        SELECT pg_stat_force_next_flush(); -- counted before the test's first reading, not in its window
        GRANT USAGE ON SCHEMA "${schema}" TO qm_reader;
        GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO qm_reader;`);
    });
  });
  afterAll(async () => {
    await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  });

  it('records the rates of what happened during the window, and none observed as unknown', async () => {
    const { report, elapsedMs } = await observe(2500, () =>
      changesCounted(async (c) => {
        await c.query(`INSERT INTO "${schema}".busy (n) SELECT g FROM generate_series(1, 40) g`);
        await c.query(`UPDATE "${schema}".busy SET n = n + 1 WHERE id <= 10`);
        await c.query(`DELETE FROM "${schema}".busy WHERE id > 135`);
      }),
    );
    expect(report.queries).toBe(12);
    const byName = (n: string): TableTraits => {
      const t = report.tables.find((x) => x.table === `${schema}.${n}`);
      if (t === undefined) throw new Error(`no ${n}`);
      return t;
    };
    const busy = byName('busy');
    expect(validateTableTraits(busy).ok).toBe(true);
    const days = busy.changes?.observed_days ?? 0;
    // The window: at least the wait asked for, at most the whole inspection.
    expect(days * DAY_MS).toBeGreaterThanOrEqual(2500);
    expect(days * DAY_MS).toBeLessThanOrEqual(elapsedMs + 1);
    expect(busy.changes).toMatchObject({ inserts: 'yes', updates: 'yes', deletes: 'yes' });
    // The rates are the counts over the window (observed_days is that window, rounded).
    expect(((busy.changes?.inserts_per_day ?? 0) * days) / 40).toBeCloseTo(1, 2);
    expect(((busy.changes?.updates_per_day ?? 0) * days) / 10).toBeCloseTo(1, 2);
    expect(((busy.changes?.deletes_per_day ?? 0) * days) / 5).toBeCloseTo(1, 2);
    expect(busy.notes?.join(' ')).toMatch(
      /Changes measured: pg_stat_all_tables counters read twice by inspect --observe, \d+ s apart/,
    );
    // Observed deletes are stated in every result's reasons, with the documentation and what to do.
    for (const [pipeline, mustCapture] of [
      ['table', undefined],
      ['table', ['inserts', 'updates']],
      ['custom_sql', ['inserts', 'updates']],
    ] as const) {
      const r = recommend(
        // The table was never analysed: its row count is given, as a user would.
        { ...busy, rows: 135, rows_estimate: false, pipeline_mode: pipeline },
        mustCapture === undefined ? {} : { mustCapture },
      );
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      const said = r.value.reasons.find((x) => x.startsWith('The table has deletes'));
      expect(said, `${pipeline} ${r.value.status}`).toContain(DOCUMENTED.ingestionModes);
      expect(said).toMatch(/log-based pipeline.*mark rows deleted/);
      expect(r.value.status).not.toBe('needs_facts');
    }
    const quiet = byName('quiet');
    expect(validateTableTraits(quiet).ok).toBe(true);
    expect(quiet.changes).toMatchObject({
      inserts: 'unknown',
      inserts_per_day: 0,
      updates: 'unknown',
      updates_per_day: 0,
      deletes: 'unknown',
      deletes_per_day: 0,
    });
    expect(quiet.notes?.join(' ')).toMatch(
      /none observed in the window: inserts, updates, deletes \(still unknown, not no\)/,
    );
  });

  it('refuses a window shorter than a second or longer than a day, before connecting', async () => {
    const target = parseDatabaseUrl(PG_READER_URL);
    if (!target.ok) throw new Error('no target');
    for (const observeMs of [999, DAY_MS + 1, Number.NaN]) {
      const result = await inspectDatabase(target.value, { schemas: [schema], observeMs });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues[0]).toMatchObject({ code: 'invalid_option' });
    }
  });
});
