/**
 * The names that read as a row's modification time: the only existing columns a remedy makes the
 * database set on every update. Any other date-and-time column (a creation, expiry, revocation,
 * schedule, read or business time) keeps its meaning: the remedy adds a new column instead.
 * Compared without case and without `_`, so `updated_at` and `updatedAt` both match.
 *
 * @module
 */

/** The modification-time names, in snake case (their camelCase forms match too). */
export const UPDATE_TIME_NAMES: readonly string[] = [
  'updated_at',
  'updated_on',
  'modified_at',
  'modified_on',
  'last_update',
  'last_updated',
  'last_modified',
  'last_modified_at',
  'changed_at',
];

const FOLDED: readonly string[] = UPDATE_TIME_NAMES.map((n) => n.replaceAll('_', ''));

/** The length of the shortest folded name. */
const SHORTEST = Math.min(...FOLDED.map((n) => n.length));

/**
 * Whether a name, with its `_` left out and its ASCII capitals lowered, is `folded`: the same as
 * `name.toLowerCase().replaceAll('_', '') === folded` for these names, whose letters are ASCII
 * (no other character lowers to one of them: `İ` lowers to two characters, the Kelvin sign to
 * `k`, which no name holds), without building a string: two strings a column were ~2% of
 * chooseMode (pnpm bench advisor; docs/benchmarks.md, "History of the engine's speed work").
 */
function foldsTo(name: string, folded: string): boolean {
  let j = 0;
  for (let i = 0; i < name.length; i++) {
    let c = name.charCodeAt(i);
    if (c === 95 /* _ */) continue;
    if (c >= 65 && c <= 90) c += 32;
    if (c !== folded.charCodeAt(j)) return false;
    j++;
  }
  return j === folded.length;
}

/** Whether a column name reads as a modification time. */
export function readsAsUpdateTime(name: string): boolean {
  // Folding only drops underscores, so a name shorter than every folded name (`id`, `col_1`) folds to
  // none: ~1% of chooseMode's own cost (valgrind instructions).
  if (name.length < SHORTEST) return false;
  for (const folded of FOLDED) if (foldsTo(name, folded)) return true;
  return false;
}
