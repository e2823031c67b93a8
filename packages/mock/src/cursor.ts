/**
 * Opaque cursors (docs/service.md#pagination: the cursor is opaque and a client must not build it). The
 * format is the mock's own: base64url of `{ list, after }` (which list, and the key of the last
 * element returned), a dot, and an HMAC-SHA256 tag under a secret of this mock instance. A cursor
 * that was forged, altered, or made for another list fails verification and gets a 400.
 *
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TAG_BYTES = 16;

/**
 * How many cursors each memo keeps before it starts over. Signing or verifying a cursor costs
 * about 6-8 µs (HMAC), a third of a list request's time in the mock; a list hands out the same
 * cursors again and again, so both are memoised (`pnpm bench mock-serve`: see docs/mock.md).
 */
const MEMO_SIZE = 50_000;

/** Signs and verifies the cursors of one mock instance. */
export class CursorSigner {
  readonly #key: Uint8Array;
  readonly #signed = new Map<string, string>();
  readonly #verified = new Map<string, { readonly list: string; readonly after: string }>();

  /** A signer with a fresh random key (cursors of another mock instance do not verify). */
  constructor(key: Uint8Array = randomBytes(32)) {
    this.#key = key;
  }

  #tag(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest().subarray(0, TAG_BYTES);
  }

  /** The cursor that resumes `list` after the element with key `after`. */
  sign(list: string, after: string): string {
    const key = `${list}\n${after}`;
    const known = this.#signed.get(key);
    if (known !== undefined) return known;
    const payload = Buffer.from(JSON.stringify({ list, after })).toString('base64url');
    const cursor = `${payload}.${this.#tag(payload).toString('base64url')}`;
    if (this.#signed.size >= MEMO_SIZE) this.#signed.clear();
    this.#signed.set(key, cursor);
    return cursor;
  }

  /** The key to resume after, or undefined for a cursor that is not one of ours for `list`. */
  verify(cursor: string, list: string): string | undefined {
    const known = this.#verified.get(cursor) ?? this.#check(cursor);
    return known?.list === list ? known.after : undefined;
  }

  /** Verifies a cursor's tag and reads it; remembers a good one. */
  #check(cursor: string): { readonly list: string; readonly after: string } | undefined {
    const dot = cursor.indexOf('.');
    if (dot <= 0 || cursor.length > 2048) return undefined;
    const payload = cursor.slice(0, dot);
    // Compared as text: base64url's last character carries padding bits, so decoding would accept 1 in 16 altered tags.
    const tag = Buffer.from(cursor.slice(dot + 1));
    const expected = Buffer.from(this.#tag(payload).toString('base64url'));
    if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) return undefined;
    try {
      const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        list?: unknown;
        after?: unknown;
      };
      if (typeof value.list !== 'string' || typeof value.after !== 'string') return undefined;
      const read = { list: value.list, after: value.after };
      if (this.#verified.size >= MEMO_SIZE) this.#verified.clear();
      this.#verified.set(cursor, read);
      return read;
    } catch {
      return undefined;
    }
  }
}
