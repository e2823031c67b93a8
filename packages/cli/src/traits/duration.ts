/**
 * Durations on the command line: a number with a unit (`30s`, `15m`, `6h`, `2d`, `1w`), or a bare
 * number in the flag's own unit: seconds for a timeout (as libpq's connect_timeout, psql, mysql
 * and sqlcmd read it), minutes for the traits' durations and the spans (their fields are minutes).
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

/** What a bare number means to a duration flag. */
export type BareUnit = 'seconds' | 'minutes';

/** A bare unit in minutes. */
const BARE_MINUTES: Readonly<Record<BareUnit, number>> = { seconds: 1 / 60, minutes: 1 };

/** The longest duration accepted, in minutes: about 17 million years, far beyond any schedule. */
const MAX_MINUTES = Number.MAX_SAFE_INTEGER / 1e6;

/** The words of `--help` that name a duration flag's unit: `seconds, or 30s, 2m, 1h`. */
export function durationUnitHelp(bare: BareUnit): string {
  return bare === 'seconds' ? 'seconds, or 30s, 2m, 1h' : 'minutes, or 30s, 6h, 2d, 1w';
}

/**
 * Parses a duration flag into minutes (more than zero), or fails with a usage error naming the
 * flag; a bare number is in `bare` units (minutes unless said).
 */
export function parseDurationMinutes(text: string, flag: string, bare: BareUnit = 'minutes'): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m?.[2]?.toLowerCase() ?? '';
  const factor = unit === '' ? BARE_MINUTES[bare] : UNITS[unit];
  if (!m || factor === undefined) {
    throw usageError(
      `${flag} expects a duration: a number of ${durationUnitHelp(bare)}; received ${JSON.stringify(text)}`,
    );
  }
  const minutes = Number(m[1]) * factor;
  if (!(minutes > 0 && minutes <= MAX_MINUTES))
    throw usageError(
      `${flag} expects a duration longer than zero and at most ${MAX_MINUTES} minutes; received ${JSON.stringify(text)}`,
    );
  return minutes;
}
