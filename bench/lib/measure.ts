/**
 * Measurement: operations per second of synchronous candidates measured side by side
 * (interleaved rounds after a warm-up, median reported), and timings of async operations
 * (for work such as starting a process, where one operation is long).
 *
 * @module
 */

/** How long to warm up and how many rounds to measure. */
export interface MeasureOptions {
  /** Warm-up time per candidate, in milliseconds, before any round is measured. */
  readonly warmupMs: number;
  /** The number of measured rounds per candidate. */
  readonly rounds: number;
  /** The length of one round, in milliseconds. */
  readonly roundMs: number;
  /**
   * What a round's length and its operations per second are measured in: `wall` (elapsed time,
   * the default) or `cpu` (the process's CPU time, `process.cpuUsage()`: on a loaded machine the
   * time it waits for a core is not counted, so side-by-side ratios stay meaningful).
   */
  readonly clock?: 'wall' | 'cpu';
}

/** The default: 1 s warm-up, then 9 rounds of 400 ms per candidate. */
export const DEFAULT_MEASURE: MeasureOptions = { warmupMs: 1_000, rounds: 9, roundMs: 400 };

/** A smoke run: figures are not meaningful. */
export const QUICK_MEASURE: MeasureOptions = { warmupMs: 50, rounds: 3, roundMs: 50 };

/** Summary statistics of a list of samples. */
export interface Stats {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** Every sample, in the order taken. */
  readonly samples: readonly number[];
}

/** The median, minimum and maximum of samples. */
export function stats(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error('stats: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median =
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, samples };
}

/**
 * A candidate: `batch()` does some operations and returns how many it did (for example one
 * pass over a data set). Keep a batch well under a round's length.
 */
export type Batch = () => number;

/** The process's CPU time (user and system, every thread), in milliseconds. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function runFor(batch: Batch, ms: number, now: () => number): { ops: number; elapsed: number } {
  let ops = 0;
  const start = now();
  let elapsed = 0;
  do {
    ops += batch();
    elapsed = now() - start;
  } while (elapsed < ms);
  return { ops, elapsed };
}

/**
 * Operations per second of each candidate. All candidates are warmed up first, then measured in
 * interleaved rounds (each round runs every candidate once, in rotating order), so that drift in
 * the machine's speed affects them alike. Reports per-round ops/s statistics; use the median.
 */
export function measureOps(
  candidates: Readonly<Record<string, Batch>>,
  options: MeasureOptions,
): Record<string, Stats> {
  const names = Object.keys(candidates);
  const now = options.clock === 'cpu' ? cpuMs : () => performance.now();
  for (const name of names) runFor(candidates[name] as Batch, options.warmupMs, now);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length] as string;
      const { ops, elapsed } = runFor(candidates[name] as Batch, options.roundMs, now);
      samples[name]?.push((ops * 1000) / elapsed);
    }
  }
  return Object.fromEntries(names.map((n) => [n, stats(samples[n] as number[])]));
}

/**
 * Durations in milliseconds of an async operation run `samples` times after `warmup` unmeasured
 * runs, one at a time. For long operations (a process start, a file stream).
 */
export async function timeAsync(
  operation: () => Promise<unknown>,
  { warmup, samples }: { readonly warmup: number; readonly samples: number },
): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await operation();
  const durations: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await operation();
    durations.push(performance.now() - start);
  }
  return stats(durations);
}
