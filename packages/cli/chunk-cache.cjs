// Saves the V8 code cache of a chunk of dist/ (build.mjs, 8.) as <chunk>.cache: compiles the chunk
// and runs its top level, as a command's first use does, with `require` resolving from the folder
// given (a driver's chunk requires what it left out from its installed driver's folder), then
// writes the cache, which then holds every function that run compiled. The chunks that require
// @querymode/core (taken from the program at run time) get an empty stand-in here: what their top
// level builds from it is thrown away; where that fails, the cache holds the parse alone.
// Usage: node chunk-cache.cjs dist/pg.cjs <folder to resolve from>
const { readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join, resolve } = require('node:path');
const vm = require('node:vm');

const file = resolve(process.argv[2]);
const from = Module.createRequire(join(resolve(process.argv[3]), 'package.json'));
const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file });
/** A value that answers every property, call and construction with itself. */
const anything = new Proxy(() => {}, {
  get: (_, key) =>
    key === Symbol.toPrimitive ? () => '' : key === Symbol.iterator ? [][Symbol.iterator] : anything,
  apply: () => anything,
  construct: () => anything,
});
const req = (id) => (id === '@querymode/core' ? anything : from(id));
try {
  const module = { exports: {} };
  script.runInThisContext()(module.exports, req, module, file, dirname(file));
} catch {
  // The top level needed more of core than the stand-in gives: the cache holds what compiled so far.
}
writeFileSync(`${file}.cache`, script.createCachedData());
