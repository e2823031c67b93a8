// Builds a library package of the workspace (run from its folder: `node ../../scripts/build-library.mjs`)
// into the two formats its `exports` map publishes:
// - dist/esm: ES modules and their declarations, from tsconfig.build.json (NodeNext);
// - dist/cjs: CommonJS and its declarations, from tsconfig.cjs.json (module commonjs), with a
//   dist/cjs/package.json `{ "type": "commonjs" }` so that Node and TypeScript read both as
//   CommonJS inside a package that is otherwise "type": "module".
// The recipe for a new package is in docs/packaging.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
mkdirSync(join(dir, 'dist', 'cjs'), { recursive: true });
writeFileSync(join(dir, 'dist', 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
