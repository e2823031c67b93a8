/**
 * The lazy chunk of the YAML files: the readers of `--answers` and of the project file
 * (`querymode.yaml`), and the YAML library. The build compiles it only when a run reads one of them
 * (see `load-answers.ts` and `build.mjs`), so no other run parses the YAML library.
 *
 * @module
 */

export { readProjectFile } from '../config/read-file.js';
export { readAnswersFile } from './read-file.js';
