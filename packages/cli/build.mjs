// Bundles the CLI into dist/querymode.cjs, with everything it needs (core and openapi from source,
// commander, zod, yaml), and the `report` command into dist/report.cjs (see 4. below).
//
// Start-up cost is mostly V8 compiling the bundle, so the code only `schema` and `openapi` need
// (zod, its JSON Schema converter, yaml, the OpenAPI builder: about 80% of the bytes) is bundled
// separately and embedded in the main bundle as a string, compiled on first use; so is the code of
// `mock` and `apply` (the mock server and the client). Every other command starts without parsing
// either; `report` lives in a file of its own. See docs/benchmarks.md (`pnpm bench cli-start`).
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { buildPageAssets } from '../report/build-page.mjs';

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
  // `ndjson/worker-file.ts` reads import.meta only from source; in this CommonJS bundle it is
  // empty and never read.
  logOverride: { 'empty-import-meta': 'silent' },
};

// 1. The lazy chunks, as CommonJS text: `heavy` (schema, openapi), `net` (mock, apply: the
// client and the mock server) and `answers` (the `--answers` file's reader, with yaml).
const chunks = {};
for (const name of ['heavy', 'net', 'answers']) {
  const out = await build({ ...common, entryPoints: [here(`./src/lazy/${name}.ts`)], write: false });
  chunks[name] = out.outputFiles[0].text;
}

// 2. The main bundle, where `load-<name>` compiles its chunk's text once, on first use.
const lazyChunk = (name, loader) => ({
  name: `lazy-${name}`,
  setup(b) {
    b.onResolve({ filter: new RegExp(`/load-${name}\\.js$`) }, () => ({
      path: `load-${name}`,
      namespace: `lazy-${name}`,
    }));
    b.onLoad({ filter: /.*/, namespace: `lazy-${name}` }, () => ({
      loader: 'js',
      contents: `
        const code = ${JSON.stringify(chunks[name])};
        let loaded;
        export function ${loader}() {
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
});

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

// dist/ starts empty: a file left by an older build (a .gitignore) would change what is packed.
rmSync(here('./dist/'), { recursive: true, force: true });
mkdirSync(here('./dist/'), { recursive: true });

// 4. Issue 11: the `report` command in a file of its own, dist/report.cjs, with the report page's
// script and style bundled now (by @querymode/report's build-page.mjs) and held as data in place of
// src/page-assets.ts. It is over 500 KB (the page's libraries, zod); embedded as a string like
// the chunks above, it made every command start slower (`querymode --version`: 1.63x `node -e 0`
// instead of 1.27x, `pnpm bench cli-start`), so `load-report` requires the file on first use.
const assets = await buildPageAssets();
/** A plugin that replaces the module whose path ends in `/<file>` with `contents`. */
const replaceModule = (file, contents) => ({
  name: `replace-${file}`,
  setup(b) {
    const namespace = `replace-${file}`;
    b.onResolve({ filter: new RegExp(`/${file.replace('.', '\\.')}$`) }, () => ({ path: file, namespace }));
    b.onLoad({ filter: /.*/, namespace }, () => ({ loader: 'js', contents }));
  },
});
await build({
  ...common,
  entryPoints: [here('./src/lazy/report.ts')],
  outfile: here('./dist/report.cjs'),
  plugins: [
    replaceModule(
      'page-assets.js',
      `const assets = ${JSON.stringify(assets)};\nexport async function pageAssets() { return assets; }`,
    ),
  ],
});
const reportFile = replaceModule(
  'load-report.js',
  `
  let loaded;
  export function loadReport() {
    loaded ??= require(require('node:path').join(__dirname, 'report.cjs'));
    return Promise.resolve(loaded);
  }`,
);

// 5. The script of `recommend --ndjson`'s worker threads, dist/ndjson-worker.cjs (core and the line
// function only), which `ndjson/worker-file.ts` finds beside the main bundle.
await build({
  ...common,
  entryPoints: [here('./src/lazy/ndjson-worker.ts')],
  outfile: here('./dist/ndjson-worker.cjs'),
});
const outfile = here('./dist/querymode.cjs');
await build({
  ...common,
  entryPoints: [here('./src/main.ts')],
  outfile,
  banner: { js: '#!/usr/bin/env node' },
  plugins: [
    lazyChunk('heavy', 'loadHeavy'),
    lazyChunk('net', 'loadNet'),
    lazyChunk('answers', 'loadAnswers'),
    reportFile,
    lazyChildProcess,
  ],
});
chmodSync(outfile, 0o755);
