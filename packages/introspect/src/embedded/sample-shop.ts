/**
 * The demo's embedded database: PostgreSQL compiled to WebAssembly (`@electric-sql/pglite`, in
 * memory), seeded with the sample shop, behind the same query interface as a live server.
 *
 * @module
 */
import type { CatalogClient } from '../client.js';
import { openEmbedded } from './open-embedded.js';

/** How the sample shop is shown in messages. */
export const SAMPLE_SHOP_DISPLAY = 'the embedded sample shop (PGlite, in memory)';

/**
 * Starts an in-memory PGlite, loads the sample shop, and returns a client on it.
 * `snapshotFolder`: the package's snapshot of a fresh database (`dist/pglite-snapshot` beside its
 * installed `package.json`; the README shows how to find it from ESM and CommonJS), which skips
 * initdb (`openEmbedded`); without it, or when it does not fit, initdb runs.
 */
export async function openSampleShop(snapshotFolder?: string): Promise<CatalogClient> {
  return (await openEmbedded([], true, snapshotFolder)).client;
}
