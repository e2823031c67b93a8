import {
  type ChangeKind,
  checkAgainstTable,
  chooseMode,
  estimateEvents,
  FULL_LOAD_MAX_ROWS_EXCLUSIVE,
  planModeChange,
  QUERY_MODES,
  type QueryMode,
  type QueryModeBody,
  RANKING_POLICY,
  type Recommendation,
  type RecommendOptions,
  recommend,
  recommendSummary,
  type TableTraits,
  validateQueryModeBody,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADVISOR_EXAMPLES } from '../../../../scripts/docs/advisor-examples.js';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { DEFAULT_MUST_CAPTURE } from '../../src/advisor/facts/must-capture.js';
import { largeTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

const RUNS = propertyRuns(300, 42);

function advice(traits: TableTraits, options?: RecommendOptions): Recommendation {
  const r = recommend(traits, options);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}
const candidate = (r: Recommendation, mode: QueryMode) => r.candidates.find((c) => c.mode === mode);

describe('recommend: the worked examples of docs/recommend.md', () => {
  for (const example of ADVISOR_EXAMPLES) {
    it(`${example.title}: ${example.status}, best ${example.best}`, () => {
      const r = advice(example.traits, example.options);
      expect(r.status).toBe(example.status);
      expect(r.best).toBe(example.best);
      expect(r.chosen).toBe(example.status === 'recommended' ? example.best : null);
      expect(r.reasons.length).toBeGreaterThan(0);
    });
  }

  it('fills the body from the columns that fit each field', () => {
    const r = advice(ADVISOR_EXAMPLES[0]?.traits as TableTraits);
    expect(r.body).toEqual({
      config: {
        mode: 'timestamp+incrementing',
        incrementing_column_name: 'id',
        timestamp_column_name: 'updated_at',
      },
    });
  });

  it('takes caller values for non-column fields, and rejects a value of the wrong kind', () => {
    const traits = ADVISOR_EXAMPLES[0]?.traits as TableTraits;
    const r = advice(traits, {
      fieldValues: { historical_enabled: false, timestamp_delay_interval_ms: '60000' },
    });
    expect(candidate(r, 'change_tracking')?.body).toEqual({
      config: { mode: 'change_tracking', historical_enabled: false },
    });
    expect(candidate(r, 'timestamp')?.body).toEqual({
      config: {
        mode: 'timestamp',
        timestamp_column_name: 'updated_at',
        timestamp_delay_interval_ms: '60000',
      },
    });
    const bad = recommend(traits, { fieldValues: { stop_on_gap: 'yes' as unknown as boolean } });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.issues[0]).toMatchObject({
        code: 'invalid_type',
        path: ['options', 'fieldValues', 'stop_on_gap'],
      });
  });
});

describe('what was wrong, and what it says now', () => {
  // querymode recommend --rows 10000000 --column id:bigint:unique:auto-increment --inserts yes --updates yes
  const identityOnly: TableTraits = {
    rows: 10_000_000,
    columns: [{ name: 'id', type: 'bigint', unique: true, auto_increment: true, set_on_insert: true }],
    changes: { inserts: 'yes', updates: 'yes' },
  };

  it('unknown prerequisites are not met: change_tracking needs facts, with a question and a query or none for each', () => {
    const r = advice(identityOnly);
    expect(r.status).toBe('needs_facts');
    expect(r.chosen).toBeNull();
    expect(r.best).toBe('change_tracking');
    const ct = candidate(r, 'change_tracking');
    expect(ct?.status).toBe('needs_facts');
    expect(ct?.toEstablish.map((q) => q.path.join('.'))).toEqual([
      'source',
      'change_tracking.table_enabled',
      'change_tracking.retention_minutes',
      'replication_frequency_minutes',
      'change_tracking.database_enabled',
      'columns',
    ]);
    for (const q of ct?.toEstablish ?? [])
      expect(q.query !== null || /^no query/.test(q.noQuery ?? '')).toBe(true);
  });

  it('change_tracking on PostgreSQL is ineligible, said plainly, with no SQL Server SQL', () => {
    const r = advice({ ...identityOnly, source: 'postgresql', table: 'public.events' });
    expect(r.status).toBe('none');
    const ct = candidate(r, 'change_tracking');
    expect(ct?.status).toBe('ineligible');
    expect(ct?.findings[0]?.message).toMatch(/^PostgreSQL has no change-tracking feature/);
    expect(JSON.stringify(r)).not.toMatch(/CHANGE_TRACKING|sys\.change_tracking|SYSUTCDATETIME/);
    const ti = candidate(r, 'timestamp+incrementing');
    expect(
      ti?.toUnlock.some((u) =>
        u.sql?.includes('ALTER TABLE "public"."events" ADD COLUMN IF NOT EXISTS "updated_at" timestamptz'),
      ),
    ).toBe(true);
  });

  it('severities follow the spec: "must be updated on every inserted row" is hard, the inferred auto-update is a capture condition', () => {
    const traits: TableTraits = {
      columns: [
        {
          name: 'id',
          type: 'bigint',
          nullable: false,
          unique: true,
          auto_increment: false,
          set_on_insert: false,
        },
        { name: 'ts', type: 'timestamp', nullable: true, set_on_update: false },
      ],
      changes: { inserts: 'yes', updates: 'yes' },
    };
    const ti = candidate(advice(traits), 'timestamp+incrementing');
    const insert = ti?.findings.find((f) => f.rule === 'timestamp+incrementing.set_on_insert');
    expect(insert).toMatchObject({ strength: 'hard', source: 'spec', severity: 'error' });
    const update = ti?.findings.find((f) => f.rule === 'timestamp+incrementing.change_data_capture');
    expect(update).toMatchObject({
      strength: 'advice',
      source: 'inference',
      captures: 'updates',
      severity: 'error',
    });
    expect(ti?.captures.updates.verdict).toBe('missed');
  });

  it('incrementing and unique_incrementing miss updates alike: the same capture finding, the same severity', () => {
    const r = advice(ADVISOR_EXAMPLES[0]?.traits as TableTraits);
    const of = (mode: QueryMode) =>
      candidate(r, mode)?.findings.find((f) => f.rule === 'capture.change_kinds' && f.captures === 'updates');
    expect(of('incrementing')?.severity).toBe('error');
    expect(of('unique_incrementing')?.severity).toBe(of('incrementing')?.severity);
    expect(candidate(r, 'incrementing')?.status).toBe('eligible');
    expect(candidate(r, 'incrementing')?.recommendable).toBe(false);
  });

  it('the timestamp type is an inference, and planModeChange does not say a change is allowed', () => {
    const r = advice({ columns: [{ name: 'ts', type: 'int', set_on_update: true, nullable: false }] });
    expect(
      candidate(r, 'timestamp')?.findings.some(
        (f) => f.source === 'spec' && f.rule === 'column.timestamp_type',
      ),
    ).toBe(false);
    const p = planModeChange('full_load', 'timestamp', {});
    expect(p.ok && p.value.allowed).toBe('not_shown');
  });

  it('a recommended change_tracking says "not described", never that it misses inserts and updates', () => {
    const sqlServer = ADVISOR_EXAMPLES.find(
      (e) => e.best === 'change_tracking' && e.status === 'recommended',
    );
    const r = advice(sqlServer?.traits as TableTraits);
    expect(r.chosen).toBe('change_tracking');
    expect(r.candidates[0]?.misses).toEqual([]);
    expect(r.candidates[0]?.notDescribed).toEqual(['inserts', 'updates']);
    expect(r.reasons.join(' ')).toMatch(/not described by the service's documentation/);
    expect(r.reasons.join(' ')).not.toMatch(/misses/);
  });

  it('the events follow the frequency, the growth, the historical load and the restart', () => {
    const at = (frequency: number) =>
      estimateEvents('full_load', {
        rows: 200,
        replication_frequency_minutes: frequency,
        changes: { inserts: 'no' },
      });
    const billed = [60, 360, 1440].map((f) => {
      const e = at(f);
      return e.ok ? e.value.billed : null;
    });
    expect(billed).toEqual([24_000, 24_000, 6_000]);
    const p = planModeChange(
      'full_load',
      'timestamp+incrementing',
      ADVISOR_EXAMPLES[0]?.traits as TableTraits,
    );
    expect(p.ok && p.value.events.reingested).toEqual({ events: 12_000_000, billed: false });
    const rows = recommend({ rows: 10 }, { horizonHours: 24 });
    expect(rows.ok && rows.value.candidates[0]?.events.historical).toEqual({ events: 10, billed: false });
    // An estimate too large to count leaves the verdict standing, without a number.
    // (That growth also takes the table past full_load's row limit on day 1: not recommended.)
    const huge = recommend({ rows: 10, changes: { inserts_per_day: 1e308 } });
    expect(huge.ok && huge.value.status).not.toBe('recommended');
    const full = huge.ok ? huge.value.candidates.find((c) => c.mode === 'full_load') : undefined;
    expect(full?.events.billed).toBeNull();
    expect(full?.events.unknown.join(' ')).toMatch(/too large to count/);
    expect(huge.ok && huge.value.reasons.join(' ')).toMatch(
      /reaches 5,000,000 on day 1 of the 30-day horizon/,
    );
  });

  it('returns issues instead of throwing on the inputs that used to throw', () => {
    const issues = (r: {
      ok: boolean;
      issues?: readonly { code: string; path: readonly (string | number)[] }[];
    }) => (r.ok ? [] : (r.issues ?? []).map((i) => [i.code, i.path.join('.')]));
    expect(issues(recommend({ rows: 10 }, { mustCapture: ['x' as ChangeKind] }))).toEqual([
      ['invalid_option', 'options.mustCapture.0'],
    ]);
    expect(issues(recommend({}, null as unknown as RecommendOptions))).toEqual([['invalid_type', 'options']]);
    expect(issues(estimateEvents(Object.create(null), {}, { horizonHours: 1 }))).toEqual([
      ['invalid_type', 'mode'],
    ]);
    expect(issues(recommend({ columns: [{ name: ' id ' }] }))).toEqual([
      ['invalid_column_name', 'columns.0.name'],
    ]);
    const getter = {
      get rows() {
        throw new Error('boom');
      },
    };
    expect(issues(recommend(getter as unknown as TableTraits))).toEqual([['unreadable_input', '']]);
  });
});

describe('a modification time, not a creation or business time, for the timestamp', () => {
  const columns = (extra: Record<string, unknown> = {}) => [
    { name: 'id', type: 'bigint', primary_key: true, auto_increment: true, nullable: false },
    { name: 'createdAt', type: 'timestamptz', nullable: false, ...extra },
    { name: 'expires_at', type: 'timestamptz', nullable: false, ...extra },
    { name: 'updatedAt', type: 'timestamptz', nullable: false, ...extra },
  ];
  const traits = (extra?: Record<string, unknown>) =>
    ({
      table: 'public."User"',
      source: 'postgresql',
      rows: 10,
      changes: { inserts: 'yes', updates: 'yes' },
      columns: columns(extra),
    }) as TableTraits;

  it('names `updatedAt` in the body, and asks about it, when no column is known to be set on update', () => {
    const r = recommend(traits());
    if (!r.ok) throw new Error('invalid');
    const ts = r.value.candidates.find((c) => c.mode === 'timestamp');
    expect(ts?.body?.config).toMatchObject({ timestamp_column_name: 'updatedAt' });
    expect(ts?.toEstablish.map((q) => q.path.join('.'))).toEqual(['columns.3.set_on_update']);
  });

  it('makes only `updatedAt` update-tracked, quoted, whichever time column a body names', () => {
    for (const named of ['createdAt', 'expires_at', 'updatedAt']) {
      const f = checkAgainstTable(
        { config: { mode: 'timestamp', timestamp_column_name: named } } as QueryModeBody,
        traits({ set_on_update: false }),
      );
      if (!f.ok) throw new Error('invalid');
      const sql = f.value.find((x) => x.check === 'timestamp.auto_update')?.sql ?? '';
      expect(sql, named).toContain('NEW."updatedAt" := now();');
      expect(sql, named).toContain('ON "public"."User"');
      expect(sql, named).not.toMatch(/createdAt|expires_at/);
    }
  });
});

describe('recommend: properties', () => {
  const ok = (traits: TableTraits, options: RecommendOptions) => {
    const r = recommend(traits, options);
    if (!r.ok) {
      expect(r.issues.map((i) => i.code)).toEqual(['estimate_overflow']);
      return undefined;
    }
    return r.value;
  };

  it('every mode is a candidate once, ranked by the policy; chosen only when recommended', () => {
    expect(RANKING_POLICY.map((c) => c.id)).toEqual([
      'recommendable',
      'known_misses',
      'not_described',
      'possible_misses',
      'events',
      'robustness',
      'open_facts',
      'catalogue_order',
    ]);
    fc.assert(
      fc.property(traitsArb, optionsArb, (traits, options) => {
        const r = ok(traits, options);
        if (r === undefined) return;
        expect(r.candidates.map((c) => c.mode).sort()).toEqual([...QUERY_MODES].sort());
        expect(r.candidates.map((c) => c.rank)).toEqual(QUERY_MODES.map((_, i) => i + 1));
        expect(r.best).toBe(r.candidates[0]?.mode);
        expect(r.chosen).toBe(r.status === 'recommended' ? r.best : null);
        expect(r.status === 'recommended').toBe(r.candidates[0]?.recommendable === true);
        for (const c of r.candidates) {
          expect(c.recommendable).toBe(
            c.status === 'eligible' &&
              !c.misses.some((k) => (options.mustCapture ?? DEFAULT_MUST_CAPTURE).includes(k)),
          );
          if (c.status === 'eligible')
            expect(
              c.findings.some(
                (f) =>
                  f.strength === 'hard' &&
                  f.verdict !== 'no' &&
                  f.rule !== 'capture.change_kinds' &&
                  f.severity === 'error',
              ),
            ).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('a recommended body always passes validateQueryModeBody, and has no error finding', () => {
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
        const r = ok(traits, options);
        if (r === undefined || r.status !== 'recommended') return;
        expect(validateQueryModeBody(r.body).ok).toBe(true);
        expect(r.candidates[0]?.findings.filter((f) => f.severity === 'error')).toEqual([]);
      }),
      propertyRuns(800, 42),
    );
  });

  it(`never recommends full_load at ${FULL_LOAD_MAX_ROWS_EXCLUSIVE} rows or more`, () => {
    fc.assert(
      fc.property(largeTraitsArb, optionsArb, (traits, options) => {
        const r = ok({ ...traits, rows_estimate: false }, options);
        if (r === undefined) return;
        expect(candidate(r, 'full_load')?.status).toBe('ineligible');
        expect(r.chosen).not.toBe('full_load');
      }),
      RUNS,
    );
  });

  it('never recommends a mode known to miss a required kind the table has', () => {
    fc.assert(
      fc.property(traitsArb, optionsArb, (traits, options) => {
        const r = ok(traits, options);
        if (r === undefined || r.status !== 'recommended') return;
        const must = options.mustCapture ?? DEFAULT_MUST_CAPTURE;
        const chosen = r.candidates[0];
        for (const kind of must) {
          const k = chosen?.captures[kind];
          if (k?.table === 'yes') expect(k.verdict).not.toBe('missed');
        }
      }),
      RUNS,
    );
  });

  it('adding a constraint never makes a candidate recommendable', () => {
    const kinds: ChangeKind[] = ['inserts', 'updates', 'deletes'];
    fc.assert(
      fc.property(
        traitsArb,
        optionsArb,
        fc.constantFrom(...QUERY_MODES),
        fc.constantFrom(...kinds),
        fc.boolean(),
        (traits, options, drop, kind, dropMode) => {
          const tighter: RecommendOptions = dropMode
            ? {
                ...options,
                supportedModes: (options.supportedModes ?? QUERY_MODES).filter((m) => m !== drop),
              }
            : { ...options, mustCapture: [...new Set([...(options.mustCapture ?? kinds), kind])] };
          const before = ok(traits, options);
          const after = ok(traits, tighter);
          if (before === undefined || after === undefined) return;
          for (const c of after.candidates)
            if (c.recommendable) expect(candidate(before, c.mode)?.recommendable).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('recommendSummary and chooseMode give the same verdict, mode, body and events', () => {
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
        const full = ok(traits, options);
        if (full === undefined) return;
        const summary = recommendSummary(traits, options);
        const choice = chooseMode(traits, options);
        if (!summary.ok || !choice.ok) throw new Error('summary or choice failed where recommend did not');
        for (const v of [summary.value, choice.value]) {
          expect(v.status).toBe(full.status);
          expect(v.chosen).toBe(full.chosen);
          expect(v.best).toBe(full.best);
          expect(v.body).toEqual(full.body);
        }
        expect(summary.value.reasons).toEqual(full.reasons);
        expect(summary.value.events).toEqual(full.candidates[0]?.events);
        const best = full.candidates[0];
        expect(choice.value.events).toBe(
          full.status === 'recommended' ? (best?.events.billed ?? null) : null,
        );
        expect(choice.value.misses).toEqual(full.status === 'recommended' ? best?.misses : []);
      }),
      propertyRuns(600, 42),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(traitsArb, optionsArb, (traits, options) => {
        expect(recommend(traits, options)).toEqual(recommend(traits, options));
      }),
      propertyRuns(100, 42),
    );
  });
});

describe('recommend: unknown change rates (the break_even policy)', () => {
  const carts = ADVISOR_EXAMPLES.find((e) =>
    e.title.startsWith('A mid-sized table'),
  ) as (typeof ADVISOR_EXAMPLES)[number];

  it('ranks a changes-reading mode that covers the table below the known whole-table estimate, and says why', () => {
    const r = advice(carts.traits, carts.options);
    expect(r.chosen).toBe('timestamp+incrementing');
    expect(r.candidates[0]?.events.billed).toBeNull();
    expect(r.candidates[0]?.billedBelow).toBe(candidate(r, 'full_load')?.events.billed);
    expect(r.reasons.join(' ')).toContain('fewer than 4,800,000 rows a day');
  });

  it('claims no break-even below a whole-table read of no rows: nothing bills fewer than 0 events', () => {
    // An empty table whose change rates are not known: its whole-table read bills 0 events.
    const r = advice({ ...carts.traits, rows: 0, changes: { updates: 'yes' } }, carts.options);
    expect(candidate(r, 'full_load')?.events.billed).toBe(0);
    expect(r.candidates.every((c) => c.billedBelow === null)).toBe(true);
    expect(r.withinReach.modes.every((w) => w.saves !== null || (w.billedBelow ?? 0) > 0)).toBe(true);
    expect(JSON.stringify(r)).not.toMatch(/fewer than (the )?0 /);
  });

  it("ranks unknown estimates last with unknownEvents: 'last'", () => {
    const r = advice(carts.traits, { ...carts.options, unknownEvents: 'last' });
    expect(r.chosen).toBe('full_load');
    expect(r.candidates.every((c) => c.billedBelow === null)).toBe(true);
  });
});

describe('recommend: identity columns', () => {
  it('prefers unique_incrementing for an append-only table keyed by UUID (values such as UUIDs are suitable)', () => {
    const r = advice({
      source: 'postgresql',
      rows: 50_000_000,
      columns: [{ name: 'event_id', type: 'uuid', nullable: false, primary_key: true }],
      changes: { inserts: 'yes', updates: 'no' },
    });
    expect(r.chosen).toBe('unique_incrementing');
    // A UUID does not increment: no column fits `incrementing`, and the finding says so.
    expect(candidate(r, 'incrementing')?.status).toBe('ineligible');
    expect(
      candidate(r, 'incrementing')?.findings.some(
        (f) => f.rule === 'column.available' && f.severity === 'error',
      ),
    ).toBe(true);
  });
});
