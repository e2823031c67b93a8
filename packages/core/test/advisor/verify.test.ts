/**
 * core's `verifier`: a planned body against the table now. The verdicts a user acts on, the fact
 * before and after, the change kinds kept from the plan, and that less knowledge never gives
 * `holds`. (The migrations on real databases: test/cli/verify-migrations.test.ts.)
 */
import { type PlannedTable, type TableTraits, validateTableTraits, verifier } from '@querymode/core';
import { describe, expect, it } from 'vitest';

const v = verifier({});
if (!v.ok) throw new Error('default options are valid');
const verify = v.value;

const COLUMNS = [
  {
    name: 'id',
    type: 'bigint',
    primary_key: true,
    unique: true,
    nullable: false,
    auto_increment: true,
    set_on_insert: true,
  },
  { name: 'updated_at', type: 'timestamp', nullable: false, set_on_update: true },
] as const;
const TABLE: TableTraits = {
  table: 'dbo.orders',
  source: 'postgresql',
  pipeline_mode: 'table',
  rows: 1000,
  columns: COLUMNS.map((c) => ({ ...c })),
  changes: { inserts: 'yes', updates: 'yes', deletes: 'no' },
  replication_frequency_minutes: 60,
  change_tracking: { database_enabled: true, table_enabled: true, retention_minutes: 2880 },
};
/** The table on SQL Server, whose change-tracking feature the `change_tracking` mode uses. */
const SQL_SERVER: TableTraits = { ...TABLE, source: 'sqlserver', columns: [{ ...COLUMNS[0] }] };
const planned = (config: Record<string, unknown>, traits: TableTraits = TABLE): PlannedTable =>
  ({ table: 'dbo.orders', line: 1, body: { config }, traits }) as PlannedTable;

const verdictOf = (p: PlannedTable | undefined, now: TableTraits | undefined) => {
  const r = verify(p, now);
  if (!r.ok) throw new Error(r.issues[0]?.message);
  return r.value;
};

/** Every kind of change known, at 10 inserts and 10 updates a day: a large table's full_load is dearer than reading them. */
const SLOW_RATES = {
  inserts: 'yes',
  updates: 'yes',
  deletes: 'no',
  inserts_per_day: 10,
  updates_per_day: 10,
} as const;

describe('verifier', () => {
  describe('after the trigger of updated_at is dropped and id is renamed', () => {
    const TI = {
      mode: 'timestamp+incrementing',
      incrementing_column_name: 'id',
      timestamp_column_name: 'updated_at',
    };
    const columns = (idName: string, idFacts: Record<string, unknown> = {}) => [
      { ...COLUMNS[0], name: idName, ...idFacts },
      { name: 'status', type: 'text', nullable: false },
      { name: 'total_cents', type: 'integer', nullable: false, unique: false, auto_increment: false },
      { ...COLUMNS[1], set_on_update: false },
    ];
    const before = { ...TABLE, columns: [...columns('id').slice(0, 3), { ...COLUMNS[1] }] };

    it('gives the change the mode now misses first, then the renamed column, naming the likely rename', () => {
      const r = verdictOf(planned(TI, before), { ...TABLE, columns: columns('order_id') });
      expect(r.verdict).toBe('broken');
      expect(r.findings.map((f) => f.rule)).toEqual([
        'timestamp+incrementing.change_data_capture',
        'column.exists',
      ]);
      expect(r.findings[0]?.captures).toBe('updates');
      expect(r.findings[1]?.message).toMatch(
        /Column `order_id` is new since the plan and has every fact `id` had: likely `id` renamed\.$/,
      );
      expect(r.findings[1]?.remedy).toBe(
        'Set `incrementing_column_name` to "order_id" (likely `id` renamed).',
      );
    });

    it('offers only the columns that fit the field when no new column has the same facts', () => {
      const r = verdictOf(planned(TI, before), {
        ...TABLE,
        columns: columns('order_id', { primary_key: false }),
      });
      const exists = r.findings.find((f) => f.rule === 'column.exists');
      expect(exists?.message).not.toMatch(/renamed/);
      expect(exists?.remedy).toBe(
        'Set `incrementing_column_name` to a column of the table that fits it: `order_id`.',
      );
    });

    it('names no rename when two new columns have the facts the planned one had', () => {
      const now = { ...TABLE, columns: [...columns('order_id'), { ...COLUMNS[0], name: 'order_no' }] };
      const exists = verdictOf(planned(TI, before), now).findings.find((f) => f.rule === 'column.exists');
      expect(exists?.remedy).toBe(
        'Set `incrementing_column_name` to a column of the table that fits it: `order_id`, `order_no`.',
      );
    });
  });

  it('breaks change_tracking when change tracking is disabled on the table, with the fact before and after', () => {
    const body = { mode: 'change_tracking', historical_enabled: false };
    const now = { ...SQL_SERVER, change_tracking: { ...TABLE.change_tracking, table_enabled: false } };
    const r = verdictOf(planned(body, SQL_SERVER), now);
    expect(r.verdict).toBe('broken');
    expect(r.findings[0]?.rule).toBe('change_tracking.enabled_before');
    expect(r.findings[0]?.change).toEqual({
      path: ['change_tracking', 'table_enabled'],
      before: true,
      after: false,
    });
    expect(r.findings[0]?.sql).toMatch(/ENABLE CHANGE_TRACKING/);
  });

  it('breaks change_tracking when the retention is shortened below the replication frequency', () => {
    const body = { mode: 'change_tracking', historical_enabled: false };
    const now = { ...SQL_SERVER, change_tracking: { ...TABLE.change_tracking, retention_minutes: 30 } };
    const r = verdictOf(planned(body, SQL_SERVER), now);
    expect(r.verdict).toBe('broken');
    expect(r.findings.map((f) => f.rule)).toContain('change_tracking.retention');
  });

  it('gives unverified, never holds, when the trigger fact is no longer known, with the query that answers it', () => {
    const body = {
      mode: 'timestamp+incrementing',
      incrementing_column_name: 'id',
      timestamp_column_name: 'updated_at',
    };
    const now = {
      ...TABLE,
      columns: [COLUMNS[0], { name: 'updated_at', type: 'timestamp', nullable: false }],
    };
    const r = verdictOf(planned(body), now);
    expect(r.verdict).toBe('unverified');
    expect(r.findings[0]?.change).toEqual({
      path: ['columns', 'updated_at', 'set_on_update'],
      before: true,
      after: null,
    });
    expect(r.findings[0]?.questions?.[0]?.query).toMatch(/SELECT/i);
  });

  it('keeps the change kinds the plan declared where the database does not tell them', () => {
    const body = { mode: 'incrementing', incrementing_column_name: 'id' };
    const { changes: _, ...now } = TABLE;
    const r = verdictOf(planned(body), now);
    // The plan said the table has updates, which incrementing misses: broken, not holds.
    expect(r.declared).toEqual(['changes.inserts', 'changes.updates', 'changes.deletes']);
    expect(r.verdict).toBe('broken');
    // A plan without traits declares nothing: the updates are not known, so it cannot hold.
    expect(
      verdictOf({ table: 'dbo.orders', line: 1, body: { config: body } } as PlannedTable, now).verdict,
    ).toBe('unverified');
  });

  it("a planned full_load: unverified while the insert rate is not known, held by the plan's rate, broken by one that reaches the limit", () => {
    const full = { mode: 'full_load' };
    const now = {
      ...TABLE,
      rows: 4_000_000,
      changes: { inserts: 'yes', updates: 'yes', deletes: 'no' },
    } as const;
    // Not known to stay under 5,000,000 rows over the 30-day horizon: unverified (not broken), with the question.
    const open = verdictOf(planned(full, now), now);
    expect(open.verdict).toBe('unverified');
    expect(open.findings[0]?.questions?.[0]?.question).toContain(
      'Fewer than 33,333 rows inserted a day (net of deletes) keeps it under 5,000,000 rows for the 30-day horizon.',
    );
    // The plan's rate (an answer it rested on) is kept: the database cannot tell it again.
    const answered = { ...now, changes: { ...now.changes, inserts_per_day: 1_000 } };
    const held = verdictOf(planned(full, answered), now);
    expect(held.declared).toContain('changes.inserts_per_day');
    expect(['holds', 'better']).toContain(held.verdict);
    const fast = { ...now, changes: { ...now.changes, inserts_per_day: 50_000 } };
    const broken = verdictOf(planned(full, fast), now);
    expect(broken.verdict).toBe('broken');
    expect(broken.findings[0]?.message).toContain('reaches 5,000,000 on day 20 of the 30-day horizon');
    // A rate the database shows stands over the plan's.
    const observed = { ...now, changes: { ...now.changes, inserts_per_day: 10 } };
    expect(verdictOf(planned(full, fast), observed).verdict).not.toBe('broken');
  });

  it('says better when a mode that bills fewer events now qualifies', () => {
    const now = { ...TABLE, rows: 4_000_000, changes: SLOW_RATES };
    const r = verdictOf(planned({ mode: 'full_load' }, now), now);
    expect(r.verdict).toBe('better');
    expect(r.recommendation?.mode).not.toBe('full_load');
    expect(r.recommendation?.events).toBeLessThan(r.plannedEvents ?? 0);
  });

  it('says new for a table the plan does not cover, and gone for a planned table that is not there', () => {
    expect(verdictOf(undefined, TABLE).verdict).toBe('new');
    expect(verdictOf(undefined, TABLE).recommendation?.status).toBe('recommended');
    expect(verdictOf(planned({ mode: 'full_load' }), undefined).verdict).toBe('gone');
  });
  it('gives every verdict its keys in one order (a JSON of the result reads the same whatever the verdict)', () => {
    const keys = [
      'table',
      'line',
      'declared',
      'verdict',
      'planned',
      'findings',
      'recommendation',
      'plannedEvents',
    ];
    const better = { ...TABLE, rows: 4_000_000, changes: SLOW_RATES };
    const noMode = { table: 'dbo.orders', line: 1, body: null } as PlannedTable;
    const { changes: _known, ...unknownChanges } = TABLE;
    const cases = [
      verdictOf(undefined, TABLE),
      verdictOf(noMode, TABLE),
      verdictOf(planned({ mode: 'full_load' }, better), better),
      verdictOf(
        planned({
          mode: 'timestamp+incrementing',
          incrementing_column_name: 'id',
          timestamp_column_name: 'updated_at',
        }),
        TABLE,
      ),
      verdictOf(planned({ mode: 'full_load' }), { table: 'dbo.orders', rows: 6_000_000 }),
      verdictOf(planned({ mode: 'full_load' }), { ...unknownChanges, rows: 4_000_000 }),
    ];
    expect(cases.map((c) => c.verdict)).toEqual(['new', 'new', 'better', 'holds', 'broken', 'unverified']);
    for (const c of cases) expect(Object.keys(c)).toEqual(keys);
  });

  it("refuses invalid traits of the table now with validateTableTraits's issues, whether the plan covers it or not", () => {
    const hostile = 'a"b\\c$$\n\u202e';
    const invalid = [
      { ...TABLE, rows: -1 },
      { ...TABLE, columns: [{ name: hostile, type: 'integer', nullable: 'no' }] },
      { ...TABLE, table: 7 },
    ] as unknown as TableTraits[];
    for (const now of invalid) {
      const expected = validateTableTraits(now);
      if (expected.ok) throw new Error('the traits are invalid');
      const noMode = { table: 'dbo.orders', line: 1, body: null } as PlannedTable;
      for (const p of [undefined, noMode, planned({ mode: 'full_load' })])
        expect(verify(p, now)).toEqual({ ok: false, issues: expected.issues });
    }
  });
});
