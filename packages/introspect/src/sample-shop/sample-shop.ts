/**
 * The demo's embedded database: PostgreSQL compiled to WebAssembly (`@electric-sql/pglite`, in
 * memory), seeded with the sample shop, behind the same query interface as a live server.
 *
 * @module
 */
import type { CatalogClient, Row } from '../client.js';
import { importDriver } from '../connect/optional-import.js';
import { SAMPLE_SHOP_SQL } from './schema.js';

/** How the sample shop is shown in messages. */
export const SAMPLE_SHOP_DISPLAY = 'the embedded sample shop (PGlite, in memory)';

/** Starts an in-memory PGlite, loads the sample shop, and returns a client on it. */
export async function openSampleShop(): Promise<CatalogClient> {
  const { PGlite } = await importDriver(
    '@electric-sql/pglite',
    'the embedded sample shop',
    () => import('@electric-sql/pglite'),
  );
  const db = await PGlite.create();
  await db.exec(SAMPLE_SHOP_SQL);
  // Publish the seed's statistics counters (pg_stat_all_tables) to the next queries.
  await db.query('SELECT pg_stat_force_next_flush()');
  return {
    query: async (sql, params) => (await db.query(sql, params as unknown[])).rows as Row[],
    close: async () => {
      await db.close().catch(() => undefined);
    },
  };
}
