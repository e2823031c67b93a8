/**
 * What users read in the docs (README.md, docs/*.md, the packages' READMEs) speaks of the
 * software, not of the project's history: no issue numbers, no "the lead", no hidden comments
 * about issues.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}/README.md`),
];

const HISTORY = [/\bissues? \d+/i, /\bthe lead\b/i, /<!--\s*(end )?issue/i];

describe('the docs users read', () => {
  it('name no issue number, no "the lead", and hide no comment about an issue', () => {
    const found: string[] = [];
    for (const page of pages) {
      const lines = readFileSync(join(root, page), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (HISTORY.some((re) => re.test(line))) found.push(`${page}:${i + 1}: ${line.trim().slice(0, 100)}`);
      });
    }
    expect(found).toEqual([]);
  });
});
