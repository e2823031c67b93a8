/**
 * The growth question ("how many rows are inserted into the table a day? Fewer than N ... keeps it
 * under the row limit"), whose closing figure is each table's own: one group of a plan's questions
 * (its words without the figure), each table's figure beside it, in the answers file too.
 */
import {
  chooseModeWithReach,
  compactRecordWithReach,
  QuestionTally,
  questionsFileParts,
  tableQuestions,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { growingTable } from '../../../../test/support/growing-table.js';

const TABLES = [
  growingTable('app.small', 1_000_000),
  growingTable('app.large', 4_000_000),
  growingTable('app."Odd ""t"""', 2_500_000),
];

function tally(): QuestionTally {
  const t = new QuestionTally();
  TABLES.forEach((traits, i) => {
    const r = compactRecordWithReach({ line: i + 1, value: traits, options: {}, detail: 'compact' });
    if (!r.record.ok || r.reach === undefined) throw new Error(JSON.stringify(r.record));
    t.add(tableQuestions(r.record.table, traits, r.reach, r.awaited));
  });
  return t;
}

describe('the growth question across a plan', () => {
  it('is one group, each table with its own figure', () => {
    const groups = tally()
      .groups()
      .filter((g) => g.key === 'changes.inserts_per_day');
    expect(groups).toHaveLength(1);
    const [g] = groups;
    expect(g?.question).toBe('How many rows are inserted into the table a day?');
    expect(g?.tables.map((t) => [t.table, t.figure])).toEqual([
      [
        'app.small',
        'Fewer than 133,333 rows inserted a day (net of deletes) keeps it under 5,000,000 rows for the 30-day horizon.',
      ],
      [
        'app.large',
        'Fewer than 33,333 rows inserted a day (net of deletes) keeps it under 5,000,000 rows for the 30-day horizon.',
      ],
      [
        'app."Odd ""t"""',
        'Fewer than 83,333 rows inserted a day (net of deletes) keeps it under 5,000,000 rows for the 30-day horizon.',
      ],
    ]);
  });

  it('is asked once in the answers file, with each table named beside its figure', () => {
    const text = questionsFileParts(tally(), { span: '30 days' }).join('');
    expect(text.match(/How many rows are inserted into the table a day\?/g)).toHaveLength(1);
    expect(text).toContain('#    "app.large": Fewer than 33,333 rows inserted a day');
    expect(text).toContain('#    "app.\\"Odd \\"\\"t\\"\\"\\"": Fewer than 83,333 rows inserted a day');
  });

  it("gives a plan's table questions the queries and JSON of the questions with every word written", () => {
    for (const traits of TABLES) {
      const all = chooseModeWithReach(traits, {});
      const asked = chooseModeWithReach(traits, {}, 'questions');
      if (!all.ok || !asked.ok) throw new Error('not advised');
      const written = tableQuestions(traits.table ?? null, traits, all.value.reach, all.value.awaited);
      const later = tableQuestions(traits.table ?? null, traits, asked.value.reach, asked.value.awaited);
      expect(later.questions.map((q) => q.query)).toEqual(written.questions.map((q) => q.query));
      expect(JSON.stringify(later)).toBe(JSON.stringify(written));
      expect(later.questions.some((q) => q.recipe !== undefined && q.query !== null)).toBe(true);
    }
  });
});
