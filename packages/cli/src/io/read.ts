/**
 * Reading inputs: a file path or `-` for standard input, with one clear line for every failure.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { CliError, EXIT, usageError } from '../errors.js';
import { locateJsonError } from './json-locate.js';

/** A human name for a source: `stdin` or the path. */
export const sourceName = (source: string): string => (source === '-' ? 'stdin' : source);

/** Reads a whole file, or standard input for `-`. An empty input is a usage error. */
export function readText(source: string, what: string): string {
  let text: string;
  try {
    text = readFileSync(source === '-' ? 0 : source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (source === '-') throw usageError(`cannot read ${what} from stdin (${code ?? String(error)})`);
    if (code === 'ENOENT') throw usageError(`${what} file not found: ${source}`);
    if (code === 'EISDIR') throw usageError(`${what} path is a directory, expected a file: ${source}`);
    if (code === 'EACCES') throw usageError(`${what} file is not readable (permission denied): ${source}`);
    throw usageError(`cannot read ${what} file ${source}: ${code ?? String(error)}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') {
    throw usageError(
      source === '-'
        ? `no ${what} on stdin: pipe a JSON document in, or pass a file path`
        : `${what} file is empty: ${source}`,
    );
  }
  return text;
}

/** Parses JSON text, or fails with one line naming the source, line and column. */
export function parseJson(text: string, source: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = locateJsonError(text);
    const where = at ? `:${at.line}:${at.column}` : '';
    const why = at ? at.reason : (error as Error).message;
    throw new CliError(`${what} is not valid JSON (${sourceName(source)}${where}): ${why}`, EXIT.failed);
  }
}

/** Reads and parses a JSON document from a file or stdin. */
export function readJson(source: string, what: string): unknown {
  return parseJson(readText(source, what), source, what);
}
