import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/support/property-runs.js';
import { locateJsonError } from '../src/io/json-locate.js';

describe('locateJsonError', () => {
  it('finds the line and column of common mistakes', () => {
    expect(locateJsonError('{"a":}')).toMatchObject({ line: 1, column: 6 });
    expect(locateJsonError('{\n  "a": 1,\n}')).toMatchObject({ line: 3, column: 1 });
    expect(locateJsonError('{"a" 1}')).toMatchObject({ line: 1, column: 6 });
    expect(locateJsonError('')).toMatchObject({ line: 1, column: 1, reason: 'the input is empty' });
    expect(locateJsonError('{"a":1} x')).toMatchObject({ column: 9 });
    expect(locateJsonError('"x\ny"')).toMatchObject({ line: 1, column: 3 });
    expect(locateJsonError('[1, 2')).toMatchObject({ column: 6 });
  });
  it('agrees with JSON.parse on what is valid', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(locateJsonError(text)).toBeUndefined();
      }),
      propertyRuns(500, 7),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(locateJsonError(text) === undefined).toBe(valid);
      }),
      propertyRuns(2000, 7),
    );
  });
  it('survives deep nesting', () => {
    expect(locateJsonError('['.repeat(100_000))).toMatchObject({ column: 100_001 });
  });
});
