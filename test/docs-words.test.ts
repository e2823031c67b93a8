/**
 * What users read in the docs (README.md, CONTRIBUTING.md, docs/*.md, the packages' READMEs) speaks
 * of the software, not of the project's history, and cites only what users can read:
 * - no issue numbers, no "the lead", no hidden comments about issues;
 * - no "spec" as a citation ("the spec", "(spec 4.1)", "outside the spec") and no section number:
 *   rules are cited by their entry on docs/service.md. Code stays as it is: a quoted value
 *   (`source: 'spec'`) or anything between backticks is a stable code, explained in words beside it;
 * - every link to an entry of docs/service.md names an anchor the page has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}/README.md`),
];

const HISTORY = [/\bissues? \d+/i, /\bthe lead\b/i, /<!--\s*(end )?issue/i];

/** "spec" as a word (not "specification", not `outside_spec`), and section numbers. */
const CITATIONS = [/\bspecs?\b/i, /\bsections? \d+(\.\d+)*/i, /§/];

/** A line without its code: inline code spans and the quoted code values of shapes. */
const prose = (line: string) => line.replace(/`[^`]*`/g, '`…`').replace(/(['"])spec\1/gi, '…');

function linesOf(page: string): string[] {
  return readFileSync(join(root, page), 'utf8').split('\n');
}

function matching(patterns: readonly RegExp[], text: (line: string) => string = (l) => l): string[] {
  const found: string[] = [];
  for (const page of pages) {
    linesOf(page).forEach((line, i) => {
      if (patterns.some((re) => re.test(text(line))))
        found.push(`${page}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return found;
}

/** The anchors of docs/service.md: `<a id="...">` and the headings' own. */
function serviceAnchors(): Set<string> {
  const text = readFileSync(join(root, 'docs/service.md'), 'utf8');
  const ids = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1] as string);
  const headings = [...text.matchAll(/^#+ (.+)$/gm)].map((m) =>
    (m[1] as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-'),
  );
  return new Set([...ids, ...headings]);
}

describe('the docs users read', () => {
  it('name no issue number, no "the lead", and hide no comment about an issue', () => {
    expect(matching(HISTORY)).toEqual([]);
  });

  it('cite no "spec" and no section number, only what users can read', () => {
    expect(matching(CITATIONS, prose)).toEqual([]);
  });

  it('the check catches the citations users cannot follow, and leaves code alone', () => {
    const caught = (line: string) => CITATIONS.some((re) => re.test(prose(line)));
    for (const bad of [
      'the spec names no host',
      '(spec 4.1)',
      'follows spec 4.2',
      'documented outside the spec',
      "the spec's capture table",
      'the default mode (spec section 3)',
      'see section 2.3',
    ]) {
      expect(caught(bad), bad).toBe(true);
    }
    for (const fine of [
      "source: 'spec' | 'outside_spec' | 'inference'",
      "A `source` of `spec` is the service's API documentation",
      'the OpenAPI specification',
      'the SARIF specification',
    ]) {
      expect(caught(fine), fine).toBe(false);
    }
  });

  it('link only to anchors that docs/service.md has', () => {
    const anchors = serviceAnchors();
    expect(anchors.has('pagination')).toBe(true);
    const broken: string[] = [];
    let links = 0;
    for (const page of pages) {
      linesOf(page).forEach((line, i) => {
        for (const m of line.matchAll(/service\.md#([^)\s`'">\]]*)/g)) {
          links += 1;
          if (!anchors.has(m[1] as string)) broken.push(`${page}:${i + 1}: #${m[1]}`);
        }
      });
    }
    expect(links).toBeGreaterThan(40);
    expect(broken).toEqual([]);
  });
});
