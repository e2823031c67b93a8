/**
 * Regular expressions of the field kinds, shared by the zod schemas (and so the JSON Schema and
 * the OpenAPI document) and checked against the fast validator by a differential test.
 *
 * @module
 */

/**
 * A regular-expression source (no anchors) that matches exactly the decimal strings without
 * leading zeros whose value is at most `max`. Built digit by digit, so that the bound survives
 * conversion to JSON Schema, which has no numeric check on strings. A bound that is not such a
 * string gives a pattern that matches nothing.
 */
export function decimalAtMostSource(max: string): string {
  if (typeof max !== 'string' || !/^[1-9][0-9]*$/.test(max)) return '(?!)';
  const n = max.length;
  const alternatives: string[] = ['0'];
  if (n > 1) alternatives.push(n === 2 ? '[1-9]' : `[1-9][0-9]{0,${n - 2}}`);
  for (let i = 0; i < n; i++) {
    const digit = Number(max[i]);
    const low = i === 0 ? 1 : 0;
    if (digit - 1 < low) continue;
    const rest = n - i - 1;
    const range = digit - 1 === low ? String(low) : `[${low}-${digit - 1}]`;
    alternatives.push(`${max.slice(0, i)}${range}${rest > 0 ? `[0-9]{${rest}}` : ''}`);
  }
  alternatives.push(max);
  return `(?:${alternatives.join('|')})`;
}

/**
 * `timestamp_delay_interval_ms`: decimal digits only (leading zeros allowed), no sign, point,
 * exponent or white space, with a value of at most `Number.MAX_SAFE_INTEGER`.
 */
export const MILLISECONDS_PATTERN = `^0*${decimalAtMostSource(String(Number.MAX_SAFE_INTEGER))}$`;

/**
 * A column name by querymode's own rule (the strict profile's, and that of traits): non-empty,
 * with no white space at its start or end. The service's documentation states only a string.
 */
export const COLUMN_NAME_PATTERN = '^\\S(?:[\\s\\S]*\\S)?$';
