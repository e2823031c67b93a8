// Bundles the CLI into one file, dist/querymode.cjs, with everything it needs (core and openapi
// from source, commander, zod, yaml).
//
// Start-up cost is mostly V8 compiling the bundle, so the code only `schema` and `openapi` need
// (zod, its JSON Schema converter, yaml, the OpenAPI builder: about 80% of the bytes) is bundled
// separately and embedded in the main bundle as a string, compiled on first use. Every other
// command starts without parsing it. See docs/benchmarks.md (`pnpm bench cli-start`).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = (p) => new URL(p, import.meta.url).pathname;
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  conditions: ['source'],
  minify: true,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  // @querymode/introspect (and through it the database drivers and PGlite) stays outside the
  // bundle: only `inspect` and `demo` import it, with a real dynamic import(), so no other command
  // parses a byte of it (cold start: docs/benchmarks.md, `pnpm bench cli-start`).
  external: ['@querymode/introspect'],
};

// 1. The heavy chunk, as CommonJS text.
const heavy = await build({ ...common, entryPoints: [here('./src/lazy/heavy.ts')], write: false });
const heavyCode = heavy.outputFiles[0].text;

// 2. The main bundle, where `load-heavy` compiles that text once, on first use.
const lazyHeavy = {
  name: 'lazy-heavy',
  setup(b) {
    b.onResolve({ filter: /\/load-heavy\.js$/ }, () => ({ path: 'load-heavy', namespace: 'lazy-heavy' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-heavy' }, () => ({
      loader: 'js',
      contents: `
        const code = ${JSON.stringify(heavyCode)};
        let loaded;
        export function loadHeavy() {
          if (loaded === undefined) {
            const module = { exports: {} };
            new Function('module', 'exports', 'require', '__filename', '__dirname', code)(
              module, module.exports, require, __filename, __dirname);
            loaded = module.exports;
          }
          return Promise.resolve(loaded);
        }`,
    }));
  },
};

// 3. Commander requires node:child_process at load, only for executable subcommands, which
// querymode does not use; loading it (with net, dgram, ...) is a tenth of start-up. Defer it.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('/commander/')
        ? { path: 'child_process', namespace: 'lazy-builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      loader: 'js',
      contents: `let m; module.exports = new Proxy({}, { get: (_, k) => (m ??= require('node:child_process'))[k] });`,
    }));
  },
};

mkdirSync(here('./dist/'), { recursive: true });
const outfile = here('./dist/querymode.cjs');
await build({
  ...common,
  entryPoints: [here('./src/main.ts')],
  outfile,
  banner: { js: '#!/usr/bin/env node' },
  plugins: [lazyHeavy, lazyChildProcess],
});
chmodSync(outfile, 0o755);
writeFileSync(here('./dist/.gitignore'), '*\n');
