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

const FOLDED = new Set(UPDATE_TIME_NAMES.map((n) => n.replaceAll('_', '')));

/** Whether a column name reads as a modification time. */
export const readsAsUpdateTime = (name: string): boolean =>
  FOLDED.has(name.toLowerCase().replaceAll('_', ''));
