/**
 * Durations on the command line: `90` (minutes), `30s`, `15m`, `6h`, `2d`, `1w`, returned in minutes.
 *
 * @module
 */
import { usageError } from '../errors.js';

const UNITS: Readonly<Record<string, number>> = {
  s: 1 / 60,
  sec: 1 / 60,
  m: 1,
  min: 1,
  h: 60,
  hr: 60,
  d: 1440,
  day: 1440,
  days: 1440,
  w: 10080,
};

/** The longest duration accepted, in minutes: about 17 million years, far beyond any schedule. */
const MAX_MINUTES = Number.MAX_SAFE_INTEGER / 1e6;

/** Parses a duration flag into minutes (more than zero), or fails with a usage error naming the flag. */
export function parseDurationMinutes(text: string, flag: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m?.[2]?.toLowerCase() ?? '';
  const factor = unit === '' ? 1 : UNITS[unit];
  if (!m || factor === undefined) {
    throw usageError(
      `${flag} expects a duration such as 90 (minutes), 30s, 15m, 6h, 2d or 1w; received ${JSON.stringify(text)}`,
    );
  }
  const minutes = Number(m[1]) * factor;
  if (!(minutes > 0 && minutes <= MAX_MINUTES))
    throw usageError(
      `${flag} expects a duration longer than zero and at most ${MAX_MINUTES} minutes; received ${JSON.stringify(text)}`,
    );
  return minutes;
}
