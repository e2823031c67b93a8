/**
 * One line of an NDJSON input, parsed as every NDJSON reader of the CLI does (`recommend
 * --ndjson`, `apply`): valid JSON, no key twice in one object (`JSON.parse` would silently
 * keep the last value), and no deeper than core's `MAX_JSON_DEPTH`. A failure is data, so that the stream goes on and reports the line.
 *
 * @module
 */
import { TOO_DEEP_MESSAGE } from '@querymode/core';
import { checkKeys, TOO_DEEP } from './json-duplicates.js';
import { locateJsonError } from './json-locate.js';

/** A parsed line, or why it could not be taken, with a message that names the line. */
export type JsonLine =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly code: 'invalid_json' | 'duplicate_key' | 'too_deep';
      readonly message: string;
    };

/** Parses the NDJSON line numbered `line` (1-based, for messages). */
export function parseJsonLine(text: string, line: number): JsonLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const at = locateJsonError(text);
    return {
      ok: false,
      code: 'invalid_json',
      message: `line ${line}: not valid JSON${at ? ` at column ${at.column}: ${at.reason}` : `: ${(error as Error).message}`}`,
    };
  }
  // Before any other walk of the value: a line nested thousands deep overflows every recursive one.
  const keys = checkKeys(text, value, 1);
  if (keys === TOO_DEEP) return { ok: false, code: 'too_deep', message: `line ${line}: ${TOO_DEEP_MESSAGE}` };
  const duplicate = keys[0];
  if (duplicate === undefined) return { ok: true, value };
  const where = duplicate.path.length === 0 ? 'the top-level object' : duplicate.path.join('.');
  return {
    ok: false,
    code: 'duplicate_key',
    message: `line ${line}: the key ${JSON.stringify(duplicate.key)} appears twice in ${where} (columns ${duplicate.first + 1} and ${duplicate.second + 1}); JSON would keep only the last value`,
  };
}
