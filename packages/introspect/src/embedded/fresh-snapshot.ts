/**
 * A snapshot of a freshly created embedded PostgreSQL (PGlite's `dumpDataDir`, a tarball of its
 * data folder, compressed with Brotli: 1.6 MB, where PGlite's own gzip gives 4.5 MB),
 * made when this package is built (`build-snapshot.mjs`, into `dist/pglite-snapshot/`) and never
 * committed. Starting from it skips initdb: about 3.4 s of CPU for `PGlite.create()`, 1.0 s for
 * `PGlite.create({ loadDataDir })` on the shared two-core machine (docs/packaging.md).
 *
 * It is used only when it is what a fresh `PGlite.create()` would give: its bytes match the digest
 * in its manifest, and the started database reports the same `version()` as the one that made it
 * (which names the PGlite release, PostgreSQL's and the compiler's). Anything else (no snapshot,
 * an unreadable or altered one, another PGlite) starts with `PGlite.create()`. One thing a
 * snapshot cannot carry: the statistics counters initdb leaves in memory on the system catalogs
 * (17 inserts into pg_authid, ...) read as zero, so a caller that reads the system schemas passes
 * no snapshot (test/embedded-snapshot.test.ts compares everything else inspect reads).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The folder, under the package's `dist/`, that holds the snapshot and its manifest. */
export const SNAPSHOT_FOLDER = 'pglite-snapshot';
const DATA_FILE = 'fresh.tar.br';
const MANIFEST_FILE = 'manifest.json';

/** What the manifest records about the snapshot. */
export interface SnapshotManifest {
  /** `SELECT version()` of the PGlite that made it. */
  readonly version: string;
  /** The SHA-256 of the compressed tarball, in hex. */
  readonly sha256: string;
}

/** A snapshot read from disk, not yet started. */
export interface FreshSnapshot {
  readonly data: Blob;
  readonly manifest: SnapshotManifest;
}

// node:zlib on first use: every inspect loads this module, and only an embedded database reads a snapshot (3-9 ms of CPU).
const zlib = () => import('node:zlib');

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

function isManifest(value: unknown): value is SnapshotManifest {
  const m = value as Partial<SnapshotManifest> | null;
  return typeof m?.version === 'string' && typeof m.sha256 === 'string';
}

/**
 * Reads the snapshot in `folder`; `undefined` when it is missing, unreadable, or its bytes do not
 * match its manifest. Whether it fits the installed PGlite is checked once it is started
 * ({@link fitsVersion}).
 */
export async function readFreshSnapshot(folder: string): Promise<FreshSnapshot | undefined> {
  try {
    const manifest: unknown = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8'));
    if (!isManifest(manifest)) return undefined;
    const bytes = await readFile(join(folder, DATA_FILE));
    if (sha256(bytes) !== manifest.sha256) return undefined;
    const tar = await promisify((await zlib()).brotliDecompress)(bytes);
    return { data: new Blob([tar], { type: 'application/x-tar' }), manifest };
  } catch {
    return undefined;
  }
}

/** Whether a database started from `snapshot` reports the `version()` of the PGlite that made it. */
export const fitsVersion = (snapshot: FreshSnapshot, version: string): boolean =>
  snapshot.manifest.version === version;

/** The part of PGlite this module uses. */
export interface PGliteMaker {
  create(): Promise<{
    dumpDataDir(compression: 'none'): Promise<Blob>;
    query<T>(sql: string): Promise<{ rows: T[] }>;
    close(): Promise<void>;
  }>;
}

/**
 * Creates a fresh database with `PGlite` and writes its snapshot and manifest into `folder` (the
 * build's `dist/pglite-snapshot`, or a test's own folder).
 */
export async function makeFreshSnapshot(PGlite: PGliteMaker, folder: string): Promise<void> {
  const db = await PGlite.create();
  // The dump comes first, so that nothing run here is in it.
  const data = await db.dumpDataDir('none');
  const { rows } = await db.query<{ version: string }>('SELECT version() AS version');
  await db.close();
  const version = rows[0]?.version;
  if (version === undefined) throw new Error('PGlite reported no version()');
  const tar = new Uint8Array(await data.arrayBuffer());
  const { brotliCompress, constants } = await zlib();
  // Quality 5 with a 16 MB window: 1.6 MB in 0.4 s; quality 11 gives 1.4 MB in 29 s.
  const bytes = await promisify(brotliCompress)(tar, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  });
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, DATA_FILE), bytes);
  const manifest: SnapshotManifest = { version, sha256: sha256(bytes) };
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}
