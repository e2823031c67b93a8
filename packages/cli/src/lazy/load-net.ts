/**
 * Loads the network chunk (`net.ts`). From source (tests, tsx) this is a plain dynamic import; in
 * the bundle, `build.mjs` replaces this module with one that compiles the chunk, embedded as a
 * string, on first use.
 *
 * @module
 */

/** The network commands. */
export type NetCommands = typeof import('./net.js');

/** Loads the network commands. */
export function loadNet(): Promise<NetCommands> {
  return import('./net.js');
}
