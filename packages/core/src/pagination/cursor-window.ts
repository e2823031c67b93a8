/**
 * The cursors a traversal remembers, to refuse one that comes back (a loop). The memory is
 * bounded: the most recent cursors only, by count and by total length, so that a hostile source
 * returning millions of fresh or huge cursors cannot grow it. A cycle longer than the window is
 * not seen as a repeat; the page cap of `paginate` (`maxPages`) ends it instead.
 *
 * @module
 */

/** The default number of recent cursors kept. */
export const CURSOR_WINDOW_SIZE = 1_000;

/** The default total length, in UTF-16 code units, of the cursors kept. */
export const CURSOR_WINDOW_CHARS = 1_000_000;

const positiveInteger = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

/** A bounded set of the most recently added cursors. */
export class CursorWindow {
  readonly #set = new Set<string>();
  // Insertion order of the set is the age order: the first entry is the oldest.
  #chars = 0;
  readonly #maxSize: number;
  readonly #maxChars: number;

  /** Bounds that are not positive integers (or not numbers at all) take their defaults. */
  constructor(maxSize: number = CURSOR_WINDOW_SIZE, maxChars: number = CURSOR_WINDOW_CHARS) {
    this.#maxSize = positiveInteger(maxSize) ? maxSize : CURSOR_WINDOW_SIZE;
    this.#maxChars = positiveInteger(maxChars) ? maxChars : CURSOR_WINDOW_CHARS;
  }

  /** Whether `cursor` is among the cursors kept. */
  has(cursor: string): boolean {
    return this.#set.has(cursor);
  }

  /** Adds `cursor`, forgetting the oldest ones while the window is over its bounds. */
  add(cursor: string): void {
    if (this.#set.has(cursor)) return;
    this.#set.add(cursor);
    this.#chars += cursor.length;
    while (this.#set.size > 1 && (this.#set.size > this.#maxSize || this.#chars > this.#maxChars)) {
      const oldest = this.#set.values().next().value as string;
      this.#set.delete(oldest);
      this.#chars -= oldest.length;
    }
  }
}
