/**
 * What a user of the packages reads in an editor's hover (the TSDoc comments of the packages'
 * sources) cites what users can read, as the docs do: no "the spec", "(spec 4.1)" or "outside the
 * spec"; rules are cited by their entry on docs/service.md. `@querymode/openapi` is the exception:
 * its sources keep section references for traceability, and its build moves them out of the
 * published prose into one extension (its own test checks that the published text has none).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const EXCEPT = new Set(['openapi']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** "spec" as a citation: the document, its possessive, or a section number. */
const CITATION = /\bthe spec\b|\bspec's\b|\(spec \d|\bspecs? \d+(\.\d+)?\b|\boutside the spec\b/i;

const cited = (comment: string) => CITATION.test(comment.replace(/`[^`]*`/g, '`…`'));

describe('the TSDoc users read in their editor', () => {
  it('cites no "spec" and no section of it', () => {
    const found: string[] = [];
    for (const pkg of readdirSync(join(root, 'packages'))) {
      if (EXCEPT.has(pkg)) continue;
      let files: string[];
      try {
        files = sources(join(root, 'packages', pkg, 'src'));
      } catch {
        continue;
      }
      for (const file of files) {
        for (const m of readFileSync(file, 'utf8').matchAll(/\/\*\*[\s\S]*?\*\//g)) {
          if (cited(m[0])) found.push(`${file.slice(root.length + 1)}: ${m[0].slice(0, 120)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the check catches the citations and leaves code alone', () => {
    for (const bad of [
      '/** (spec 4.1) */',
      '/** documented outside the spec */',
      "/** the spec's table */",
    ]) {
      expect(cited(bad), bad).toBe(true);
    }
    for (const fine of ["/** `source: 'spec'` */", '/** RFC 8259 section 8.1 */', '/** under `spec` */']) {
      expect(cited(fine), fine).toBe(false);
    }
  });
});
