import {
  type ColumnTraits,
  checkAgainstTable,
  type Finding,
  FULL_LOAD_MAX_ROWS_EXCLUSIVE,
  GENERAL_RULES,
  MODES,
  type QueryModeBody,
  RULE_CHECKS,
  RULES,
  type TableTraits,
  UNCHECKED_RULES,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';

const body = (config: Record<string, unknown>) => ({ config }) as unknown as QueryModeBody;
const of = (findings: readonly Finding[], rule: string) => findings.filter((f) => f.rule === rule);
const one = (findings: readonly Finding[], rule: string): Finding => {
  const found = of(findings, rule);
  expect(found, `${rule} in ${JSON.stringify(findings.map((f) => f.rule))}`).toHaveLength(1);
  return found[0] as Finding;
};

const ts = (extra: Partial<ColumnTraits> = {}): ColumnTraits => ({
  name: 'updated_at',
  type: 'timestamp',
  nullable: false,
  set_on_update: true,
  ...extra,
});
const id = (extra: Partial<ColumnTraits> = {}): ColumnTraits => ({
  name: 'id',
  type: 'bigint',
  nullable: false,
  unique: true,
  primary_key: true,
  auto_increment: true,
  ...extra,
});
/** A copy of an object without some keys (an unknown trait is an absent key). */
function drop<T extends object>(o: T, ...keys: (keyof T)[]): T {
  const out = { ...o };
  for (const k of keys) delete out[k];
  return out;
}
const TS_BODY = body({ mode: 'timestamp', timestamp_column_name: 'updated_at' });
const INC_BODY = body({ mode: 'incrementing', incrementing_column_name: 'id' });
const TI_BODY = body({
  mode: 'timestamp+incrementing',
  incrementing_column_name: 'id',
  timestamp_column_name: 'updated_at',
});
const UI_BODY = body({ mode: 'unique_incrementing', unique_column_name: 'id' });
const CT_BODY = body({ mode: 'change_tracking', historical_enabled: true, unique_column_name: 'id' });
const FULL = body({ mode: 'full_load' });

/** One failing (or unknown) case per rule: body, traits, the severity expected, and whether it is an unknown fact. */
interface Fixture {
  readonly rule: string;
  readonly name: string;
  readonly body: QueryModeBody;
  readonly traits: TableTraits;
  readonly severity: Finding['severity'];
  readonly unknown?: boolean;
  readonly remedy?: RegExp;
  readonly options?: { replicationFrequencyMinutes?: number };
}

const CT_ON = { database_enabled: true, table_enabled: true, retention_minutes: 2880 };
const CT_TABLE: TableTraits = {
  table: 'sales.dbo.orders',
  source: 'sqlserver',
  columns: [id()],
  change_tracking: CT_ON,
  replication_frequency_minutes: 60,
};

const FIXTURES: readonly Fixture[] = [
  {
    rule: 'full_load.row_limit',
    name: 'exactly 5,000,000 rows fails',
    body: FULL,
    traits: { rows: FULL_LOAD_MAX_ROWS_EXCLUSIVE },
    severity: 'error',
    remedy: /timestamp\+incrementing/,
  },
  {
    rule: 'full_load.row_limit',
    name: 'an unknown row count warns',
    body: FULL,
    traits: {},
    severity: 'warning',
    unknown: true,
    remedy: /SELECT COUNT\(\*\)/,
  },
  {
    rule: 'full_load.reload_wait',
    name: 'the six-hour wait is always stated',
    body: FULL,
    traits: { rows: 10 },
    severity: 'info',
  },
  {
    rule: 'column.exists',
    name: 'a missing column fails',
    body: TS_BODY,
    traits: { columns: [{ name: 'modified_at' }] },
    severity: 'error',
  },
  {
    rule: 'column.exists',
    name: 'unknown columns warn',
    body: TS_BODY,
    traits: {},
    severity: 'warning',
    unknown: true,
  },
  {
    rule: 'column.timestamp_type',
    name: 'an integer timestamp column fails',
    body: TS_BODY,
    traits: { columns: [ts({ type: 'bigint' })] },
    severity: 'error',
  },
  {
    rule: 'column.timestamp_type',
    name: 'an unknown type warns',
    body: TS_BODY,
    traits: { columns: [drop(ts(), 'type')] },
    severity: 'warning',
    unknown: true,
  },
  {
    rule: 'timestamp.column_not_null',
    name: 'a nullable column fails',
    body: TS_BODY,
    traits: { source: 'postgresql', table: 'public.t', columns: [ts({ nullable: true })] },
    severity: 'error',
    remedy: /ALTER TABLE public\.t ALTER COLUMN updated_at SET NOT NULL;/,
  },
  {
    rule: 'timestamp.column_not_null',
    name: 'unknown NULLs warn',
    body: TS_BODY,
    traits: { columns: [drop(ts(), 'nullable')] },
    severity: 'warning',
    unknown: true,
  },
  {
    rule: 'timestamp.auto_update',
    name: 'a column the database does not update fails',
    body: TS_BODY,
    traits: { source: 'mysql', columns: [ts({ set_on_update: false })] },
    severity: 'error',
    remedy: /ON UPDATE CURRENT_TIMESTAMP/,
  },
  {
    rule: 'timestamp.auto_update',
    name: 'unknown auto-update warns',
    body: TS_BODY,
    traits: { columns: [drop(ts(), 'set_on_update')] },
    severity: 'warning',
    unknown: true,
  },
  {
    rule: 'timestamp.delayed_replication',
    name: 'no delay window is advice',
    body: TS_BODY,
    traits: { columns: [ts()] },
    severity: 'info',
    remedy: /timestamp_delay_interval_ms/,
  },
  {
    rule: 'capture.change_kinds',
    name: 'inserts timestamp does not capture',
    body: TS_BODY,
    traits: { columns: [ts()], changes: { inserts: 'yes' } },
    severity: 'warning',
  },
  {
    rule: 'capture.change_kinds',
    name: 'deletes no mode is described as capturing',
    body: FULL,
    traits: { rows: 1, changes: { deletes: 'yes' } },
    severity: 'warning',
    unknown: true,
  },
  {
    rule: 'incrementing.column_unique_not_null',
    name: 'a nullable column fails',
    body: INC_BODY,
    traits: { columns: [id({ nullable: true, primary_key: false })] },
    severity: 'error',
  },
  {
    rule: 'incrementing.column_unique_not_null',
    name: 'a non-unique, non-increment column fails',
    body: INC_BODY,
    traits: { columns: [id({ unique: false, primary_key: false, auto_increment: false })] },
    severity: 'error',
  },
  {
    rule: 'incrementing.updates_not_seen',
    name: 'updates warn',
    body: INC_BODY,
    traits: { columns: [id()], changes: { updates: 'yes' } },
    severity: 'warning',
    remedy: /timestamp\+incrementing/,
  },
  {
    rule: 'incrementing.updates_not_seen',
    name: 'unknown updates are an info',
    body: INC_BODY,
    traits: { columns: [id()] },
    severity: 'info',
    unknown: true,
  },
  {
    rule: 'incrementing.auto_increment_fit',
    name: 'a column that is not auto-increment warns',
    body: INC_BODY,
    traits: { columns: [id({ auto_increment: false })] },
    severity: 'warning',
  },
  {
    rule: 'incrementing.auto_increment_fit',
    name: 'a column whose type cannot be an identity (uuid) is known not to be auto-increment',
    body: INC_BODY,
    traits: { columns: [{ name: 'id', type: 'uuid', nullable: false, unique: true }] },
    severity: 'warning',
  },
  {
    rule: 'timestamp+incrementing.set_on_insert',
    name: 'a column the database does not set on insert warns',
    body: TI_BODY,
    traits: { columns: [id({ auto_increment: false, set_on_insert: false }), ts()] },
    severity: 'warning',
  },
  {
    rule: 'timestamp+incrementing.change_data_capture',
    name: 'a timestamp not updated on update fails',
    body: TI_BODY,
    traits: { columns: [id(), ts({ set_on_update: false })] },
    severity: 'error',
  },
  {
    rule: 'unique_incrementing.column_not_null',
    name: 'a nullable column fails',
    body: UI_BODY,
    traits: { columns: [id({ nullable: true, primary_key: false })], changes: { updates: 'no' } },
    severity: 'error',
  },
  {
    rule: 'unique_incrementing.column_unique',
    name: 'a non-unique column warns',
    body: UI_BODY,
    traits: { columns: [id({ unique: false, primary_key: false })], changes: { updates: 'no' } },
    severity: 'warning',
  },
  {
    rule: 'unique_incrementing.append_only',
    name: 'updates fail',
    body: UI_BODY,
    traits: { columns: [id()], changes: { updates: 'yes' } },
    severity: 'error',
  },
  {
    rule: 'unique_incrementing.append_only',
    name: 'unknown updates warn',
    body: UI_BODY,
    traits: { columns: [id()] },
    severity: 'warning',
    unknown: true,
  },
  {
    rule: 'change_tracking.enabled_before',
    name: 'tracking off on the table fails',
    body: CT_BODY,
    traits: { ...CT_TABLE, change_tracking: { ...CT_ON, table_enabled: false } },
    severity: 'error',
    remedy: /ALTER TABLE sales\.dbo\.orders ENABLE CHANGE_TRACKING;/,
  },
  {
    rule: 'change_tracking.enabled_before',
    name: 'unknown tracking on the table warns',
    body: CT_BODY,
    traits: { ...CT_TABLE, change_tracking: { database_enabled: true, retention_minutes: 2880 } },
    severity: 'warning',
    unknown: true,
    remedy: /sys\.change_tracking_tables/,
  },
  {
    rule: 'change_tracking.database_enabled',
    name: 'tracking off on the database fails',
    body: CT_BODY,
    traits: {
      ...CT_TABLE,
      change_tracking: { database_enabled: false, table_enabled: false, retention_minutes: 2880 },
    },
    severity: 'error',
    remedy:
      /ALTER DATABASE sales SET CHANGE_TRACKING = ON \(CHANGE_RETENTION = \d+ MINUTES, AUTO_CLEANUP = ON\);/,
  },
  {
    rule: 'change_tracking.retention',
    name: 'a retention equal to the frequency fails',
    body: CT_BODY,
    traits: { ...CT_TABLE, change_tracking: { ...CT_ON, retention_minutes: 60 } },
    severity: 'error',
    remedy: /ALTER DATABASE sales SET CHANGE_TRACKING \(CHANGE_RETENTION = 2880 MINUTES\);/,
  },
  {
    rule: 'change_tracking.retention',
    name: 'an unknown retention warns',
    body: CT_BODY,
    traits: { ...CT_TABLE, change_tracking: { database_enabled: true, table_enabled: true } },
    severity: 'warning',
    unknown: true,
  },
  {
    rule: 'change_tracking.retention',
    name: 'an unknown frequency warns',
    body: CT_BODY,
    traits: drop(CT_TABLE, 'replication_frequency_minutes'),
    severity: 'warning',
    unknown: true,
  },
  {
    rule: 'change_tracking.unique_for_historical',
    name: 'a non-unique column fails',
    body: CT_BODY,
    traits: {
      ...CT_TABLE,
      columns: [id({ unique: false, primary_key: false }), { name: 'pk', primary_key: true }],
    },
    severity: 'error',
  },
  {
    rule: 'change_tracking.primary_key',
    name: 'a table without a primary key fails',
    body: CT_BODY,
    traits: { ...CT_TABLE, columns: [id({ primary_key: false })] },
    severity: 'error',
    remedy: /ADD CONSTRAINT \w+ PRIMARY KEY \(id\);/,
  },
  {
    rule: 'change_tracking.primary_key',
    name: 'an unknown primary key warns',
    body: CT_BODY,
    traits: { ...CT_TABLE, columns: [drop(id(), 'primary_key')] },
    severity: 'warning',
    unknown: true,
  },
];

describe('checkAgainstTable: one check per rule', () => {
  for (const f of FIXTURES) {
    it(`${f.rule}: ${f.name}`, () => {
      const findings = checkAgainstTable(f.body, f.traits, f.options);
      const found = of(findings, f.rule).filter((x) => x.severity === f.severity);
      expect(found.length, JSON.stringify(findings, null, 1)).toBeGreaterThan(0);
      for (const x of found) {
        expect(x.unknown === true).toBe(f.unknown === true);
        expect(x.source).toBe(
          RULES.get(f.rule)?.source ?? GENERAL_RULES.find((r) => r.id === f.rule)?.source,
        );
        expect(x.message.length).toBeGreaterThan(20);
        if (f.remedy) expect(x.remedy).toMatch(f.remedy);
      }
    });
  }

  it('every checked rule has a failing fixture, and every catalogue rule is checked or says why not', () => {
    const fixtureRules = new Set(FIXTURES.map((f) => f.rule));
    for (const rule of Object.keys(RULE_CHECKS)) expect(fixtureRules, rule).toContain(rule);
    for (const mode of MODES) {
      for (const rule of mode.rules) {
        expect(RULE_CHECKS[rule.id] !== undefined || UNCHECKED_RULES[rule.id] !== undefined, rule.id).toBe(
          true,
        );
      }
    }
    for (const rule of GENERAL_RULES) {
      if (rule.id === 'body.valid' || rule.id === 'column.available') continue;
      expect(fixtureRules, rule.id).toContain(rule.id);
    }
  });
});

describe('checkAgainstTable: passing cases and boundaries', () => {
  it('4,999,999 rows pass the full_load row limit', () => {
    expect(
      of(checkAgainstTable(FULL, { rows: FULL_LOAD_MAX_ROWS_EXCLUSIVE - 1 }), 'full_load.row_limit'),
    ).toEqual([]);
  });

  it('a retention one minute longer than the frequency passes; the option overrides the traits', () => {
    const t = { ...CT_TABLE, change_tracking: { ...CT_ON, retention_minutes: 61 } };
    expect(of(checkAgainstTable(CT_BODY, t), 'change_tracking.retention')).toEqual([]);
    const f = one(
      checkAgainstTable(CT_BODY, t, { replicationFrequencyMinutes: 61 }),
      'change_tracking.retention',
    );
    expect(f.severity).toBe('error');
    expect(f.message).toContain('(61 minutes)');
  });

  it('a well-described table gives no error or warning for each column mode', () => {
    const traits: TableTraits = {
      table: 'sales.dbo.orders',
      source: 'sqlserver',
      columns: [id(), ts({ type: 'datetime2' })],
      changes: { inserts: 'yes', updates: 'no', deletes: 'no' },
      change_tracking: CT_ON,
      replication_frequency_minutes: 60,
    };
    for (const b of [INC_BODY, TI_BODY, UI_BODY]) {
      expect(checkAgainstTable(b, traits).filter((f) => f.severity !== 'info')).toEqual([]);
    }
  });

  it('a nullable timestamp column is allowed in timestamp+incrementing', () => {
    const findings = checkAgainstTable(TI_BODY, { columns: [id(), ts({ nullable: true })] });
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('a primary-key column counts as NOT NULL and, alone, as unique', () => {
    const findings = checkAgainstTable(INC_BODY, {
      columns: [{ name: 'id', primary_key: true, auto_increment: true }],
    });
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
    const composite = checkAgainstTable(UI_BODY, {
      columns: [
        { name: 'id', primary_key: true },
        { name: 'tenant', primary_key: true },
      ],
      changes: { updates: 'no' },
    });
    expect(one(composite, 'unique_incrementing.column_unique').unknown).toBe(true);
  });

  it('knows date-and-time types per source', () => {
    const type = (source: TableTraits['source'] | undefined, t: string) =>
      of(
        checkAgainstTable(TS_BODY, {
          ...(source === undefined ? {} : { source }),
          columns: [ts({ type: t })],
        }),
        'column.timestamp_type',
      );
    expect(type('sqlserver', 'datetime2(3)')).toEqual([]);
    expect(type('postgresql', 'TIMESTAMP WITH TIME ZONE')).toEqual([]);
    expect(type('oracle', 'DATE')).toEqual([]);
    expect(type('postgresql', 'date')[0]?.severity).toBe('error');
    expect(type('sqlserver', 'timestamp')[0]?.message).toContain('rowversion');
    expect(type(undefined, 'date')[0]?.severity).toBe('warning');
    expect(type('mysql', 'geometry')[0]).toMatchObject({ severity: 'warning', unknown: true });
  });

  it('says when a column differs only in case (documented outside the spec)', () => {
    const f = one(checkAgainstTable(TS_BODY, { columns: [ts({ name: 'Updated_At' })] }), 'column.exists');
    expect(f.severity).toBe('error');
    expect(f.message).toContain('differs only in case');
    expect(f.remedy).toBe('Set `timestamp_column_name` to "Updated_At".');
  });

  it('suggests the column a misspelling meant', () => {
    const f = one(
      checkAgainstTable(TS_BODY, { columns: [ts({ name: 'updatd_at' }), { name: 'id' }] }),
      'column.exists',
    );
    expect(f.message).toContain('did you mean `updatd_at`?');
  });

  it('quotes identifiers per dialect in remedies', () => {
    const f = one(
      checkAgainstTable(body({ mode: 'timestamp', timestamp_column_name: 'last change' }), {
        source: 'sqlserver',
        table: 'dbo.t',
        columns: [{ name: 'last change', type: 'datetime2', nullable: true, set_on_update: true }],
      }),
      'timestamp.column_not_null',
    );
    expect(f.remedy).toContain('ALTER TABLE dbo.t ALTER COLUMN [last change] datetime2 NOT NULL;');
  });

  it('a given delay window silences the advice', () => {
    const b = body({
      mode: 'timestamp',
      timestamp_column_name: 'updated_at',
      timestamp_delay_interval_ms: '60000',
    });
    expect(of(checkAgainstTable(b, { columns: [ts()] }), 'timestamp.delayed_replication')).toEqual([]);
  });

  it('marks facts from outside the spec', () => {
    const findings = checkAgainstTable(CT_BODY, {
      ...CT_TABLE,
      columns: [id({ primary_key: false })],
      change_tracking: {},
    });
    expect(one(findings, 'change_tracking.primary_key').source).toBe('outside_spec');
    expect(one(findings, 'change_tracking.database_enabled').source).toBe('outside_spec');
    expect(one(findings, 'change_tracking.enabled_before').source).toBe('spec');
  });

  it('orders findings errors first', () => {
    const findings = checkAgainstTable(TS_BODY, {
      rows: 1,
      columns: [drop(ts({ nullable: true }), 'set_on_update')],
      changes: { inserts: 'yes' },
    });
    const order = { error: 0, warning: 1, info: 2 };
    const severities = findings.map((f) => order[f.severity]);
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
    expect(findings[0]?.severity).toBe('error');
  });

  it('reports an invalid body as body.valid errors only', () => {
    const findings = checkAgainstTable(body({ mode: 'timestamp', timestamp_colum_name: 'x' }), {
      columns: [],
    });
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) expect(f).toMatchObject({ rule: 'body.valid', severity: 'error' });
  });

  it('never throws on traits of the wrong shape', () => {
    const odd = [
      null,
      [],
      'x',
      { columns: 'x' },
      { columns: [null, 5, { name: 3 }] },
      { changes: 5, rows: 'many' },
    ];
    for (const traits of odd) {
      for (const mode of MODES) {
        const config: Record<string, unknown> = { mode: mode.id };
        for (const f of mode.fields)
          if (f.presence.type !== 'optional') config[f.name] = f.kind === 'boolean' ? true : 'c';
        expect(() => checkAgainstTable(body(config), traits as TableTraits)).not.toThrow();
      }
    }
  });
});
