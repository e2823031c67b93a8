// Builds a library package of the workspace (run from its folder: `node ../../scripts/build-library.mjs`)
// into the two formats its `exports` map publishes:
// - dist/esm: ES modules and their declarations, from tsconfig.build.json (NodeNext);
// - dist/cjs: CommonJS and its declarations, from tsconfig.cjs.json (module commonjs), with a
//   dist/cjs/package.json `{ "type": "commonjs" }` so that Node and TypeScript read both as
//   CommonJS inside a package that is otherwise "type": "module".
// The recipe for a new package is in docs/packaging.md.
//
// The declarations lose the `#private;` member that TypeScript writes into a class with private
// (`#name`) fields: it only makes such classes nominal, and it is a syntax error for a consumer
// whose compiler targets ES5, TypeScript's default without a tsconfig ("Private identifiers are
// only available when targeting ECMAScript 2015 and higher"). The classes' public members are
// unchanged; test/packages.test.ts compiles a consumer so.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const dir = process.cwd();

rmSync(join(dir, 'dist'), { recursive: true, force: true });
for (const [config, outDir] of [
  ['tsconfig.build.json', 'dist/esm'],
  ['tsconfig.cjs.json', 'dist/cjs'],
]) {
  const r = spawnSync(process.execPath, [tsc, '-p', config, '--outDir', outDir], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
/** Removes the `#private;` line of every declaration file under `folder`. */
function dropPrivateBrands(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const without = text.replace(/^[ \t]*#private;\r?\n/gm, '');
    if (without !== text) writeFileSync(file, without);
  }
}
dropPrivateBrands(join(dir, 'dist'));
mkdirSync(join(dir, 'dist', 'cjs'), { recursive: true });
writeFileSync(join(dir, 'dist', 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
