/**
 * A text's UTF-8 bytes in hexadecimal, for a literal that needs no escape character (MySQL's
 * `X'…'`). Written out here, as core runs where no encoder may be defined.
 *
 * @module
 */

/** The UTF-8 bytes of `text` as upper-case hex digits (a lone surrogate as U+FFFD). */
export function utf8Hex(text: string): string {
  let out = '';
  const byte = (b: number) => {
    out += b.toString(16).toUpperCase().padStart(2, '0');
  };
  for (const ch of text) {
    let c = ch.codePointAt(0) as number;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) byte(c);
    else if (c < 0x800) {
      byte(0xc0 | (c >> 6));
      byte(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      byte(0xe0 | (c >> 12));
      byte(0x80 | ((c >> 6) & 0x3f));
      byte(0x80 | (c & 0x3f));
    } else {
      byte(0xf0 | (c >> 18));
      byte(0x80 | ((c >> 12) & 0x3f));
      byte(0x80 | ((c >> 6) & 0x3f));
      byte(0x80 | (c & 0x3f));
    }
  }
  return out;
}
