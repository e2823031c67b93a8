/**
 * A stable sort in place for the few items of one table (its cheaper modes, its modes within
 * reach): the order `Array.prototype.sort` gives (stable too), without the work list it makes a
 * call (14 MB over cli-ndjson's 100,000 tables with `--questions`).
 *
 * @module
 */

/** Sorts `items` in place by `compare`, equal items in their order (insertion: for a handful of items). */
export function sortFew<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as T;
    let j = i - 1;
    while (j >= 0 && compare(items[j] as T, item) > 0) {
      items[j + 1] = items[j] as T;
      j--;
    }
    items[j + 1] = item;
  }
  return items;
}
