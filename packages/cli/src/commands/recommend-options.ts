/**
 * The options of `recommend` (and the ones `estimate` and `plan` share: the span of the events
 * estimate), from flags to core's option objects.
 *
 * @module
 */
import {
  CHANGE_KINDS,
  type ChangeKind,
  type ChangeRun,
  closest,
  DEFAULT_HORIZON_HOURS,
  type EventsOptions,
  type QueryMode,
} from '@querymode/core';
import { usageError } from '../errors.js';
import { resolveModeArg } from '../mode-arg.js';
import { parseDurationMinutes } from '../traits/duration.js';
import { parseCount } from '../traits/numbers.js';

/** The CLI's default horizon, in the words of `--horizon`: core's default (720 hours). */
export const DEFAULT_HORIZON = `${DEFAULT_HORIZON_HOURS / 24}d`;

/** Parses `--supported-modes a,b,c` (mode names as `explain` accepts them). */
export function parseModeList(text: string | undefined, flag: string): QueryMode[] | undefined {
  if (text === undefined) return undefined;
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw usageError(`${flag} expects a comma-separated list of modes`);
  return names.map((n) => resolveModeArg(n, `mode in ${flag}`).id as QueryMode);
}

/** Parses `--must-capture inserts,updates`. */
export function parseChangeKinds(text: string | undefined, flag: string): ChangeKind[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((k) => {
      if ((CHANGE_KINDS as readonly string[]).includes(k)) return k as ChangeKind;
      const guess = closest(k, CHANGE_KINDS);
      throw usageError(
        `${flag}: unknown change kind ${JSON.stringify(k)}${guess ? `; did you mean ${guess}?` : ''} (one of: ${CHANGE_KINDS.join(', ')})`,
      );
    });
}

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
    if (flags.horizon !== undefined)
      throw usageError('--horizon and --run cannot be given together: the runs of --run are the span');
    return { timeline: runs.map(parseRun) };
  }
  return { horizonHours: parseDurationMinutes(flags.horizon ?? DEFAULT_HORIZON, '--horizon') / 60 };
}

/** The span in words, for headings: `30d`, or `2 runs`. */
export function spanWords(flags: { readonly horizon?: string; readonly run?: readonly string[] }): string {
  const runs = flags.run?.length ?? 0;
  if (runs > 0) return `${runs} run${runs === 1 ? '' : 's'}`;
  return flags.horizon ?? DEFAULT_HORIZON;
}

/** The most threads `--threads` accepts. */
export const MAX_THREADS = 64;
/**
 * The default of `--threads`: two threads (the main thread and one worker) where the process may
 * use two CPU cores or more. Each thread has its own JavaScript heap: over 1,000,000 tables the
 * process peaked at 106 MB with 1 thread, 178 MB with 2, 212 MB with 3 and 249 MB with 4, so more
 * than two would pass the 200 MB of peak memory that issue 9 sets (`pnpm bench cli-ndjson`);
 * `--threads N` uses more cores for more memory.
 */
const DEFAULT_THREADS = 2;

/**
 * Parses `--threads`: a whole number from 1 (the main thread alone) to 64; by default 2, or 1
 * where the process may use only one CPU core (`cores`).
 */
export function parseThreads(text: string | undefined, cores: number): number {
  if (text === undefined) return Math.max(1, Math.min(cores, DEFAULT_THREADS));
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_THREADS)
    throw usageError(
      `--threads expects a whole number from 1 (the main thread alone) to ${MAX_THREADS}; received ${JSON.stringify(text)}`,
    );
  return n;
}
