/**
 * Loads the `answers` chunk (`chunk.ts`). From source (tests, tsx) this is a plain dynamic
 * import; in the bundle, `build.mjs` replaces this module with one that compiles the chunk,
 * embedded as a string, on first use.
 *
 * @module
 */

/** The answers file's reader. */
export type AnswersChunk = typeof import('./chunk.js');

/** Loads the answers file's reader. */
export function loadAnswers(): Promise<AnswersChunk> {
  return import('./chunk.js');
}
