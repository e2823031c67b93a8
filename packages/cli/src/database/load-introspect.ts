/**
 * Loads the introspection chunk (`introspect.ts`). From source (tests, tsx) this is a plain
 * dynamic import of the package; in the bundle, `build.mjs` replaces this module with one that
 * compiles `dist/introspect.cjs` on first use and hands it the bundle's own core.
 *
 * @module
 */

/** The introspection package. */
export type Introspect = typeof import('./introspect.js');

/** Loads the introspection package. */
export function loadIntrospect(): Promise<Introspect> {
  return import('./introspect.js');
}
