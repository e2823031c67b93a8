/**
 * Text made safe to show a person: every character that would act on a terminal or a page
 * instead of being seen (C0 and C1 controls, DEL, bidirectional overrides and isolates, zero-width
 * and invisible formatting characters, line and paragraph separators) written as `\uXXXX`, the
 * form JSON uses, so a name holding an escape sequence or a U+202E shows as what it is. Newlines
 * and tabs are kept: they are the layout of the text around the names.
 *
 * @module
 */

const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** `text` with every hidden or acting character written `\uXXXX` (`''` for a value that is not a string). */
export function visibleText(text: string): string {
  if (typeof text !== 'string') return '';
  return text.replace(HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
