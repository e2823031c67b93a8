/**
 * The formats of `querymode verify` carry the same verdicts: GitHub annotations (at most ten, the
 * worst first, the rest summarised), the Markdown summary and the NDJSON records name the same
 * tables with the same verdicts; hostile names cannot act on a terminal, break an annotation or
 * a Markdown cell.
 */
import { type PlannedTable, type TableTraits, type TableVerification, verifier } from '@querymode/core';
import { verifyRecord } from '@querymode/core/schemas';
import { describe, expect, it } from 'vitest';
import { githubAnnotations, MAX_ANNOTATIONS, markdownSummary } from '../src/verify/formats.js';
import { noVerdicts, tableLine } from '../src/verify/render.js';

const HOSTILE = ['a|b`c<d>&', 'x\u001b[31mred', 'nl\nx%0A', 'bidi\u202eevil', 'q"\'\\$$;--'];
const verify = (() => {
  const v = verifier({});
  if (!v.ok) throw new Error('valid options');
  return v.value;
})();

function verifications(n: number): TableVerification[] {
  const out: TableVerification[] = [];
  for (let i = 0; i < n; i++) {
    const table = `s.${HOSTILE[i % HOSTILE.length]}${i}`;
    const traits: TableTraits = { table, source: 'postgresql', rows: 6_000_000 };
    const planned: PlannedTable = { table, line: i + 1, body: { config: { mode: 'full_load' } } };
    const kind = i % 3;
    const r =
      kind === 0
        ? verify(planned, traits)
        : kind === 1
          ? verify(undefined, traits)
          : verify(planned, undefined);
    if (!r.ok) throw new Error(r.issues[0]?.message);
    out.push(r.value);
  }
  return out;
}

describe('verify formats', () => {
  const list = verifications(14);
  const counts = noVerdicts();
  for (const v of list) counts[v.verdict] += 1;

  it('carry the same tables and verdicts', () => {
    const records = list.map(verifyRecord).map((r) => [r.table, r.verdict]);
    const annotations = githubAnnotations(list.slice(0, 9), counts, false).slice(0, 9);
    expect(annotations.map((a) => /^::(\w+) title=querymode verify%3A (\w+)%3A/.exec(a)?.[2])).toEqual(
      records.slice(0, 9).map((r) => r[1]),
    );
    const rows = markdownSummary(list, counts, false)
      .split('\n')
      .filter((l) => /^\| (broken|unverified|new|gone|better) \|/.test(l));
    expect(rows.map((r) => r.split(' | ')[0]?.slice(2))).toEqual(records.map((r) => r[1]));
    expect(list.map(tableLine).map((l) => l.split(' ')[0])).toEqual(records.map((r) => r[1]));
  });

  it('write at most ten annotations, the rest summarised', () => {
    const lines = githubAnnotations(list, counts, true).filter((l) => l.startsWith('::'));
    expect(lines).toHaveLength(MAX_ANNOTATIONS);
    expect(lines.at(-1)).toMatch(/^::\w+::5 more tables do not hold/);
  });

  it('keep hostile names from acting on the terminal or breaking an annotation or a cell', () => {
    const text = [
      ...githubAnnotations(list, counts, false),
      markdownSummary(list, counts, false),
      ...list.map(tableLine),
    ].join('\n');
    expect(text.includes('\u001b') || text.includes('\u202e')).toBe(false);
    for (const line of githubAnnotations(list, counts, false)) expect(line).not.toMatch(/[\r\n]/);
    for (const row of markdownSummary(list, counts, false)
      .split('\n')
      .filter((l) => l.startsWith('| '))) {
      expect(row.split('|')).toHaveLength(5);
      expect(row).not.toMatch(/[`<>]/);
    }
    for (const line of list.map(tableLine)) expect(line).not.toContain('\n');
  });
});
