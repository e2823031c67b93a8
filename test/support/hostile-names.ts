/**
 * Hostile identifiers for the tests of printed SQL: every quote character, backslashes, dollar
 * quotes, statement and comment markers, newlines and escape sequences, bidi controls, reserved
 * words, mixed case, dots and names of the longest length a database takes. `QUERYMODE_HOSTILE_RUNS`
 * sets how many names a property run tries (a few hundred by default).
 *
 * @module
 */
import fc from 'fast-check';

/** How many hostile names a property run tries. */
export const HOSTILE_RUNS = Number(process.env.QUERYMODE_HOSTILE_RUNS ?? 200);

/** The pieces hostile names are made of. */
export const HOSTILE_PIECES: readonly string[] = [
  '"',
  "'",
  '`',
  '[',
  ']',
  '\\',
  '$$',
  '$qm$',
  '$tag$',
  ';',
  '--',
  '/*',
  '*/',
  '\n',
  '\r',
  '\t',
  '\u202e',
  '\u200f',
  '\u001b[31m',
  '\u001b]0;title\u0007',
  'é',
  'ß',
  '日本',
  ' ',
  '.',
  '; DROP TABLE victim; -- x',
  'select',
  'from',
  'key',
  'User',
  'createdAt',
  'ID',
  '%',
  '?',
  ':name',
  '@x',
  '#',
  'x',
];

/** The UTF-8 length of a text. */
const bytes = (text: string): number => new TextEncoder().encode(text).length;

/** `text` cut to at most `limit` UTF-8 bytes, on a character boundary. */
export function cutToBytes(text: string, limit: number): string {
  let out = '';
  for (const ch of text) {
    if (bytes(out + ch) > limit) break;
    out += ch;
  }
  return out;
}

/**
 * A hostile name the database takes and a query-mode body can hold: at most `limit` bytes, not
 * empty, no white space at either end (the service's column names have none).
 */
export function hostileName(limit: number): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...HOSTILE_PIECES), { minLength: 1, maxLength: 8 })
    .chain((pieces) =>
      fc.oneof(
        fc.constant(pieces.join('')),
        // The longest name the database takes.
        fc.constant(pieces.join('').padEnd(limit * 2, 'x')),
      ),
    )
    .map((name) => cutToBytes(name, limit).replace(/^\s+|\s+$/gu, ''))
    .filter((name) => name.length > 0);
}
