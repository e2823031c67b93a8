/**
 * The import structure of the packages' sources, read with TypeScript's own pre-processor (static
 * imports, `export ... from`, type-only imports and `import()` alike): which file imports which,
 * and which folder imports which. Used by `test/structure.test.ts` (no import cycle, folders
 * one-way) and `scripts/structure.ts` (prints the folders of each package).
 *
 * Only relative imports are edges: a package imports another through its name, and those are
 * checked as the workspace's package dependencies.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The relative imports of each source file of one package: absolute path to absolute paths. */
export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** The TypeScript sources under `dir`, declaration files left out. */
function sourcesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sourcesUnder(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The file a relative specifier names (`./x.js` is `./x.ts`, a folder is its `index.ts`), if any. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** The import graph of the sources under `srcDir`, and the relative specifiers that name no file. */
export function importGraph(srcDir: string): { graph: ImportGraph; unresolved: string[] } {
  const graph = new Map<string, Set<string>>();
  const unresolved: string[] = [];
  for (const file of sourcesUnder(srcDir)) {
    const targets = new Set<string>();
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveSpecifier(file, fileName);
      if (target === undefined) unresolved.push(`${relative(srcDir, file)}: ${fileName}`);
      else targets.add(target);
    }
    graph.set(file, targets);
  }
  return { graph, unresolved };
}

/** The strongly connected groups of more than one node (each is an import cycle), by Tarjan's algorithm. */
export function cycles<T>(edges: ReadonlyMap<T, ReadonlySet<T>>): T[][] {
  let next = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const visit = (v: T): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: T[] = [];
      let w: T;
      do {
        w = stack.pop() as T;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Whether folder `a` contains folder `b` (at any depth). */
const contains = (a: string, b: string): boolean => b.startsWith(`${a}/`);

/**
 * The folders that import one another, each relative to `srcDir`. An import between a folder and
 * a folder inside it is left out: a folder's index importing its parts, and the parts importing
 * the folder's shared types, is how a folder is built. Every other import between folders must
 * run one way, so this graph must have no cycle.
 */
export function folderGraph(graph: ImportGraph, srcDir: string): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  const name = (file: string) => relative(srcDir, dirname(file)) || '.';
  for (const [file, targets] of graph) {
    const from = dirname(file);
    const set = folders.get(name(file)) ?? new Set<string>();
    folders.set(name(file), set);
    for (const target of targets) {
      const to = dirname(target);
      if (to === from || contains(from, to) || contains(to, from)) continue;
      set.add(name(target));
    }
  }
  return folders;
}
