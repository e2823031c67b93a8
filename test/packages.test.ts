/**
 * Packages a user can install (issue 8): every public package under `packages/` is packed as a
 * release packs it (`pnpm pack`), checked with publint and @arethetypeswrong/cli (types under
 * node10, node16 from CommonJS and from ESM, and bundler resolution), then installed from the
 * tarballs into a temporary project, once with npm and once with pnpm, where each entry point is
 * imported (ESM) and required (CommonJS) and each bin runs with `npx` / `pnpm exec`; a consumer is
 * typechecked under each resolution once, in the pnpm project. The npm registry is reached for
 * third-party dependencies (zod, yaml, openapi3-ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublicPackage, pack, publicPackages, ROOT, specifier } from './support/packages.js';

const PACKAGES = publicPackages();
/**
 * The second run (test:node24) checks only what Node's version can change: importing, requiring
 * and running the installed packages, from one install (npm's). The tarballs' contents, publint,
 * @arethetypeswrong/cli, a second package manager and the consumer type-check do not depend on it
 * and are checked in the first run.
 */
const SECOND_NODE_RUN = process.env.QUERYMODE_SECOND_NODE_RUN === '1';
const MANAGERS = SECOND_NODE_RUN ? (['npm'] as const) : (['npm', 'pnpm'] as const);
const work = mkdtempSync(join(tmpdir(), 'querymode-packages-'));
const tarballs = new Map<string, string>();
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs a command; on failure, the assertion shows its output. */
function run(cmd: string, args: readonly string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, output: `${r.stdout}${r.stderr}`, stdout: r.stdout };
}

beforeAll(() => {
  mkdirSync(join(work, 'tarballs'));
  for (const pkg of PACKAGES) tarballs.set(pkg.name, pack(pkg, join(work, 'tarballs')));
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the public packages', () => {
  it('are core, openapi and cli at least, each with modules or a bin', () => {
    expect(PACKAGES.map((p) => p.name)).toEqual(
      expect.arrayContaining(['@querymode/core', '@querymode/openapi', '@querymode/cli']),
    );
    for (const pkg of PACKAGES) expect(pkg.entries.length + pkg.bins.length, pkg.name).toBeGreaterThan(0);
  });
});

describe('the bin in this repository', () => {
  it('runs as `pnpm querymode ...` at the root after install and build, with its exit code', () => {
    const cli = PACKAGES.find((p) => p.bins.includes('querymode'));
    const version = run('pnpm', ['querymode', '--version'], ROOT);
    expect(version.status, version.output).toBe(0);
    expect(version.stdout).toBe(`${cli?.version}\n`);
    const missing = run('pnpm', ['querymode', 'validate', 'no-such-body.json'], ROOT);
    expect(missing.status).toBe(2);
    expect(missing.output).toContain('querymode: body file not found: no-such-body.json');
  });
});

describe.skipIf(SECOND_NODE_RUN).each(PACKAGES)('$name, packed', (pkg: PublicPackage) => {
  const tarball = () => tarballs.get(pkg.name) as string;

  it('has its workspace versions resolved and ships its entry points and bins', () => {
    const listing = execFileSync('tar', ['tzf', tarball()], { encoding: 'utf8' }).split('\n');
    const manifest = execFileSync('tar', ['xzf', tarball(), '-O', 'package/package.json'], {
      encoding: 'utf8',
    });
    expect(manifest).not.toContain('workspace:');
    const packed = JSON.parse(manifest);
    for (const target of Object.values<string>(packed.bin ?? {})) {
      expect(listing, target).toContain(`package/${target.replace(/^\.\//, '')}`);
    }
    for (const entry of pkg.entries) {
      for (const condition of ['import', 'require'] as const) {
        const target = packed.exports[entry][condition];
        for (const file of [target.types, target.default]) {
          expect(listing, `${entry} ${condition}`).toContain(`package/${file.replace(/^\.\//, '')}`);
        }
      }
    }
  });

  it('passes publint --strict', () => {
    const r = run(bin('publint'), ['run', tarball(), '--strict'], work);
    expect(r.status, r.output).toBe(0);
  });

  it.skipIf(pkg.entries.length === 0)(
    'passes @arethetypeswrong/cli (node10, node16 CJS and ESM, bundler)',
    () => {
      const r = run(bin('attw'), [tarball(), '--format', 'ascii', '--profile', 'strict'], work);
      expect(r.status, r.output).toBe(0);
      expect(r.output).toContain('No problems found');
    },
  );
});

/** A consumer project with every tarball installed by `manager`. */
function project(manager: 'npm' | 'pnpm'): string {
  const dir = join(work, manager);
  mkdirSync(dir);
  const deps = Object.fromEntries(PACKAGES.map((p) => [p.name, `file:${tarballs.get(p.name)}`]));
  // The packages depend on each other by version (^0.1.0), as from the registry; the overrides
  // point those dependencies at the tarballs under test.
  const manifest = {
    name: `consumer-${manager}`,
    private: true,
    dependencies: deps,
    ...(manager === 'npm' ? { overrides: deps } : { pnpm: { overrides: deps } }),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const args =
    manager === 'npm'
      ? ['install', '--no-audit', '--no-fund', '--loglevel=error']
      : ['install', '--reporter=silent'];
  const r = run(manager, args, dir);
  if (r.status !== 0) throw new Error(`${manager} install failed:\n${r.output}`);
  return dir;
}

describe.each(MANAGERS)('installed from the tarballs with %s', (manager) => {
  let dir = '';
  beforeAll(() => {
    dir = project(manager);
  }, 240_000);

  it('imports every entry point as ESM and requires it as CommonJS', () => {
    for (const pkg of PACKAGES) {
      for (const entry of pkg.entries) {
        const id = specifier(pkg, entry);
        const esm = run(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const m = await import(${JSON.stringify(id)}); console.log(Object.keys(m).length);`,
          ],
          dir,
        );
        expect(esm.status, `${id} (ESM): ${esm.output}`).toBe(0);
        expect(Number(esm.stdout), id).toBeGreaterThan(0);
        const cjs = run(
          process.execPath,
          ['--input-type=commonjs', '-e', `console.log(Object.keys(require(${JSON.stringify(id)})).length);`],
          dir,
        );
        expect(cjs.status, `${id} (CommonJS): ${cjs.output}`).toBe(0);
        expect(Number(cjs.stdout), id).toBe(Number(esm.stdout));
      }
    }
  });

  it('has the snapshot of a fresh embedded database beside the introspect package the CLI loads', () => {
    // As the CLI's io/pglite-snapshot.ts finds it: through the resolution of @querymode/introspect
    // from the CLI's own folder (the build writes it; the tarball must carry it).
    const script = `const { createRequire } = require('node:module');
      const { dirname, join } = require('node:path');
      const fromCli = createRequire(require.resolve('@querymode/cli/package.json'));
      const folder = join(dirname(fromCli.resolve('@querymode/introspect/package.json')), 'dist', 'pglite-snapshot');
      const manifest = JSON.parse(require('node:fs').readFileSync(join(folder, 'manifest.json'), 'utf8'));
      console.log(manifest.version, require('node:fs').statSync(join(folder, 'fresh.tar.br')).size > 0);`;
    const r = run(process.execPath, ['-e', script], dir);
    expect(r.status, r.output).toBe(0);
    expect(r.stdout).toMatch(/\(PGlite [0-9.]+\).* true\n$/);
  });

  it("finds that snapshot as introspect's README tells a library user to, from ESM and from CommonJS", () => {
    const check = (folder: string) =>
      `console.log(require('node:fs').existsSync(require('node:path').join(${folder}, 'manifest.json')));`;
    const esm = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createRequire } from 'node:module';
        import { fileURLToPath } from 'node:url';
        import { SNAPSHOT_FOLDER } from '@querymode/introspect';
        const require = createRequire(import.meta.url);
        const snapshot = fileURLToPath(
          new URL(\`dist/\${SNAPSHOT_FOLDER}\`, import.meta.resolve('@querymode/introspect/package.json')),
        );
        ${check('snapshot')}`,
      ],
      dir,
    );
    expect(esm.status, esm.output).toBe(0);
    expect(esm.stdout).toBe('true\n');
    const cjs = run(
      process.execPath,
      [
        '--input-type=commonjs',
        '-e',
        `const { SNAPSHOT_FOLDER } = require('@querymode/introspect');
        const { dirname, join } = require('node:path');
        const snapshotFolder = join(dirname(require.resolve('@querymode/introspect/package.json')), 'dist', SNAPSHOT_FOLDER);
        ${check('snapshotFolder')}`,
      ],
      dir,
    );
    expect(cjs.status, cjs.output).toBe(0);
    expect(cjs.stdout).toBe('true\n');
  });

  it('gives the same results from ESM and CommonJS', () => {
    const call = `validateQueryModeBody({ config: { mode: 'timestamp' } }).issues.map((i) => i.code).join()`;
    const esm = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { validateQueryModeBody } from '@querymode/core'; console.log(${call});`,
      ],
      dir,
    );
    const cjs = run(
      process.execPath,
      ['-e', `const { validateQueryModeBody } = require('@querymode/core'); console.log(${call});`],
      dir,
    );
    expect(esm.stdout).toBe('missing_field\n');
    expect(cjs.stdout).toBe(esm.stdout);
  });

  // Once, under pnpm, whose strict layout also fails a declaration that imports a package the
  // manifest does not declare (npm's hoisting would hide it).
  it.skipIf(manager === 'npm')(
    'typechecks a consumer under node10, node16 (CommonJS and ESM) and bundler resolution, and with no tsconfig',
    () => {
      const entries = PACKAGES.flatMap((pkg) => pkg.entries.map((e) => specifier(pkg, e)));
      const esm = entries.map((id, i) => `import * as m${i} from ${JSON.stringify(id)};`).join('\n');
      const cjs = entries.map((id, i) => `import m${i} = require(${JSON.stringify(id)});`).join('\n');
      const use = `\nexport const used = [${entries.map((_, i) => `m${i}`).join(', ')}];\nexport const mode: import('@querymode/core').QueryMode = 'full_load';\n`;
      writeFileSync(join(dir, 'consumer.mts'), esm + use);
      writeFileSync(join(dir, 'consumer.cts'), cjs + use);
      writeFileSync(join(dir, 'consumer.ts'), esm + use);
      const configs: [string, Record<string, unknown>, string[]][] = [
        ['node10', { module: 'commonjs', moduleResolution: 'node10' }, ['consumer.ts']],
        ['node16', { module: 'node16', moduleResolution: 'node16' }, ['consumer.mts', 'consumer.cts']],
        ['bundler', { module: 'esnext', moduleResolution: 'bundler' }, ['consumer.ts']],
      ];
      for (const [name, options, files] of configs) {
        const compilerOptions = {
          ...options,
          noEmit: true,
          strict: true,
          skipLibCheck: false,
          esModuleInterop: true,
          types: [],
          target: 'es2022',
        };
        writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, files }));
        const r = run(process.execPath, [tsc, '-p', `tsconfig.${name}.json`], dir);
        expect(r.status, `${name}: ${r.output}`).toBe(0);
      }
      // Without a tsconfig: TypeScript's defaults (target ES5, node10 resolution) and a library.
      // No error is in a declaration of ours (they hold no `#private;`, a syntax error below
      // ES2015); zod's own declarations need esModuleInterop there, which is zod's to fix.
      const bare = run(
        process.execPath,
        [tsc, '--noEmit', '--strict', '--lib', 'es2022,dom', 'consumer.ts'],
        dir,
      );
      const ours = bare.output.split('\n').filter((l) => /@querymode[\\/]|consumer\.ts/.test(l));
      expect(ours, 'no tsconfig: errors in the declarations of querymode').toEqual([]);
      expect(bare.output).not.toContain('TS18028');
    },
    // A guard against a hang, not a measure: four compilations of every entry point, 20 to 30 s on
    // this two-core machine when quiet, over 180 s at a load of 20 (stop 46).
    600_000,
  );

  it('runs each bin from the project', () => {
    for (const pkg of PACKAGES) {
      for (const name of pkg.bins) {
        const runner = manager === 'npm' ? ['npx', ['--no-install', name]] : ['pnpm', ['exec', name]];
        const version = run(runner[0] as string, [...(runner[1] as string[]), '--version'], dir);
        expect(version.status, version.output).toBe(0);
        expect(version.stdout).toBe(`${pkg.version}\n`);
        const modes = run(runner[0] as string, [...(runner[1] as string[]), 'modes'], dir);
        expect(modes.status, modes.output).toBe(0);
        expect(modes.stdout).toContain('timestamp+incrementing');
      }
    }
    // The packed CLI bundles everything it needs but the database inspector, whose drivers are
    // loaded only by `inspect` and are too large to bundle: its one runtime dependency.
    const cli = JSON.parse(
      readFileSync(join(dir, 'node_modules', '@querymode', 'cli', 'package.json'), 'utf8'),
    );
    expect(Object.keys(cli.dependencies ?? {})).toEqual(['@querymode/introspect']);
  });
});
