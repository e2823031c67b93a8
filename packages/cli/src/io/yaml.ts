/**
 * Parsing a YAML file of settings or answers with the `yaml` library, every problem an error with
 * the file and line: YAML that does not parse, a key twice in one mapping, an alias that expands
 * past a bound (a "billion laughs" bomb). Imported only by the lazy chunk `answers`.
 *
 * @module
 */
import { type Document, type LineCounter, parseDocument } from 'yaml';
import { inputError } from '../errors.js';

/**
 * The most aliases a YAML answers file may expand: an answers file has no need of many, and the
 * `yaml` library's bound of 100 stops a "billion laughs" document at the first levels.
 */
export const MAX_ALIASES = 100;

/**
 * Parses the text as YAML (JSON is read by the same parser for its lines), or fails with the line;
 * `what` names the file in errors (`answers file`, `project file`).
 */
export function parseYaml(
  text: string,
  name: string,
  lines: LineCounter,
  what = 'answers file',
): { doc: Document; value: unknown } {
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false, strict: true });
  } catch (error) {
    throw inputError(
      `${what} ${name} cannot be read: ${error instanceof RangeError ? 'nested too deep' : String(error)}`,
    );
  }
  const first = doc.errors[0];
  if (first !== undefined) {
    const { line, col } = lines.linePos(first.pos[0]);
    throw inputError(`${what} ${name}:${line}:${col}: ${first.message.split('\n')[0]}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    const why = error instanceof RangeError ? 'nested too deep' : (error as Error).message;
    throw inputError(
      `${what} ${name}: ${why}; ${what === 'answers file' ? 'an answers' : 'a project'} file needs no more than a few aliases (at most ${MAX_ALIASES} expansions are read)`,
    );
  }
  return { doc, value };
}
