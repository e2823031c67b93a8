/**
 * The option reader of a number within bounds, for every package's options (the advisor's, the
 * mock's, introspect's): a value that is not a number is an `invalid_type` issue, one out of
 * bounds (or not whole, when a whole number is asked) an `invalid_number` issue saying what was
 * expected.
 *
 * @module
 */

import { describeValue } from './describe.js';
import { invalidTypeIssue } from './invalid-type.js';
import { makeIssue } from './make-issue.js';
import type { OptionReader } from './read-options.js';

/** The bounds of {@link numberReader}. */
export interface NumberBounds {
  /** The smallest value allowed (or the bound above which values are, with `exclusive`). */
  readonly min: number;
  /** Values must be above `min`, not equal to it. Default false. */
  readonly exclusive?: boolean;
  /** The largest value allowed, when there is one. */
  readonly max?: number;
  /** Whole numbers only (a wrong type is then said to expect an integer). Default false. */
  readonly integer?: boolean;
  /** What the number had to be, in words (`a fraction from 0 to 1`). */
  readonly expected: string;
}

/** Bounds read once; undefined when they cannot be read (not an object, a getter that throws). */
function boundsOf(
  bounds: NumberBounds,
): (Required<Omit<NumberBounds, 'max'>> & { max?: number }) | undefined {
  try {
    const { min, max, expected } = bounds;
    if (typeof min !== 'number' || typeof expected !== 'string') return undefined;
    if (max !== undefined && typeof max !== 'number') return undefined;
    const fixed = { min, exclusive: bounds.exclusive === true, integer: bounds.integer === true, expected };
    return max === undefined ? fixed : { ...fixed, max };
  } catch {
    return undefined;
  }
}

/**
 * A reader of a finite number within `bounds`. Its `invalid_number` issue carries `min` and `max`
 * when the range is closed (both bounds given and included), for tools that show the range.
 * Never throws: bounds that cannot be read give a reader that accepts nothing (each value an
 * `unreadable_input` issue), never one that accepts everything.
 */
export function numberReader(bounds: NumberBounds): OptionReader<number> {
  const b = boundsOf(bounds);
  if (b === undefined)
    return (_value, path, issues) => {
      issues.push(
        makeIssue({ code: 'unreadable_input', path, detail: 'the bounds of this number could not be read' }),
      );
      return undefined;
    };
  const { min, max, exclusive, integer, expected } = b;
  const range = !exclusive && max !== undefined ? { min, max } : {};
  return (value, path, issues) => {
    if (typeof value !== 'number') {
      issues.push(invalidTypeIssue(path, integer ? 'integer' : 'number', value));
      return undefined;
    }
    const ok =
      Number.isFinite(value) &&
      (exclusive ? value > min : value >= min) &&
      (max === undefined || value <= max) &&
      (!integer || Number.isInteger(value));
    if (ok) return value;
    issues.push(
      makeIssue({ code: 'invalid_number', path, expected, ...range, received: describeValue(value) }),
    );
    return undefined;
  };
}
