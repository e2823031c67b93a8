/**
 * A plan's questions grouped by the tally: the saving of a group is the exact sum of its tables',
 * however large (a sum past 2^53 stays exact).
 */
import { describe, expect, it } from 'vitest';
import { questionsFileParts } from '../../src/advisor/questions/answers-file.js';
import { QuestionTally } from '../../src/advisor/questions/plan-questions.js';
import type { TableQuestion } from '../../src/advisor/questions/table-questions.js';

const asked = (saves: number | null): TableQuestion => ({
  key: 'changes.updates',
  at: ['changes', 'updates'],
  question: 'Does the table get updates?',
  query: null,
  saves,
  billedBelow: saves === null ? 1_000 : null,
  modes: ['incrementing'],
});

describe('QuestionTally', () => {
  it('sums the savings of a group exactly, past the largest exact number', () => {
    const tally = new QuestionTally();
    const big = Number.MAX_SAFE_INTEGER;
    for (const [i, saves] of [big, big, 3, null, big].entries())
      tally.add({ table: `s.t${i}`, questions: [asked(saves)] });
    const [group] = tally.groups();
    expect(group?.saves).toBe((3n * BigInt(big) + 3n).toString());
    expect(group?.breakEven).toBe(1);
    expect(group?.tables).toHaveLength(5);
    // Every table asks it: one answer in defaults, its saving the exact sum, written with commas.
    const file = questionsFileParts(tally, { span: '30 days' }).join('');
    expect(file).toContain('5 tables; may save up to 27,021,597,764,222,976 billed events over 30 days');
  });

  it('writes two questions of one key, each for a table named twice, as their own blocks over one answer', () => {
    const tally = new QuestionTally();
    const first = (saves: number) => asked(saves);
    const second = (saves: number) => ({ ...asked(saves), question: 'Are rows ever updated?' });
    tally.add({ table: 's.a', questions: [first(10)] });
    tally.add({ table: 's.a', questions: [first(5), second(7)] });
    tally.add({ table: 's.b', questions: [second(3)] });
    tally.add({ table: 's.a', questions: [second(2)] });
    tally.add({ table: 's.c', questions: [] });
    const file = questionsFileParts(tally, { span: '30 days' }).join('');
    const entry = file.slice(file.indexOf('  "s.a":'), file.indexOf('  "s.b":'));
    expect(entry).toContain(
      '# 1. Does the table get updates?\n      #    2 tables; may save up to 15 billed',
    );
    expect(entry).toContain('# 2. Are rows ever updated?\n      #    2 tables; may save up to 9 billed');
    expect(entry.match(/updates: unknown/g)).toHaveLength(1);
  });
});
