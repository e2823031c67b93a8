/**
 * `pnpm run structure [package...]`: the folders of each package's sources, one per line, with the
 * folders each imports (imports into a folder's own subfolders, or from a subfolder into its
 * parent, are how a folder is built and are left out), followed by any import cycle. The same
 * reader as `test/structure.test.ts`, which fails on a cycle.
 *
 * @module
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cycles, folderGraph, importGraph } from './structure/import-graph.js';

const root = join(import.meta.dirname, '..');
const asked = process.argv.slice(2);
const packages = asked.length > 0 ? asked : readdirSync(join(root, 'packages')).sort();

for (const pkg of packages) {
  const src = join(root, 'packages', pkg, 'src');
  const { graph } = importGraph(src);
  const folders = folderGraph(graph, src);
  console.log(`packages/${pkg}/src: ${graph.size} files, ${folders.size} folders`);
  for (const [folder, imports] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    const list = [...imports].sort().join(', ');
    console.log(`  ${folder}${list === '' ? '' : ` -> ${list}`}`);
  }
  const fileCycles = cycles(graph);
  const folderCycles = cycles(folders);
  for (const group of fileCycles)
    console.log(`  file cycle: ${group.map((f) => relative(src, f)).join(' -> ')}`);
  for (const group of folderCycles) console.log(`  folder cycle: ${group.join(' -> ')}`);
  if (fileCycles.length + folderCycles.length === 0) console.log('  no import cycle');
}
