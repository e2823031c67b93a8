/**
 * The decision to start worker threads, as counts: the CLI tests of `--threads` check the
 * outputs and that workers started, never which threads did the lines (that is timing).
 */
import { describe, expect, it } from 'vitest';
import { LINES_LEFT_PER_AFTER, linesLeft, workersPayOff } from '../src/ndjson/workers-pay-off.js';

/** 100 bytes a line, `lines` of them read, of a file of `total` lines (undefined: a pipe). */
const counts = (lines: number, after: number, total: number | undefined) => ({
  lines,
  after,
  bytesRead: lines * 100,
  inputBytes: total === undefined ? undefined : total * 100,
});

describe('workersPayOff', () => {
  it('waits for `after` lines', () => {
    expect(workersPayOff(counts(2_999, 3_000, undefined))).toBe(false);
    expect(workersPayOff(counts(3_000, 3_000, undefined))).toBe(true);
  });

  it(`on a file, starts only when ${LINES_LEFT_PER_AFTER} x after lines are left, by the bytes per line so far`, () => {
    // The CLI test's files: 10,000 lines (7,000 left after 3,000) and 14,000 (11,000 left).
    expect(linesLeft(counts(3_000, 3_000, 10_000))).toBe(7_000);
    expect(workersPayOff(counts(3_000, 3_000, 10_000))).toBe(false);
    expect(workersPayOff(counts(3_000, 3_000, 14_000))).toBe(true);
    expect(workersPayOff(counts(3_000, 3_000, 12_000))).toBe(true);
    expect(workersPayOff(counts(3_000, 3_000, 11_999))).toBe(false);
  });

  it('from a pipe (size unknown) or before any byte, starts after `after` lines', () => {
    expect(linesLeft(counts(3_000, 3_000, undefined))).toBeUndefined();
    expect(workersPayOff({ lines: 0, after: 0, bytesRead: 0, inputBytes: 10 })).toBe(true);
  });
});
