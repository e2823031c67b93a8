/**
 * `numberReader`, the one reader of a bounded number behind the options of core, the mock and
 * introspect: what it accepts, the issue it gives, and bounds it cannot read.
 */
import { type Issue, numberReader } from '@querymode/core';
import { describe, expect, it } from 'vitest';

/** What the reader gives for `value`: the number, or its issues. */
function read(reader: ReturnType<typeof numberReader>, value: unknown): number | Issue[] {
  const issues: Issue[] = [];
  const out = reader(value, ['options', 'n'], issues);
  return out === undefined ? issues : out;
}

describe('numberReader', () => {
  it('accepts a finite number in a closed range; its issue carries the range', () => {
    const fraction = numberReader({ min: 0, max: 1, expected: 'a fraction from 0 to 1' });
    expect(read(fraction, 0)).toBe(0);
    expect(read(fraction, 1)).toBe(1);
    expect(read(fraction, 0.5)).toBe(0.5);
    for (const bad of [-0.1, 1.1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(read(fraction, bad)).toEqual([
        expect.objectContaining({ code: 'invalid_number', path: ['options', 'n'], min: 0, max: 1 }),
      ]);
    }
    expect((read(fraction, 2) as Issue[])[0]?.message).toBe(
      '`options.n`: expected a fraction from 0 to 1, received number 2.',
    );
  });

  it('keeps an exclusive bound out of the issue, and asks whole numbers for an integer', () => {
    const above = numberReader({ min: 0, exclusive: true, expected: 'a number greater than 0' });
    expect(read(above, 0)).toEqual([expect.not.objectContaining({ min: 0 })]);
    expect(read(above, 1e-9)).toBe(1e-9);
    const port = numberReader({ min: 0, max: 65_535, integer: true, expected: 'a port' });
    expect(read(port, 80.5)).toEqual([expect.objectContaining({ code: 'invalid_number' })]);
    expect(read(port, '80')).toEqual([
      expect.objectContaining({ code: 'invalid_type', expected: 'integer' }),
    ]);
    expect(read(port, 80)).toBe(80);
  });

  it('accepts nothing when its bounds cannot be read (never everything)', () => {
    const throwing = {
      get min(): number {
        throw new Error('trap');
      },
      expected: 'x',
    };
    for (const bounds of [null, 42, {}, { min: '0', expected: 'x' }, throwing]) {
      const reader = numberReader(bounds as never);
      expect(read(reader, 1)).toEqual([expect.objectContaining({ code: 'unreadable_input' })]);
    }
  });
});
