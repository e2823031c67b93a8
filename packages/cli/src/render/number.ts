/**
 * Number formatting without `Intl`: `toLocaleString` initialises ICU, which costs more than the
 * rest of the CLI's start-up.
 *
 * @module
 */

/** An integer with comma thousands separators: `5000000` gives `5,000,000`. */
export function formatInt(n: number): string {
  const rounded = Math.round(n);
  const sign = rounded < 0 ? '-' : '';
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
