/**
 * Loads the report command (`report.ts`). From source (tests, tsx) this is a plain dynamic import;
 * in the bundle, `build.mjs` replaces this module with one that requires `dist/report.cjs` (the
 * command and the page's assets, built apart from the main bundle) on first use.
 *
 * @module
 */

/** The report command. */
export type ReportCommands = typeof import('./report.js');

/** Loads the report command. */
export function loadReport(): Promise<ReportCommands> {
  return import('./report.js');
}
