/**
 * Names in SQL comments: a line comment ends at a newline, so a name is written there with every
 * character outside printable ASCII (and the backslash) as `\u{…}`, never raw.
 *
 * @module
 */

/** `text` with control characters, non-ASCII characters and backslashes written as `\u{hex}`. */
export function commentSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) as number;
    out += c < 0x20 || c > 0x7e || ch === '\\' ? `\\u{${c.toString(16)}}` : ch;
  }
  return out;
}
