/**
 * The import structure, checked with the project's own reader (`scripts/structure/import-graph.ts`;
 * `pnpm run structure` prints it): no package's sources import in a circle, the folders of each
 * package import one another one way only, and the packages depend on one another one way only,
 * with core at the bottom.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, importGraph } from '../scripts/structure/import-graph.js';

const ROOT = join(import.meta.dirname, '..');
const PACKAGES = readdirSync(join(ROOT, 'packages')).sort();

/** The packages of the workspace each package depends on (dependencies and peers, not dev). */
function workspaceDependencies(): Map<string, Set<string>> {
  const byName = new Map<string, string>();
  const manifests = PACKAGES.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8'));
    byName.set(manifest.name, dir);
    return { dir, manifest };
  });
  const edges = new Map<string, Set<string>>();
  for (const { dir, manifest } of manifests) {
    const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    edges.set(dir, new Set(names.flatMap((n) => (byName.has(n) ? [byName.get(n) as string] : []))));
  }
  return edges;
}

describe('the import structure', () => {
  for (const pkg of PACKAGES) {
    const src = join(ROOT, 'packages', pkg, 'src');
    const { graph, unresolved } = importGraph(src);

    it(`${pkg}: every relative import names a file`, () => {
      expect(unresolved).toEqual([]);
    });

    it(`${pkg}: no source file imports itself through others`, () => {
      const found = cycles(graph).map((group) => group.map((f) => relative(src, f)).sort());
      expect(found).toEqual([]);
    });

    it(`${pkg}: folders import one another one way only`, () => {
      expect(cycles(folderGraph(graph, src)).map((group) => group.sort())).toEqual([]);
    });
  }

  it('packages depend on one another one way only, and core on none of them', () => {
    const edges = workspaceDependencies();
    expect(cycles(edges)).toEqual([]);
    expect([...(edges.get('core') ?? [])]).toEqual([]);
  });

  it('a cycle is found where there is one (the check is live)', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(edges).map((g) => g.sort())).toEqual([['a', 'b', 'c']]);
  });
});
