/**
 * The lazy chunk of `--answers`: the answers file's reader and the YAML library it needs. The
 * build compiles it only when a run is given an answers file (see `load-answers.ts` and
 * `build.mjs`), so no other run parses the YAML library.
 *
 * @module
 */
export { readAnswersFile } from './read-file.js';
