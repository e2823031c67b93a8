/**
 * Where the script of the NDJSON worker threads is (`lazy/ndjson-worker.ts`, built to
 * `dist/ndjson-worker.cjs`). From source (tests, tsx) there is none, and the stream runs in the
 * main thread; in the bundle, `build.mjs` replaces this module with one that returns the built
 * file's path.
 *
 * @module
 */

/** The worker script's path, or `undefined` when the stream must run in the main thread. */
export function ndjsonWorkerFile(): string | undefined {
  return undefined;
}
