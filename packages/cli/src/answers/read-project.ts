/**
 * Reads a project file (`querymode.yaml`) with the reader of the lazy chunk `answers`, which holds
 * the YAML library: called only when a project file is given or found.
 *
 * @module
 */
import { loadAnswers } from './load-answers.js';

/** The project file at `path`, read. */
export const readProject = async (path: string) => (await loadAnswers()).readProjectFile(path);
