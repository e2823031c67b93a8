/**
 * What each command's process loads (issue 39): every package once, from the CLI's bundle, and
 * nothing a command does not use. A preload records each file Node compiles (CommonJS, the
 * program with its code cache, the bundle's chunks, ES modules), so that a run that imports another package's build (before:
 * `inspect` loaded introspect's and core's ES builds, 172 files, beside the bundle that held core)
 * or a start that loads the program for `--version` fails here. Counts of files, not times.
 */
import { type StdioOptions, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MYSQL_READER_URL, PG_READER_URL } from '../../packages/introspect/test/support/servers.js';
import { BIN, tempDir } from './run-cli.js';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The preload: appends the path of each module Node compiles to the file `QUERYMODE_LOADED`. */
const PRELOAD = `
const Module = require('node:module');
const vm = require('node:vm');
const { appendFileSync } = require('node:fs');
const out = process.env.QUERYMODE_LOADED;
// Node's own fetch (undici) is loaded on first use of a global such as Response: noted at exit.
process.on('exit', () => { if (process.moduleLoadList.some((m) => m.includes('undici'))) appendFileSync(out, '#undici\\n'); });
const compile = Module.prototype._compile;
Module.prototype._compile = function (code, file) { appendFileSync(out, file + '\\n'); return compile.call(this, code, file); };
const compileFunction = vm.compileFunction;
vm.compileFunction = function (code, params, options) { appendFileSync(out, options.filename + '\\n'); return compileFunction.apply(this, arguments); };
const Script = vm.Script;
vm.Script = new Proxy(Script, { construct(target, args) {
  appendFileSync(out, args[1].filename + '\\n');
  const script = Reflect.construct(target, args);
  if (args[1].cachedData !== undefined) appendFileSync(out, '#code cache ' + (script.cachedDataRejected ? 'rejected' : 'used') + '\\n');
  return script;
} });
Module.register('data:text/javascript,' + encodeURIComponent(
  'import { appendFileSync } from "node:fs";' +
  'export async function load(url, context, next) {' +
  '  if (url.startsWith("file:")) appendFileSync(' + JSON.stringify(out) + ', url + "\\\\n");' +
  '  return next(url, context);' +
  '}'));
`;
const preload = join(dir, 'preload.cjs');
writeFileSync(preload, PRELOAD);

/** A preload that writes the Node built-ins the process loaded to the file `QUERYMODE_LOADED`, at exit (the one above registers loader hooks, which start a worker thread). */
const builtinsPreload = join(dir, 'builtins.cjs');
writeFileSync(
  builtinsPreload,
  `process.on('exit', () => require('node:fs').writeFileSync(process.env.QUERYMODE_LOADED, process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join('\\n')));`,
);

/**
 * The Node built-ins a run of the bin with `args` loaded (`worker_threads`, `internal/...`), its
 * standard streams pipes unless `stdio` says otherwise.
 */
function builtins(args: readonly string[], stdio: StdioOptions = 'pipe'): string[] {
  const out = join(dir, `builtins-${Math.random().toString(36).slice(2)}.txt`);
  spawnSync(process.execPath, ['--require', builtinsPreload, BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', QUERYMODE_LOADED: out },
    stdio,
  });
  return readFileSync(out, 'utf8').split('\n');
}

/** The bundle's folder, and the repository's packages folder. */
const DIST = join(BIN, '..');
const PACKAGES = join(DIST, '..', '..');

/** The files a run of the bin with `args` loaded (paths), with its exit status. */
function loaded(args: readonly string[]): {
  status: number | null;
  files: string[];
  stderr: string;
  notes: string[];
} {
  const out = join(dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(out, '');
  const r = spawnSync(process.execPath, ['--require', preload, BIN, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', QUERYMODE_LOADED: out },
  });
  const lines = readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const files = lines
    .filter((l) => !l.startsWith('#'))
    .map((l) => (l.startsWith('file:') ? fileURLToPath(l) : l));
  return { status: r.status, files, stderr: r.stderr, notes: lines.filter((l) => l.startsWith('#')) };
}

/** The files of the bundle (`dist/<name>`) among `files`. */
const bundleFiles = (files: readonly string[]) =>
  files.filter((f) => f.startsWith(DIST + sep)).map((f) => f.slice(DIST.length + 1));

/** Files of another package of this repository (its build or its sources), or of an installed @querymode package. */
const otherPackages = (files: readonly string[]) =>
  files.filter(
    (f) =>
      (f.startsWith(PACKAGES + sep) && !f.startsWith(DIST + sep)) ||
      f.includes(`${sep}node_modules${sep}@querymode${sep}`),
  );

describe('what a command loads', () => {
  it('`--version` loads the entry alone; `--help` and a single-table recommend the program alone', () => {
    const version = loaded(['--version']);
    expect(version.status).toBe(0);
    expect(version.files.map((f) => f.slice(DIST.length + 1))).toEqual(['querymode.cjs']);
    for (const args of [
      ['--help'],
      [
        'recommend',
        '--rows',
        '1200',
        '--column',
        'id:bigint:primary-key:auto-increment',
        '--inserts',
        'yes',
        '--inserts-per-day',
        '100',
      ],
    ]) {
      const run = loaded(args);
      expect(run.status).toBe(0);
      expect(run.files.map((f) => f.slice(DIST.length + 1))).toEqual(['querymode.cjs', 'cli.cjs']);
      // No worker threads nor node:os: they are for `recommend --ndjson` (before, 4-7 ms of CPU at load).
      expect(builtins(args).filter((m) => m === 'worker_threads' || m === 'os')).toEqual([]);
      // Nothing written to stderr, a pipe: its stream (node:net's, ~3 ms of CPU) is never made.
      expect(builtins(args, ['ignore', 'ignore', 'pipe']).filter((m) => m === 'net')).toEqual([]);
    }
  });

  it('the program starts from the code cache its build saved (V8 compiles none of what it runs)', () => {
    // The cache is made by this Node at build time; V8 rejects one made by another version or flags.
    // The build's run: the insert rate makes it a recommendation (exit 0).
    const run = loaded(['recommend', '--rows', '5', '--inserts-per-day', '1']);
    expect(run.status).toBe(0);
    expect(run.notes).toEqual(['#code cache used']);
  });

  it('the program a single-table recommend loads holds nothing of zod, client or report, and of introspect only its kind descriptions', () => {
    // The build's list of the source files in dist/cli.cjs (esbuild's metafile), paths from packages/cli.
    const inputs = JSON.parse(readFileSync(join(DIST, '..', '.tmp', 'cli-inputs.json'), 'utf8')) as string[];
    expect(inputs).toContain('src/main.ts');
    expect(inputs.filter((f) => /\/zod@|^\.\.\/(client|report)\//.test(f))).toEqual([]);
    // The kinds' plain data (URL schemes, flags, help words) names them in the help: no driver, no reader.
    const introspect = inputs.filter((f) => f.startsWith('../introspect/'));
    expect(introspect).toContain('../introspect/src/kinds/index.ts');
    expect(introspect.filter((f) => !f.startsWith('../introspect/src/kinds/'))).toEqual([]);
  });

  it('`schema` loads its chunk and no other package', () => {
    const run = loaded(['schema', 'traits']);
    expect(run.status).toBe(0);
    expect(run.files.map((f) => f.slice(DIST.length + 1))).toEqual(['querymode.cjs', 'cli.cjs', 'heavy.cjs']);
  });

  it.each([
    // Each driver from its chunk (before, from its install: 35 files in all for pg, 111 for mysql2):
    // the bin, the entry, the program, introspect's chunk and the driver's, 5 files.
    ['PostgreSQL', PG_READER_URL, 'pg.cjs', 6],
    // Not iconv-lite: the handshake's CESU-8 server version is ASCII (before, 19 files in all).
    ['MariaDB', MYSQL_READER_URL, 'mysql2.cjs', 6],
  ])(
    '`inspect` of %s loads the introspection chunk and its driver, no other package',
    (_name, url, driver, budget) => {
      // A schema that is not there: the run connects and reads the catalogs, then says so (exit 1).
      const run = loaded(['inspect', url, '--schema', 'qm_not_there_loaded_modules']);
      expect(run.stderr).toContain('not found or not visible');
      expect(bundleFiles(run.files)).toEqual(['querymode.cjs', 'cli.cjs', 'introspect.cjs', driver]);
      expect(otherPackages(run.files)).toEqual([]);
      // No fetch: pg's probe for Cloudflare Workers (\`new Response\`) would load undici on Node 20.
      expect(run.notes).not.toContain('#undici');
      // No Web Crypto: pg's SCRAM login goes through node:crypto's own hashes (src/database/pg-crypto.cjs).
      const args = ['inspect', url, '--schema', 'qm_not_there_loaded_modules'];
      expect(builtins(args).filter((m) => m.includes('webcrypto'))).toEqual([]);
      // Only the files the driver's chunk leaves out beside the bundle.
      expect(run.files.length).toBeLessThan(budget);
      // The program, introspect's chunk and the driver's each from the code cache its build saved.
      expect(run.notes.filter((n) => n.startsWith('#code cache'))).toEqual(Array(3).fill('#code cache used'));
    },
  );

  it('`inspect salesforce://` loads the introspection chunk and no driver, nor another package', () => {
    // No token in the environment: the run reads the URL and the flags, then says where the token goes (exit 2).
    const run = loaded(['inspect', 'salesforce://acme.my.salesforce.com']);
    expect(run.stderr).toContain('no access token');
    expect(bundleFiles(run.files)).toEqual(['querymode.cjs', 'cli.cjs', 'introspect.cjs']);
    expect(otherPackages(run.files)).toEqual([]);
    expect(run.files.filter((f) => /node_modules[\\/](pg|mysql2|mssql|tedious)[\\/]/.test(f))).toEqual([]);
  });
});
