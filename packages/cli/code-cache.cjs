// Saves the V8 code cache of dist/cli.cjs as dist/cli.cjs.cache (read by src/load-program.ts):
// runs the program once with the command line given after the file, in a temporary folder with a
// clean environment, and writes the cache at exit, when it holds every function the run compiled.
// Usage: node code-cache.cjs dist/cli.cjs recommend --rows 5
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { tmpdir } = require('node:os');
const { dirname, join, resolve } = require('node:path');
const vm = require('node:vm');

const file = resolve(process.argv[2]);
process.argv.splice(2, 1);
const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file });
const cwd = mkdtempSync(join(tmpdir(), 'qm-code-cache-'));
process.chdir(cwd);
process.on('exit', () => {
  writeFileSync(`${file}.cache`, script.createCachedData());
  rmSync(cwd, { recursive: true, force: true });
});
const program = { exports: {}, filename: file, id: file, loaded: false };
script.runInThisContext()(program.exports, Module.createRequire(file), program, file, dirname(file));
