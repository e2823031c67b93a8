/**
 * The options of `recommend`, from flags to core's recommend options.
 *
 * @module
 */
import {
  DEFAULT_UNKNOWN_EVENTS_POLICY,
  type QueryMode,
  type RecommendOptions,
  type UnknownEventsPolicy,
} from '@querymode/core';
import { usageError } from '../../errors.js';
import { resolveModeArg } from '../../mode-arg.js';
import { parseChangeKinds } from '../../options/change-kinds.js';
import { eventsOptions } from '../../options/span.js';
import type { TraitFlags } from '../../traits/flags.js';
import { parseFraction } from '../../traits/numbers.js';

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

/** Options of `recommend`. */
export interface RecommendFlags extends TraitFlags {
  readonly traits?: string;
  readonly ndjson?: boolean;
  readonly reasons?: boolean;
  readonly detail?: boolean;
  readonly input?: string;
  readonly threads?: string;
  readonly supportedModes?: string;
  readonly mustCapture?: string;
  readonly unknownEvents?: UnknownEventsPolicy;
  readonly horizon?: string;
  readonly run?: readonly string[];
  readonly json?: boolean;
  readonly answers?: string;
  readonly rowsEstimateMargin?: string;
  readonly questions?: string;
}

/** The options that only `--ndjson` reads, each with the error when one comes without it. */
export const NDJSON_ONLY: readonly (readonly [keyof RecommendFlags, string])[] = [
  ['input', '--input goes with --ndjson; for one table use --traits <file>'],
  ['threads', '--threads goes with --ndjson'],
  ['reasons', '--reasons goes with --ndjson (the one-table output always has the reasons)'],
  ['detail', '--detail goes with --ndjson (for one table, --json gives the detail)'],
  [
    'questions',
    '--questions goes with --ndjson (for one table, the human output and --json list its questions)',
  ],
];

/**
 * The flags with the input given as the argument `FILE` (`-` for stdin) in its option: `--input`
 * with `--ndjson`, `--traits` for one table. The input is given once: `FILE` with the option too
 * is a usage error, even when both name the same file.
 */
export function withInputFile(flags: RecommendFlags, file: string | undefined): RecommendFlags {
  if (file === undefined) return flags;
  const option = flags.ndjson === true ? 'input' : 'traits';
  if (flags[option] !== undefined)
    throw usageError(
      `give the input once: as the argument ${JSON.stringify(file)} or with --${option}, not both`,
    );
  if (option === 'input') return file === '-' ? flags : { ...flags, input: file };
  return { ...flags, traits: file };
}

/** Core's recommend options from the flags. */
export function recommendOptions(flags: RecommendFlags): RecommendOptions {
  const supportedModes = parseModeList(flags.supportedModes, '--supported-modes');
  const mustCapture = parseChangeKinds(flags.mustCapture, '--must-capture');
  const margin = flags.rowsEstimateMargin;
  return {
    ...(margin === undefined ? {} : { rowsEstimateMargin: parseFraction(margin, '--rows-estimate-margin') }),
    ...eventsOptions(flags),
    unknownEvents: flags.unknownEvents ?? DEFAULT_UNKNOWN_EVENTS_POLICY,
    ...(supportedModes ? { supportedModes } : {}),
    ...(mustCapture ? { mustCapture } : {}),
  };
}
