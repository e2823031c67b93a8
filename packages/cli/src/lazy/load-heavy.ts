/**
 * Loads the heavy chunk (`heavy.ts`). From source (tests, tsx) this is a plain dynamic import;
 * in the bundle, `build.mjs` replaces this module with one that compiles the chunk, embedded as a
 * string, on first use.
 *
 * @module
 */

/** The heavy commands. */
export type HeavyCommands = typeof import('./heavy.js');

/** Loads the heavy commands. */
export function loadHeavy(): Promise<HeavyCommands> {
  return import('./heavy.js');
}
