#!/usr/bin/env node
/**
 * `pnpm run pack:public [--destination dir] [--only @querymode/name]`: packs every public package
 * (`packages/*` whose `publishConfig.access` is `public`: `isPublicManifest`) as a release publishes it: `pnpm pack` (which resolves the
 * `workspace:` versions), then `repository` and `homepage` written into the packed `package.json`
 * from `QUERYMODE_REPOSITORY_URL` (and `QUERYMODE_HOMEPAGE`). Without the address it packs nothing
 * and exits 2. The working tree is never changed: the manifest is edited in a copy of the tarball.
 *
 * Exit codes: 0 packed, 1 a pack failed, 2 usage error (no address, a bad argument).
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { addressesFrom, isPublicManifest, withAddresses } from './repository.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');

function usage(message) {
  process.stderr.write(`pack:public: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { destination: join(ROOT, '.tmp', 'packages'), only: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if ((arg === '--destination' || arg === '--only') && value !== undefined && !value.startsWith('--')) {
      if (arg === '--destination') options.destination = resolve(value);
      else options.only = value;
      i++;
    } else
      usage(
        `unknown or incomplete argument ${JSON.stringify(arg)}; expected --destination <dir>, --only <package>`,
      );
  }
  return options;
}

function publicPackages() {
  const base = join(ROOT, 'packages');
  return readdirSync(base)
    .map((name) => join(base, name))
    .flatMap((dir) => {
      try {
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        return isPublicManifest(manifest) ? [{ dir, name: manifest.name }] : [];
      } catch {
        return [];
      }
    });
}

/** Packs one package into `destination` with the addresses in its manifest; returns the tarball's path. */
function packWithAddresses(pkg, addresses, destination) {
  const work = mkdtempSync(join(tmpdir(), 'querymode-pack-'));
  try {
    const out = execFileSync('pnpm', ['pack', '--pack-destination', work], {
      cwd: pkg.dir,
      encoding: 'utf8',
    });
    const tarball = out.trim().split('\n').pop() ?? '';
    if (!tarball.endsWith('.tgz')) throw new Error(`pnpm pack gave no tarball for ${pkg.name}: ${out}`);
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['xzf', tarball, '-C', unpacked]);
    const manifestPath = join(unpacked, 'package', 'package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const directory = relative(ROOT, pkg.dir).split('\\').join('/');
    writeFileSync(
      manifestPath,
      `${JSON.stringify(withAddresses(manifest, addresses, directory), null, 2)}\n`,
    );
    const target = join(destination, basename(tarball));
    execFileSync('tar', ['czf', target, '-C', unpacked, 'package']);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const options = parseArgs(process.argv.slice(2));
const addresses = addressesFrom(process.env);
if (!addresses.ok) usage(addresses.message);
const packages = publicPackages().filter((p) => options.only === undefined || p.name === options.only);
if (packages.length === 0) usage(`no public package is named ${JSON.stringify(options.only)}`);
mkdirSync(options.destination, { recursive: true });
try {
  for (const pkg of packages)
    process.stdout.write(`${packWithAddresses(pkg, addresses.value, options.destination)}\n`);
} catch (error) {
  process.stderr.write(`pack:public: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
