/**
 * Where `@querymode/introspect`'s build left its snapshot of a fresh embedded PostgreSQL
 * (`dist/<folder>` of the installed package), found by Node's resolution of that package, as the
 * bundle's own import of it is. Nothing is read here: `openEmbedded` reads it only when the
 * embedded database starts, and checks that it fits the installed PGlite.
 *
 * @module
 */
import { dirname, join } from 'node:path';

/**
 * The snapshot folder named `folder` beside the installed `@querymode/introspect`; `undefined`,
 * so that initdb runs, where `require` is not at hand (a run from source as an ES module) and
 * when the system schemas are to be read: the counters initdb leaves on the system catalogs
 * (pg_authid, pg_database, ...) are in memory only, and a database started from the snapshot
 * shows them as zero.
 */
export function pgliteSnapshotFolder(folder: string, include: readonly string[]): string | undefined {
  if (include.includes('system-schemas') || typeof require !== 'function') return undefined;
  try {
    return join(dirname(require.resolve('@querymode/introspect/package.json')), 'dist', folder);
  } catch {
    return undefined;
  }
}
