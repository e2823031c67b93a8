/**
 * The type names of a table (`lookup.ts`) in an open-addressing index of plain arrays, for the hot
 * path of reading a column's type: a name is found by its length and its first and last
 * characters, and compared whole, with no hash worked out (a Map hashes each string the traits
 * give, and the name sliced before the `(` of `varchar(255)`). Read only after it is built.
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
  /** The slot of each name of the Map it was built from, in the Map's order (-1 for an empty name). */
  readonly slots: readonly number[];
}

/** The first slot of a name (`valueOfName` writes it out). */
function slotOf(name: string, mask: number): number {
  return (name.length * 37 + name.charCodeAt(0) * 11 + name.charCodeAt(name.length - 1)) & mask;
}

/** The index of every non-empty name of `byName`, at twice as many slots as names at least. */
export function nameIndex<T>(byName: ReadonlyMap<string, T>): NameIndex<T> {
  let size = 8;
  while (size < byName.size * 2) size *= 2;
  const mask = size - 1;
  const names: string[] = new Array<string>(size).fill('');
  const values: (T | undefined)[] = new Array<T | undefined>(size).fill(undefined);
  const slots: number[] = [];
  for (const [name, value] of byName) {
    let slot = -1;
    if (name !== '') {
      slot = slotOf(name, mask);
      while (names[slot] !== '') slot = (slot + 1) & mask;
      names[slot] = name;
      values[slot] = value;
    }
    slots.push(slot);
  }
  return { names, values, mask, slots };
}

/**
 * The index of a Map with the names of the Map `index` was built from, in the same order, and
 * other values (`valuesInOrder`, by the Map's order): the names' slots are shared, not worked out
 * again (working them out for every table at load made V8 optimize the loop, ~7 ms of a single
 * table's `recommend`).
 */
export function indexWithValues<T, U>(index: NameIndex<T>, valuesInOrder: readonly U[]): NameIndex<U> {
  const values: (U | undefined)[] = new Array<U | undefined>(index.names.length).fill(undefined);
  for (let i = 0; i < index.slots.length; i++) {
    const slot = index.slots[i] as number;
    if (slot >= 0) values[slot] = valuesInOrder[i];
  }
  return { names: index.names, values, mask: index.mask, slots: index.slots };
}

/** The value of `name` when it is a name of the index; undefined when it is not. */
export function valueOfName<T>(index: NameIndex<T>, name: string): T | undefined {
  const n = name.length;
  if (n === 0) return undefined;
  // `slotOf` written out: that call was not inlined (2.2 M of the own cost's 116 M valgrind instructions).
  const mask = index.mask;
  let slot = (n * 37 + name.charCodeAt(0) * 11 + name.charCodeAt(n - 1)) & mask;
  for (; ; slot = (slot + 1) & mask) {
    const held = index.names[slot] as string;
    if (held === '') return undefined;
    if (held === name) return index.values[slot];
  }
}
