/**
 * The report page's script and style. From source (tests, tsx) they are bundled here on first use
 * with esbuild (`@querymode/report/build-page`); in the bundle, `build.mjs` replaces this module
 * with one that holds them as built at build time, so `querymode report` needs no esbuild.
 *
 * @module
 */
import type { PageAssets } from '@querymode/report';

/** The page's assets. */
export async function pageAssets(): Promise<PageAssets> {
  const { buildPageAssets } = await import('@querymode/report/build-page');
  return buildPageAssets();
}
