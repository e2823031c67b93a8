/**
 * Numbers on the command line: digits with optional `_` or `,` separators, a fraction and an
 * exponent (`1200000`, `1_200_000`, `1.2e6`), checked against the range the traits accept. A
 * number out of range says what range is accepted.
 *
 * @module
 */
import { usageError } from '../errors.js';
import { formatInt } from '../render/number.js';

const NUMBER = /^\d+(\.\d+)?(e[+-]?\d+)?$/i;

function parse(text: string): number {
  const cleaned = text.trim().replace(/[_,]/g, '');
  return NUMBER.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** A count: an integer from 0 to 9,007,199,254,740,991 (`--rows`). */
export function parseCount(text: string, flag: string): number {
  const n = parse(text);
  if (Number.isSafeInteger(n) && n >= 0) return n;
  throw usageError(
    `${flag} expects an integer from 0 to ${formatInt(Number.MAX_SAFE_INTEGER)}; received ${JSON.stringify(text)}`,
  );
}

/** A rate: a finite number of at least 0 (`--inserts-per-day`). */
export function parseRate(text: string, flag: string): number {
  const n = parse(text);
  if (Number.isFinite(n) && n >= 0) return n;
  throw usageError(`${flag} expects a finite number of at least 0; received ${JSON.stringify(text)}`);
}

/** A fraction: a number from 0 to 1 (`--rows-estimate-margin`). */
export function parseFraction(text: string, flag: string): number {
  const n = parse(text);
  if (Number.isFinite(n) && n >= 0 && n <= 1) return n;
  throw usageError(`${flag} expects a fraction from 0 to 1 (0.2 is 20%); received ${JSON.stringify(text)}`);
}
