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

/** Starts an in-memory PGlite, loads the sample shop, and returns a client on it. */
export async function openSampleShop(): Promise<CatalogClient> {
  return (await openEmbedded([], true)).client;
}
