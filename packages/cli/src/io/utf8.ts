/**
 * Strict UTF-8 for JSON input (RFC 8259 section 8.1: JSON text exchanged between systems is
 * UTF-8). Decoding invalid bytes would turn them into U+FFFD and pass them on as if they were
 * text, so the CLI refuses them and says at which byte they are.
 *
 * @module
 */
import { isUtf8 } from 'node:buffer';

/** Where and why bytes are not UTF-8. */
export interface Utf8Error {
  /** The offset of the first bad byte (0-based). */
  readonly offset: number;
  /** The bad byte, as two hex digits. */
  readonly byte: string;
  readonly reason: string;
}

const hex = (b: number): string => b.toString(16).padStart(2, '0');

/** The length of the sequence a lead byte starts, and the range of its second byte; undefined if it starts none. */
function lead(b: number): { length: number; min: number; max: number } | undefined {
  if (b >= 0xc2 && b <= 0xdf) return { length: 2, min: 0x80, max: 0xbf };
  if (b === 0xe0) return { length: 3, min: 0xa0, max: 0xbf }; // no overlong forms
  if (b === 0xed) return { length: 3, min: 0x80, max: 0x9f }; // no surrogates
  if (b >= 0xe1 && b <= 0xef) return { length: 3, min: 0x80, max: 0xbf };
  if (b === 0xf0) return { length: 4, min: 0x90, max: 0xbf };
  if (b === 0xf4) return { length: 4, min: 0x80, max: 0x8f }; // up to U+10FFFF
  if (b >= 0xf1 && b <= 0xf3) return { length: 4, min: 0x80, max: 0xbf };
  return undefined;
}

/** The first invalid UTF-8 sequence of `bytes`, or undefined when they are all valid UTF-8. */
export function findInvalidUtf8(bytes: Uint8Array): Utf8Error | undefined {
  if (isUtf8(bytes)) return undefined;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    const seq = lead(b);
    if (seq === undefined) {
      const reason =
        b >= 0x80 && b <= 0xbf
          ? `byte 0x${hex(b)} continues a character that never started`
          : `byte 0x${hex(b)} cannot appear in UTF-8`;
      return { offset: i, byte: hex(b), reason };
    }
    for (let k = 1; k < seq.length; k++) {
      const c = bytes[i + k];
      const [min, max] = k === 1 ? [seq.min, seq.max] : [0x80, 0xbf];
      if (c === undefined) {
        return {
          offset: i,
          byte: hex(b),
          reason: `the input ends inside a character that byte 0x${hex(b)} starts`,
        };
      }
      if (c < min || c > max) {
        return {
          offset: i,
          byte: hex(b),
          reason: `byte 0x${hex(b)} starts a ${seq.length}-byte character that byte 0x${hex(c)} does not continue`,
        };
      }
    }
    i += seq.length;
  }
  return undefined; // isUtf8 and this scan agree; kept for the type checker
}

/** A hint for bytes that look like another encoding than UTF-8. */
export function encodingHint(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return 'it looks like UTF-16: save it as UTF-8';
  }
  return 'save it as UTF-8 (it may be Latin-1 or Windows-1252)';
}
