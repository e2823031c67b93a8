/**
 * The workspace's public packages (every `packages/*` whose package.json `isPublicManifest` finds
 * public: `publishConfig.access` is `public`), their
 * entry points, and packing them as a release does (`pnpm pack`, which resolves `workspace:`
 * versions).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPublicManifest } from '../../scripts/release/repository.mjs';

/** The repository root. */
export const ROOT = join(import.meta.dirname, '..', '..');

/** What the tests need of a package's manifest. */
export interface PublicPackage {
  readonly dir: string;
  readonly name: string;
  readonly version: string;
  /** Subpaths of `exports` that are modules (`.`, `./schemas`, ...), empty for a bin-only package. */
  readonly entries: readonly string[];
  /** Bin names. */
  readonly bins: readonly string[];
}

/** Every public package under `packages/`, in directory order. */
export function publicPackages(): PublicPackage[] {
  const base = join(ROOT, 'packages');
  return readdirSync(base)
    .map((d) => join(base, d))
    .filter((dir) => {
      try {
        return isPublicManifest(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
      } catch {
        return false;
      }
    })
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const exportsMap: Record<string, unknown> = pkg.exports ?? {};
      return {
        dir,
        name: pkg.name,
        version: pkg.version,
        entries: Object.keys(exportsMap).filter((k) => !k.endsWith('.json')),
        bins: Object.keys(pkg.bin ?? {}),
      };
    });
}

/** The import specifier of an entry: `@querymode/core` for `.`, `@querymode/core/schemas` for `./schemas`. */
export const specifier = (pkg: PublicPackage, entry: string): string =>
  entry === '.' ? pkg.name : `${pkg.name}/${entry.slice(2)}`;

/** Packs a package with pnpm into `destination`; returns the tarball's path. */
export function pack(pkg: PublicPackage, destination: string): string {
  const out = execFileSync('pnpm', ['pack', '--pack-destination', destination], {
    cwd: pkg.dir,
    encoding: 'utf8',
  });
  const tarball = out.trim().split('\n').pop() ?? '';
  if (!tarball.endsWith('.tgz')) throw new Error(`pnpm pack gave no tarball for ${pkg.name}: ${out}`);
  return tarball;
}
