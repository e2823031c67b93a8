/**
 * The `report` command: the page's model and HTML builder (`@querymode/report`), its bundled
 * script and style, and zod's record schema. The build writes it to a file of its own,
 * `dist/report.cjs`, loaded only when `report` runs (see `load-report.ts` and `build.mjs`), so
 * every other command starts without reading it.
 *
 * @module
 */
export { runReport, writeRecordsPage } from '../commands/report.js';
