/**
 * Counts read as English everywhere (issue 36, item 14): `5 journal entries`, `1 pipeline`, from
 * one helper, core's `countOf`, which every package's output uses rather than a suffix of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countOf, pluralOf } from '@querymode/core';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** The TypeScript sources of every package (its `src/`, and the report's page script). */
function sources(): string[] {
  const out: string[] = [];
  for (const pkg of readdirSync(join(root, 'packages'))) {
    for (const dir of ['src', 'page']) {
      let files: string[];
      try {
        files = readdirSync(join(root, 'packages', pkg, dir), { recursive: true, encoding: 'utf8' });
      } catch {
        continue;
      }
      for (const f of files) if (f.endsWith('.ts')) out.push(join('packages', pkg, dir, f));
    }
  }
  return out;
}

describe('counts in English', () => {
  it('names one thing in the singular and any other number in the plural', () => {
    expect(countOf(1, 'pipeline')).toBe('1 pipeline');
    expect(countOf(0, 'table')).toBe('0 tables');
    expect(countOf(5, 'journal entry')).toBe('5 journal entries');
    expect(countOf(1, 'journal entry')).toBe('1 journal entry');
    expect(countOf(2, 'day')).toBe('2 days');
    expect(countOf(3, 'match')).toBe('3 matches');
    expect(countOf(1_200_000, 'record')).toBe('1,200,000 records');
    expect(pluralOf('advice finding')).toBe('advice findings');
  });

  it('come from countOf: no package adds a plural suffix of its own', () => {
    // `n === 1 ? '' : 's'` and `element(s)`: the shapes that wrote "5 journal entrys" and "1 pipelines".
    const suffix = /=== 1 \? '' : 's'|\w\(s\)(?=,| (of|in|to|from|and)\b)/;
    const offenders = sources().filter((f) => suffix.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
