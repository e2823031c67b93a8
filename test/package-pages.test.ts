/**
 * What the npm page of each public package shows: its README reads without the repository (no
 * link into it, which the registry cannot follow), and its `repository` and `homepage` are the
 * project's public address, which only the release knows: `pnpm run pack:public` fills them from
 * `QUERYMODE_REPOSITORY_URL` and packs nothing without it, and publishing a package's folder (whose
 * manifest has no address) is refused.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressesFrom, withAddresses } from '../scripts/release/repository.mjs';
import { publicPackages, ROOT } from './support/packages.js';

const PACKAGES = publicPackages();
const work = mkdtempSync(join(tmpdir(), 'querymode-pages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `pack:public` with a given environment (the address variables removed unless given). */
function packPublic(env: Record<string, string>, args: readonly string[]) {
  const { QUERYMODE_REPOSITORY_URL: _r, QUERYMODE_HOMEPAGE: _h, ...rest } = process.env;
  return spawnSync(process.execPath, [join(ROOT, 'scripts', 'release', 'pack-public.mjs'), ...args], {
    cwd: ROOT,
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
}

describe('the npm pages of the public packages', () => {
  it.each(PACKAGES.map((p) => [p.name, p] as const))(
    '%s: a README with no link into the repository, a manifest with no invented address',
    (_, pkg) => {
      const readme = readFileSync(join(pkg.dir, 'README.md'), 'utf8');
      const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
      expect(links.filter((target) => !/^https:\/\//.test(target))).toEqual([]);
      const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8'));
      expect(manifest.repository).toBeUndefined();
      expect(manifest.homepage).toBeUndefined();
      expect(manifest.scripts?.prepublishOnly).toBe('node ../../scripts/release/refuse-publish.mjs');
      // Public by its publishConfig, private in its folder: npm publishes only pack:public's tarball.
      expect(manifest.publishConfig).toEqual({ access: 'public' });
      expect(manifest.private).toBe(true);
    },
  );

  it('packs nothing without the public address, or with one that is not https', () => {
    const destination = join(work, 'refused');
    const none = packPublic({}, ['--destination', destination]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('QUERYMODE_REPOSITORY_URL is not set');
    const plain = packPublic({ QUERYMODE_REPOSITORY_URL: 'http://example.invalid/q' }, [
      '--destination',
      destination,
    ]);
    expect(plain.status).toBe(2);
    expect(() => readdirSync(destination)).toThrow();
    expect(addressesFrom({ QUERYMODE_REPOSITORY_URL: 'https://u:p@example.invalid/q' }).ok).toBe(false);
  });

  it('writes the address into the packed manifest only, and drops the publish guard there', () => {
    const destination = join(work, 'packed');
    const r = packPublic({ QUERYMODE_REPOSITORY_URL: 'https://example.invalid/querymode.git' }, [
      '--destination',
      destination,
      '--only',
      '@querymode/mock',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const tarball = r.stdout.trim();
    const packed = JSON.parse(
      execFileSync('tar', ['xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }),
    );
    expect(packed.repository).toEqual({
      type: 'git',
      url: 'git+https://example.invalid/querymode.git',
      directory: 'packages/mock',
    });
    expect(packed.homepage).toBe('https://example.invalid/querymode');
    expect(packed.scripts?.prepublishOnly).toBeUndefined();
    expect(packed.private).toBeUndefined();
    expect(packed.publishConfig).toEqual({ access: 'public' });
    expect(JSON.stringify(packed)).not.toContain('workspace:');
    // The working tree is not changed.
    expect(
      JSON.parse(readFileSync(join(ROOT, 'packages', 'mock', 'package.json'), 'utf8')).repository,
    ).toBeUndefined();
    expect(
      withAddresses(
        { name: 'x' },
        { repository: 'https://a.invalid/r', homepage: 'https://h.invalid' },
        'packages/x',
      ),
    ).toEqual({
      name: 'x',
      repository: { type: 'git', url: 'git+https://a.invalid/r', directory: 'packages/x' },
      homepage: 'https://h.invalid',
    });
  });

  it('npm refuses a tarball packed by hand, and takes the one pack:public wrote up to the registry', () => {
    const destination = join(work, 'by-hand');
    execFileSync('pnpm', ['pack', '--pack-destination', destination], {
      cwd: join(ROOT, 'packages', 'mock'),
      encoding: 'utf8',
    });
    const byHand = join(destination, readdirSync(destination)[0] as string);
    const packed = packPublic({ QUERYMODE_REPOSITORY_URL: 'https://example.invalid/querymode.git' }, [
      '--destination',
      join(work, 'public'),
      '--only',
      '@querymode/mock',
    ]).stdout.trim();
    // A registry that is never reached (port 9, discard), with a token so that npm gets that far.
    const publish = (tarball: string) =>
      spawnSync(
        'npm',
        [
          'publish',
          tarball,
          '--registry',
          'http://127.0.0.1:9/',
          '--//127.0.0.1:9/:_authToken=none',
          '--fetch-retries=0',
        ],
        { encoding: 'utf8', cwd: work, timeout: 60_000 },
      );
    const refused = publish(byHand);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('This package has been marked as private');
    const taken = publish(packed);
    expect(taken.status).not.toBe(0);
    expect(taken.stderr).not.toContain('marked as private');
    expect(taken.stderr).toMatch(/ECONNREFUSED|request to http:\/\/127\.0\.0\.1:9/);
  });

  it("refuses to publish a package's folder", () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'release', 'refuse-publish.mjs')], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('pnpm run pack:public');
  });
});
