/**
 * Text made safe to show a person: every character that would act on a terminal or a page
 * instead of being seen (C0 and C1 controls, DEL, line and paragraph separators, and every format
 * character of Unicode, `\p{Cf}`: bidirectional overrides and isolates, zero-width and other
 * invisible characters) written as `\uXXXX`, the form JSON uses (a pair of them beyond U+FFFF), so
 * a name holding an escape sequence or a U+202E shows as what it is. Newlines and tabs are kept:
 * they are the layout of the text around the names.
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

/** `text` with every hidden or acting character written `\uXXXX` (`''` for a value that is not a string). */
export function visibleText(text: string): string {
  if (typeof text !== 'string') return '';
  return text.replace(HIDDEN, escaped);
}
