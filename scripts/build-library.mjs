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
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const dir = process.cwd();

rmSync(join(dir, 'dist'), { recursive: true, force: true });
/** Runs tsc with `config` into `outDir`; resolves to its exit status. */
const compile = (config, outDir) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', config, '--outDir', outDir], {
      cwd: dir,
      stdio: 'inherit',
    });
    child.on('error', () => resolve(1));
    child.on('close', (status) => resolve(status ?? 1));
  });
// Both formats at once: each tsc uses one core, and `pnpm test` builds on a two-core machine.
const statuses = await Promise.all([
  compile('tsconfig.build.json', 'dist/esm'),
  compile('tsconfig.cjs.json', 'dist/cjs'),
]);
const failed = statuses.find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);
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
