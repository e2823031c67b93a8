/**
 * Text made safe to show a person: every character that would act on a terminal or a page
 * instead of being seen (C0 and C1 controls, DEL, line and paragraph separators, and every format
 * character of Unicode, `\p{Cf}`: bidirectional overrides and isolates, zero-width and other
 * invisible characters) written as `\uXXXX`, the form JSON uses (a pair of them beyond U+FFFF), so
 * a name holding an escape sequence or a U+202E shows as what it is. Newlines and tabs are kept:
 * they are the layout of the text around the names.
 *
 * A name (of a table, a column, a type: anything read from a database or a user's file) entering a
 * sentence goes through `shownName`, which escapes its newlines, tabs and backslashes as well: a
 * writer cannot tell a newline in a name from one of the layout, so the name must carry none.
 *
 * @module
 */

const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\p{Cf}]/gu;

/** A character as JSON escapes it: `\uXXXX`, one per UTF-16 unit. */
function escaped(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** What a name shows escaped: `HIDDEN`, layout, the escape character, and the backtick that closes its code span. */
const ESCAPED_IN_NAME = new RegExp(`[\\t\\n\\\\\`]|${HIDDEN.source}`, 'gu');

/** The short escapes JSON writes (others are `\uXXXX`). */
const SHORT: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\' };

/**
 * A name (of a table, a column, a type, a key: anything read from a database or a user's file) as
 * human text shows it: every control character, escape sequence, bidi override, newline, tab,
 * backslash and backtick escaped as JSON escapes them (`\n`, `\t`, `\u001b`, `\u202e`, `\u0060`,
 * `\\`), so that it reads back as the name (`JSON.parse` between double quotes, with any `"`
 * escaped) and never acts on a terminal or a page (`''` for a value that is not a string). For a
 * name standing alone, as in a table's cell; in a sentence, `shownName`.
 */
export function visibleName(name: string): string {
  if (typeof name !== 'string') return '';
  // Most names are plain ASCII: a loop lets them skip the Unicode pattern (~7% of `recommend` per table, pnpm bench advisor).
  return plainAscii(name) ? name : name.replace(ESCAPED_IN_NAME, (c) => SHORT[c] ?? escaped(c));
}

/** Every character printable ASCII other than the backslash and the backtick: nothing to escape. */
function plainAscii(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x5c || c === 0x60) return false;
  }
  return true;
}

/**
 * A name in a sentence: `visibleName` between backticks, the advisor's mark for code. The one way a
 * name enters human text (messages, reasons, remedies, questions); NDJSON fields and SQL keep names
 * raw.
 */
export function shownName(name: string): string {
  return `\`${visibleName(name)}\``;
}

/** A value from the user's data as a JSON string a sentence shows: `"x"`, escaped as `visibleName` and `"` as `\"`. */
export function shownString(value: string): string {
  return `"${visibleName(value).replaceAll('"', '\\"')}"`;
}

/** `text` with every hidden or acting character written `\uXXXX` (`''` for a value that is not a string). */
export function visibleText(text: string): string {
  if (typeof text !== 'string') return '';
  // Checked by a loop first, as in `visibleName`: the answers file of 100,000 tables shows 360,000 lines.
  return plainLines(text) ? text : text.replace(HIDDEN, escaped);
}

/** Every character printable ASCII, a tab or a newline: nothing hidden. */
function plainLines(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a) || c > 0x7e) return false;
  }
  return true;
}
