/**
 * Loads the program (`dist/cli.cjs`) with the V8 code cache the build saved beside it
 * (`dist/cli.cjs.cache`, see `code-cache.cjs`), so that a start compiles none of the functions a
 * command usually runs; where the cache is missing, the program is required as any module. The
 * program has no `import()` (the build turns each into a `require`): Node 20 cannot resolve one in
 * a function read from a cache. V8 checks the cache against the source and its own version and
 * flags, and compiles afresh when it does not fit: a stale cache costs time, never behaviour.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

/** Runs the CommonJS program `file`, with `file.cache` as its code cache when there is one. */
export function loadProgram(file: string): void {
  const cachedData = readCache(`${file}.cache`);
  if (cachedData === undefined) {
    require(file);
    return;
  }
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file,
    cachedData,
  });
  const module = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
}

/** The cache file's bytes, or undefined when there is none. */
function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
