/**
 * A short, deterministic hash of a text (FNV-1a, 32 bits, as 8 hex digits), to make the names of
 * generated objects unique when their readable part is shortened or loses characters.
 *
 * @module
 */

/** The FNV-1a hash of the UTF-16 code units of `text`, as 8 lower-case hex digits. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
