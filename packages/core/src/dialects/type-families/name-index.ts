/**
 * The type names of a table (`lookup.ts`) in an open-addressing index of plain arrays, for the hot
 * path of reading a column's type: a name, or the name before the `(` of `varchar(255)`, is found
 * by its length and its first and last characters, with no string built or hashed. Read only
 * after it is built.
 *
 * @module
 */

/** The names and their values, each at the slot of its length and end characters (or the next free one). */
export interface NameIndex<T> {
  /** The name at each slot; `''` for a free slot (no name is empty). */
  readonly names: readonly string[];
  /** The value of the name at the same slot. */
  readonly values: readonly (T | undefined)[];
  /** The number of slots less one (a power of two less one). */
  readonly mask: number;
}

/** The first slot of the name of `length` characters at the start of `text`. */
function slotOf(text: string, length: number, mask: number): number {
  return (length * 37 + text.charCodeAt(0) * 11 + text.charCodeAt(length - 1)) & mask;
}

/** The index of every non-empty name of `byName`, at twice as many slots as names at least. */
export function nameIndex<T>(byName: ReadonlyMap<string, T>): NameIndex<T> {
  let size = 8;
  while (size < byName.size * 2) size *= 2;
  const mask = size - 1;
  const names: string[] = new Array<string>(size).fill('');
  const values: (T | undefined)[] = new Array<T | undefined>(size).fill(undefined);
  for (const [name, value] of byName) {
    if (name === '') continue;
    let slot = slotOf(name, name.length, mask);
    while (names[slot] !== '') slot = (slot + 1) & mask;
    names[slot] = name;
    values[slot] = value;
  }
  return { names, values, mask };
}

/**
 * The value of the first `length` characters of `text` (all of it, or the name before a `(`) when
 * they are a name of the index, found without slicing them; undefined when they are not.
 */
export function valueOfName<T>(index: NameIndex<T>, text: string, length: number): T | undefined {
  if (length === 0) return undefined;
  const { names, mask } = index;
  search: for (let slot = slotOf(text, length, mask); ; slot = (slot + 1) & mask) {
    const name = names[slot] as string;
    if (name === '') return undefined;
    if (name.length !== length) continue;
    if (length === text.length) {
      if (name === text) return index.values[slot];
      continue;
    }
    for (let k = 0; k < length; k++) if (name.charCodeAt(k) !== text.charCodeAt(k)) continue search;
    return index.values[slot];
  }
}
