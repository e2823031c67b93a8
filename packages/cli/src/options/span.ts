/**
 * The span of the events estimate, for `recommend`, `estimate` and `plan`: `--horizon`, or a
 * timeline of `--run` values, from flags to core's events options.
 *
 * @module
 */
import {
  CHANGE_KINDS,
  type ChangeRun,
  closest,
  countOf,
  DEFAULT_HORIZON_HOURS,
  type EventsOptions,
} from '@querymode/core';
import { usageError } from '../errors.js';
import { parseDurationMinutes } from '../traits/duration.js';
import { isSetting } from '../traits/flags.js';
import { parseCount } from '../traits/numbers.js';

/** The CLI's default horizon, in the words of `--horizon`: core's default (720 hours). */
export const DEFAULT_HORIZON = `${DEFAULT_HORIZON_HOURS / 24}d`;
/** Parses one `--run` value: `inserts=5,updates=4`, or `none` for a run without changes. */
export function parseRun(text: string): ChangeRun {
  const trimmed = text.trim();
  if (trimmed === 'none' || trimmed === '0') return {};
  const run: Record<string, number> = {};
  for (const part of trimmed.split(',')) {
    const [key = '', value = ''] = part.split('=').map((s) => s.trim());
    if (!(CHANGE_KINDS as readonly string[]).includes(key)) {
      const guess = closest(key, CHANGE_KINDS);
      throw usageError(
        `--run expects kind=count pairs such as inserts=5,updates=4, or none; unknown kind ${JSON.stringify(key)}${guess ? `; did you mean ${guess}?` : ''}`,
      );
    }
    run[key] = parseCount(value, `--run ${key}`);
  }
  return run;
}
/** The span of the events estimate: `--horizon` (default 30 days) or a `--run` timeline, not both. */
export function eventsOptions(flags: {
  readonly horizon?: string;
  readonly run?: readonly string[];
}): EventsOptions {
  const runs = flags.run ?? [];
  if (runs.length > 0) {
    // A horizon from the project file or the environment gives way to the runs of --run.
    if (flags.horizon !== undefined && !isSetting(flags, 'horizon'))
      throw usageError('--horizon and --run cannot be given together: the runs of --run are the span');
    return { timeline: runs.map(parseRun) };
  }
  return { horizonHours: parseDurationMinutes(flags.horizon ?? DEFAULT_HORIZON, '--horizon') / 60 };
}
/** The span in words, for headings: `30d`, or `2 runs`. */
export function spanWords(flags: { readonly horizon?: string; readonly run?: readonly string[] }): string {
  const runs = flags.run?.length ?? 0;
  if (runs > 0) return countOf(runs, 'run');
  return flags.horizon ?? DEFAULT_HORIZON;
}
