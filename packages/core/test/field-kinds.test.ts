import { COLUMN_NAME_PATTERN, decimalAtMostSource, FIELD_KINDS, MILLISECONDS_PATTERN } from '@querymode/core';
import { describe, expect, it } from 'vitest';

describe('milliseconds_string', () => {
  const check = FIELD_KINDS.milliseconds_string.check;
  const re = new RegExp(MILLISECONDS_PATTERN);
  const max = String(Number.MAX_SAFE_INTEGER);
  const cases: [string, boolean][] = [
    ['0', true],
    ['000', true],
    ['60000', true],
    ['0060000', true],
    [max, true],
    [`000${max}`, true],
    ['9007199254740992', false],
    ['10000000000000000', false],
    ['99999999999999999999', false],
    ['', false],
    ['-1', false],
    ['+1', false],
    ['1.5', false],
    ['1e3', false],
    [' 1', false],
    ['1 ', false],
    ['１２', false],
    ['0x10', false],
  ];
  for (const [value, ok] of cases) {
    it(`${JSON.stringify(value)} is ${ok ? 'valid' : 'invalid'} for the checker and the pattern`, () => {
      expect(check(value) === undefined).toBe(ok);
      expect(re.test(value)).toBe(ok);
    });
  }
  it('says why', () => {
    expect(check(5)).toEqual({ code: 'invalid_type', expected: 'string' });
    expect(check('1e3')).toEqual({ code: 'invalid_milliseconds', reason: 'not_digits' });
    expect(check('9007199254740992')).toEqual({ code: 'invalid_milliseconds', reason: 'too_large' });
  });
  it('builds bounded patterns for any bound', () => {
    for (const bound of ['1', '9', '10', '100', '305', '9007199254740991']) {
      const r = new RegExp(`^${decimalAtMostSource(bound)}$`);
      const b = BigInt(bound);
      for (let v = 0n; v <= b + 20n && v < 2000n; v++) expect(r.test(String(v))).toBe(v <= b);
      expect(r.test(String(b))).toBe(true);
      expect(r.test(String(b + 1n))).toBe(false);
    }
  });
});

describe('column_name', () => {
  const check = FIELD_KINDS.column_name.check;
  const re = new RegExp(COLUMN_NAME_PATTERN);
  const cases: [string, boolean][] = [
    ['id', true],
    ['updated at', true],
    ['"Quoted"', true],
    ['x', true],
    ['', false],
    [' ', false],
    [' id', false],
    ['id ', false],
    ['id\n', false],
    ['\tid', false],
    ['id\u00a0', false],
  ];
  for (const [value, ok] of cases) {
    it(`${JSON.stringify(value)} is ${ok ? 'valid' : 'invalid'}`, () => {
      expect(check(value) === undefined).toBe(ok);
      expect(re.test(value)).toBe(ok);
    });
  }
});
