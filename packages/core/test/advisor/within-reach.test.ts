/**
 * Cheaper within reach: a mode that would bill fewer events than the answer and is blocked only by
 * facts not known (or a remedy) is named with its saving and its questions, each fact asked once;
 * a mode known to miss a required kind is never within reach; nothing is said when none is cheaper.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { chooseModeWithReach } from '../../src/advisor/questions/reach-only.js';
import { chooseMode, recommend } from '../../src/advisor/recommend/recommend.js';
import type { FactQuestion } from '../../src/advisor/sql/questions.js';
import type { TableTraits } from '../../src/advisor/traits/model.js';
import { largeTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

const audited = (extra: Partial<TableTraits> = {}): TableTraits => ({
  rows: 1_200_000,
  columns: [
    { name: 'id', type: 'bigint', primary_key: true, auto_increment: true },
    { name: 'updated_at', type: 'timestamp', nullable: false, set_on_insert: true, set_on_update: true },
  ],
  changes: { inserts: 'yes', updates: 'yes', inserts_per_day: 1000, updates_per_day: 500 },
  ...extra,
});

function reachOf(traits: TableTraits) {
  const r = recommend(traits);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

describe('cheaper within reach', () => {
  it('chooseModeWithReach (one evaluation for both) gives the verdict of chooseMode and the withinReach of recommend', () => {
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
        const both = chooseModeWithReach(traits, options);
        const choice = chooseMode(traits, options);
        expect(both.ok).toBe(choice.ok);
        if (!both.ok || !choice.ok) return;
        expect(both.value.choice).toEqual(choice.value);
        const full = recommend(traits, options);
        if (full.ok) expect(both.value.reach).toEqual(full.value.withinReach);
      }),
      propertyRuns(1000, 43),
    );
  });

  it("with the words of a plan's questions, gives the same modes and questions, no remedy written", () => {
    fc.assert(
      fc.property(fc.oneof(traitsArb, largeTraitsArb), optionsArb, (traits, options) => {
        const all = chooseModeWithReach(traits, options);
        const asked = chooseModeWithReach(traits, options, 'questions');
        expect(asked.ok).toBe(all.ok);
        if (!asked.ok || !all.ok) return;
        expect(asked.value.choice).toEqual(all.value.choice);
        // A plan's question writes its query when read (`RecipeQuestion`): compared as read.
        const read = (qs: readonly FactQuestion[] | undefined) =>
          qs?.map((q) => ({
            path: q.path,
            question: q.question,
            query: q.query,
            noQuery: q.noQuery,
            figure: q.figure,
          }));
        expect(asked.value.awaited?.mode).toEqual(all.value.awaited?.mode);
        expect(read(asked.value.awaited?.questions)).toEqual(read(all.value.awaited?.questions));
        expect(read(asked.value.reach.questions)).toEqual(read(all.value.reach.questions));
        expect(asked.value.reach.modes).toEqual(all.value.reach.modes.map((m) => ({ ...m, toUnlock: [] })));
      }),
      propertyRuns(1000, 44),
    );
  });

  it('names the cheaper mode, its saving over the span and the facts it needs', () => {
    const r = reachOf(audited());
    expect(r.chosen).toBe('full_load');
    const [first] = r.withinReach.modes;
    const answer = r.candidates[0]?.events.billed as number;
    const cheaper = r.candidates.find((c) => c.mode === 'timestamp+incrementing');
    expect(first?.mode).toBe('timestamp+incrementing');
    expect(first?.saves).toBe(answer - (cheaper?.events.billed as number));
    const asked = first?.asks.map((i) => r.withinReach.questions[i]?.path.join('.'));
    expect(asked).toContain('source');
  });

  it('asks a fact several modes need once, and orders the modes by savings', () => {
    const r = reachOf(audited());
    const keys = r.withinReach.questions.map((q) => `${q.question}\n${q.query}`);
    expect(new Set(keys).size).toBe(keys.length);
    const saves = r.withinReach.modes.map((m) => m.saves ?? -1);
    expect(saves).toEqual([...saves].sort((a, b) => b - a));
    for (const m of r.withinReach.modes)
      for (const i of m.asks) expect(r.withinReach.questions[i]).toBeDefined();
  });

  it('never names a mode known to miss a kind of change the table needs', () => {
    const r = reachOf(audited({ source: 'postgresql' }));
    const modes = r.withinReach.modes.map((m) => m.mode);
    expect(modes).not.toContain('incrementing');
    expect(modes).not.toContain('timestamp');
  });

  it('says nothing when the answer is already the cheapest', () => {
    const r = reachOf({
      source: 'postgresql',
      table: 'public.t',
      rows: 10,
      columns: [{ name: 'id', type: 'bigint', primary_key: true, unique: true, auto_increment: true }],
      changes: { inserts: 'yes', updates: 'no', deletes: 'no', inserts_per_day: 1000, updates_per_day: 0 },
    });
    for (const m of r.withinReach.modes) expect(m.mode).not.toBe(r.best);
    expect(r.withinReach.modes.every((m) => (m.saves ?? 1) > 0)).toBe(true);
  });
});
