import {
  ADVISOR_EXAMPLES,
  type ChangeKind,
  checkAgainstTable,
  MODES,
  QUERY_MODES,
  type QueryMode,
  RANKING_POLICY,
  type RecommendOptions,
  RULE_CHECKS,
  RULES,
  recommend,
  recommendSummary,
  type TableTraits,
  validateQueryModeBody,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largeTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

const RUNS = { seed: 42, numRuns: 400 };
const isCaller = (rule: string) => rule.startsWith('option.');

/** Modes with a row-limit check (full_load): from the checks table, not a hand-written list. */
const ROW_LIMITED = [
  ...new Set(
    Object.entries(RULE_CHECKS).flatMap(([rule, checks]) =>
      checks.some((c) => c.scope === 'table' && c.test === 'row_limit') ? [RULES.get(rule)?.mode] : [],
    ),
  ),
];

describe('recommend: worked examples', () => {
  const expected: Record<string, QueryMode | null> = {
    'A large table with inserts and updates': 'timestamp+incrementing',
    'A mid-sized table with change-data-capture columns and unknown rates': 'timestamp+incrementing',
    'An append-only log': 'incrementing',
    'A small table whose changes are not known': 'full_load',
    'A large SQL Server table with change tracking set up and no timestamp column': 'change_tracking',
    'SQL Server change tracking with a retention equal to the frequency': 'full_load',
    'No mode is eligible': null,
  };
  for (const example of ADVISOR_EXAMPLES) {
    it(example.title, () => {
      const r = recommend(example.traits, example.options);
      expect(r.chosen).toBe(expected[example.title]);
      expect(r.reasons.length).toBeGreaterThan(0);
    });
  }

  it('fills the body from the columns that fit each field', () => {
    const r = recommend(ADVISOR_EXAMPLES[0]?.traits as TableTraits);
    expect(r.body).toEqual({
      config: {
        mode: 'timestamp+incrementing',
        incrementing_column_name: 'id',
        timestamp_column_name: 'updated_at',
      },
    });
    const ct = r.candidates.find((c) => c.mode === 'change_tracking');
    expect(ct?.body).toEqual({
      config: { mode: 'change_tracking', historical_enabled: true, unique_column_name: 'id' },
    });
  });

  it('takes caller values for non-column fields', () => {
    const r = recommend(ADVISOR_EXAMPLES[0]?.traits as TableTraits, {
      fieldValues: { historical_enabled: false, timestamp_delay_interval_ms: '60000', stop_on_gap: 'yes' },
    });
    const body = (mode: string) => r.candidates.find((c) => c.mode === mode)?.body;
    expect(body('change_tracking')).toEqual({
      config: { mode: 'change_tracking', historical_enabled: false },
    });
    expect(body('timestamp')).toEqual({
      config: {
        mode: 'timestamp',
        timestamp_column_name: 'updated_at',
        timestamp_delay_interval_ms: '60000',
      },
    });
    expect(body('incrementing')).toEqual({
      config: { mode: 'incrementing', incrementing_column_name: 'id' },
    });
  });

  it('needs the columns to fill a body, and says so', () => {
    const r = recommend({ rows: 10 });
    expect(r.chosen).toBe('full_load');
    for (const c of r.candidates) {
      const needsColumn = MODES.find((m) => m.id === c.mode)?.fields.some(
        (f) => f.kind === 'column_name' && f.presence.type === 'required',
      );
      if (needsColumn) {
        expect(c.body).toBeNull();
        expect(c.eligible).toBe(false);
        expect(c.findings.some((f) => f.rule === 'column.available' && f.unknown === true)).toBe(true);
      }
    }
  });

  it('applies the caller’s constraints as caller errors', () => {
    const traits = ADVISOR_EXAMPLES[0]?.traits as TableTraits;
    const r = recommend(traits, { supportedModes: ['timestamp'], mustCapture: ['inserts'] });
    expect(r.chosen).toBeNull();
    const ts = r.candidates.find((c) => c.mode === 'timestamp');
    expect(ts?.findings.filter((f) => f.source === 'caller').map((f) => f.rule)).toEqual([
      'option.must_capture',
    ]);
    const ti = r.candidates.find((c) => c.mode === 'timestamp+incrementing');
    expect(ti?.findings.filter((f) => f.source === 'caller').map((f) => f.rule)).toEqual([
      'option.supported_modes',
    ]);
    const deletes = recommend(traits, { mustCapture: ['deletes'] });
    expect(deletes.chosen).toBeNull();
    expect(deletes.reasons[0]).toContain('No mode is eligible');
  });

  it('explains the choice against the runner-up', () => {
    const r = recommend(ADVISOR_EXAMPLES[1]?.traits as TableTraits);
    expect(r.reasons).toContain('Ahead of `unique_incrementing`: earlier in the catalogue.');
    expect(r.reasons[1]).toBe(
      'It ingests about 50000 events over 24 h (inserts_per_day × horizon_hours ÷ 24 = 50000 × 24 ÷ 24 = 50000).',
    );
  });

  it('lists the remedies of errors and warnings, without repeats', () => {
    const r = recommend(
      ADVISOR_EXAMPLES.find((e) => e.title.startsWith('SQL Server change tracking'))?.traits as TableTraits,
    );
    const ct = r.candidates.find((c) => c.mode === 'change_tracking');
    expect(ct?.remedies.some((x) => x.includes('CHANGE_RETENTION = 2880 MINUTES'))).toBe(true);
    for (const c of r.candidates) expect(new Set(c.remedies).size).toBe(c.remedies.length);
  });
});

describe('recommend: properties', () => {
  it('every mode is a candidate once, ranked 1..n by the policy', () => {
    fc.assert(
      fc.property(traitsArb, optionsArb, (traits, options) => {
        const r = recommend(traits, options);
        expect(r.candidates.map((c) => c.mode).sort()).toEqual([...QUERY_MODES].sort());
        expect(r.candidates.map((c) => c.rank)).toEqual(QUERY_MODES.map((_, i) => i + 1));
        const firstEligible = r.candidates.findIndex((c) => c.eligible);
        const lastEligible = r.candidates.map((c) => c.eligible).lastIndexOf(true);
        if (firstEligible >= 0) expect(firstEligible).toBe(0);
        expect(r.candidates.slice(0, lastEligible + 1).every((c) => c.eligible)).toBe(true);
        expect(r.chosen).toBe(r.candidates[0]?.eligible ? r.candidates[0].mode : null);
        for (const c of r.candidates) {
          expect(c.eligible).toBe(c.body !== null && !c.findings.some((f) => f.severity === 'error'));
        }
      }),
      RUNS,
    );
  });

  it('a recommended body always validates and has no error finding for the same traits', () => {
    fc.assert(
      fc.property(traitsArb, optionsArb, (traits, options) => {
        const r = recommend(traits, options);
        if (r.chosen === null) return;
        expect(validateQueryModeBody(r.body).ok).toBe(true);
        const checkOptions =
          options.replicationFrequencyMinutes === undefined
            ? {}
            : { replicationFrequencyMinutes: options.replicationFrequencyMinutes };
        const findings = checkAgainstTable(r.body as never, traits, checkOptions);
        expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
        const chosen = r.candidates[0];
        expect(chosen?.findings.filter((f) => !isCaller(f.rule))).toEqual(findings);
      }),
      RUNS,
    );
  });

  it(`never recommends a row-limited mode (${ROW_LIMITED.join(', ')}) at 5,000,000 rows or more`, () => {
    expect(ROW_LIMITED.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(largeTraitsArb, optionsArb, (traits, options) => {
        const r = recommend(traits, options);
        expect(ROW_LIMITED).not.toContain(r.chosen);
        for (const c of r.candidates) if (ROW_LIMITED.includes(c.mode)) expect(c.eligible).toBe(false);
      }),
      RUNS,
    );
  });

  it('a mode that misses a change kind the table has never ranks above an eligible one that misses none', () => {
    fc.assert(
      fc.property(traitsArb, optionsArb, (traits, options) => {
        const r = recommend(traits, options);
        const complete = r.candidates.filter((c) => c.eligible && c.misses.length === 0);
        for (const c of r.candidates) {
          if (c.misses.length === 0) continue;
          for (const good of complete) expect(good.rank).toBeLessThan(c.rank);
        }
        const chosen = r.candidates[0];
        if (chosen?.eligible && chosen.misses.length > 0) expect(complete).toEqual([]);
      }),
      RUNS,
    );
  });

  it('adding a constraint never makes an ineligible mode eligible', () => {
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
            : { ...options, mustCapture: [...(options.mustCapture ?? []), kind] };
          const before = new Map(recommend(traits, options).candidates.map((c) => [c.mode, c.eligible]));
          for (const c of recommend(traits, tighter).candidates)
            if (c.eligible) expect(before.get(c.mode)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('ranks by the policy’s criteria in order', () => {
    fc.assert(
      fc.property(traitsArb, optionsArb, (traits, options) => {
        const r = recommend(traits, options);
        const warnings = (c: (typeof r.candidates)[number]) =>
          c.findings.filter((f) => f.severity === 'warning').length;
        const key = (c: (typeof r.candidates)[number]) => [
          c.eligible ? 0 : 1,
          c.misses.filter((k) => c.captures[k].mode === 'no').length,
          c.misses.length,
          c.events.events ?? (c.eventsBelow === null ? Number.POSITIVE_INFINITY : c.eventsBelow - 0.5),
          warnings(c),
          QUERY_MODES.indexOf(c.mode),
        ];
        expect(RANKING_POLICY).toHaveLength(6);
        for (let i = 1; i < r.candidates.length; i++) {
          const a = key(r.candidates[i - 1] as never);
          const b = key(r.candidates[i] as never);
          const d = a.findIndex((x, j) => x !== b[j]);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(a[d] as number).toBeLessThan(b[d] as number);
        }
      }),
      RUNS,
    );
  });

  it('recommendSummary makes the same choice, with the same body, events and reasons', () => {
    fc.assert(
      fc.property(traitsArb, optionsArb, (traits, options) => {
        const full = recommend(traits, options);
        const summary = recommendSummary(traits, options);
        expect(summary.chosen).toBe(full.chosen);
        expect(summary.body).toEqual(full.body);
        expect(summary.reasons).toEqual(full.reasons);
        expect(summary.events).toEqual(full.chosen === null ? null : full.candidates[0]?.events);
      }),
      RUNS,
    );
  });

  it('is deterministic and never throws, even on input that is not traits', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const a = recommend(junk as TableTraits);
        expect(recommend(junk as TableTraits)).toEqual(a);
        expect(() => recommendSummary(junk as TableTraits)).not.toThrow();
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('recommend: unknown change rates (the break_even policy)', () => {
  const carts = ADVISOR_EXAMPLES.find((e) =>
    e.title.startsWith('A mid-sized table'),
  ) as (typeof ADVISOR_EXAMPLES)[number];

  it('ranks a changes-reading mode that covers the table below the known whole-table estimate, and says why', () => {
    const r = recommend(carts.traits, carts.options);
    expect(r.chosen).toBe('timestamp+incrementing');
    const chosen = r.candidates[0];
    expect(chosen?.events.events).toBeNull();
    expect(chosen?.eventsBelow).toBe(r.candidates.find((c) => c.mode === 'full_load')?.events.events);
    expect(r.reasons.join(' ')).toContain('fewer than 4800000 rows a day');
  });

  it("ranks unknown estimates last with unknownEvents: 'last'", () => {
    const r = recommend(carts.traits, { ...carts.options, unknownEvents: 'last' });
    expect(r.chosen).toBe('full_load');
    expect(r.candidates.every((c) => c.eventsBelow === null)).toBe(true);
  });

  it('never applies when rates are given: known estimates are compared as numbers', () => {
    const traits = {
      ...carts.traits,
      changes: { inserts: 'yes', updates: 'yes', inserts_per_day: 10, updates_per_day: 10 },
    } as const;
    const r = recommend(traits, carts.options);
    expect(r.candidates.every((c) => c.eventsBelow === null)).toBe(true);
    expect(r.chosen).toBe('timestamp+incrementing');
  });
});

describe('recommend: identity columns', () => {
  it('prefers unique_incrementing for an append-only table keyed by UUID (values such as UUIDs are suitable)', () => {
    const r = recommend({
      source: 'postgresql',
      rows: 50_000_000,
      columns: [{ name: 'event_id', type: 'uuid', nullable: false, primary_key: true }],
      changes: { inserts: 'yes', updates: 'no' },
    });
    expect(r.chosen).toBe('unique_incrementing');
    const inc = r.candidates.find((c) => c.mode === 'incrementing');
    expect(
      inc?.findings.some((f) => f.rule === 'incrementing.auto_increment_fit' && f.severity === 'warning'),
    ).toBe(true);
  });

  it('keeps incrementing for an append-only table with an auto-increment key', () => {
    const r = recommend({
      source: 'postgresql',
      rows: 50_000_000,
      columns: [{ name: 'id', type: 'bigint', nullable: false, primary_key: true, auto_increment: true }],
      changes: { inserts: 'yes', updates: 'no' },
    });
    expect(r.chosen).toBe('incrementing');
  });
});
