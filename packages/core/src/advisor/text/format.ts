/**
 * Numbers and lists in sentences, without `Intl` (core runs anywhere, and `Intl` is slow to
 * start).
 *
 * @module
 */

import { pluralOf } from '../../text/count.js';
import { shownName } from '../../text/visible.js';

export { formatCount } from '../../text/count.js';

/** A number for a formula: integers as they are (1e308 too), others to three decimals. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

/** A word with its first letter in upper case (`field` -> `Field`), to start a sentence. */
export const capitalized = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** Words joined as a list: `a`, `a and b`, `a, b and c`. */
export function listWords(words: readonly string[], empty = 'none'): string {
  if (words.length === 0) return empty;
  if (words.length === 1) return words[0] as string;
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Names in backticks, as a list. */
export function listCode(names: readonly string[], empty = 'none'): string {
  return listWords(
    names.map((n) => shownName(n)),
    empty,
  );
}

/** A duration in minutes in words: `15 minutes`, `6 hours`, `2 days`. */
export function formatMinutes(minutes: number): string {
  const plural = (n: number, unit: string) => `${formatNumber(n)} ${n === 1 ? unit : pluralOf(unit)}`;
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}
