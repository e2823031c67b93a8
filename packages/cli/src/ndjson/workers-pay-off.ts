/**
 * Whether worker threads should start now: a pure function of counts, so that the decision is
 * tested directly and never depends on how fast the machine is.
 *
 * @module
 */

/**
 * For an input of known size, the workers start only when at least this many times `after` lines
 * are left: a worker slows the main thread while it starts and warms up, and pays that back only
 * over enough lines. With `after` at 10,000 and 2 threads, before this rule: 20,000 tables took
 * 0.83 s against 0.72 s with 1 thread (medians of 15 interleaved runs), 40,000 about the same
 * either way, 100,000 2.33 s against 2.67 s. With it (medians of 7): 20,000 took 0.77 s instead of
 * 0.88 s, 30,000 0.99 s instead of 1.06 s, 40,000 1.15 s instead of 1.20 s, 100,000 the same.
 */
export const LINES_LEFT_PER_AFTER = 3;

/** What the decision reads. */
export interface WorkerCounts {
  /** Lines cut from the input so far. */
  readonly lines: number;
  /** Lines to do in the main thread before workers start. */
  readonly after: number;
  /** Bytes read so far. */
  readonly bytesRead: number;
  /** The input's size in bytes, when known (a regular file). */
  readonly inputBytes: number | undefined;
}

/**
 * The lines left, estimated by the bytes per line so far; undefined when the input's size is not
 * known (a pipe) or nothing was read yet.
 */
export function linesLeft(counts: WorkerCounts): number | undefined {
  const { inputBytes, bytesRead, lines } = counts;
  if (inputBytes === undefined || bytesRead === 0) return undefined;
  return ((inputBytes - bytesRead) * lines) / bytesRead;
}

/**
 * Whether workers pay for themselves now: `after` lines are done, and, when the input's size is
 * known, at least {@link LINES_LEFT_PER_AFTER} times `after` lines are left.
 */
export function workersPayOff(counts: WorkerCounts): boolean {
  if (counts.lines < counts.after) return false;
  const left = linesLeft(counts);
  return left === undefined || left >= LINES_LEFT_PER_AFTER * counts.after;
}
