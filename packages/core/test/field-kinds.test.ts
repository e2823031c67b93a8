import {
  BODY_PROFILES,
  COLUMN_NAME_PATTERN,
  decimalAtMostSource,
  FIELD_KINDS,
  MILLISECONDS_PATTERN,
} from '@querymode/core';
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

describe("each kind's documented check: only what the service's documentation states", () => {
  it('a column name is any string there; querymode refuses an empty one and white space at either end', () => {
    const documented = FIELD_KINDS.column_name.documented;
    expect(documented.pattern).toBeUndefined();
    for (const name of ['', ' ', ' id', 'id ', '\tid', 'id\n', 'a"b', 'a\\b', '$$', '\u202eid']) {
      expect(documented.check(name)).toBeUndefined();
    }
    for (const value of [null, 1, true, [], {}, undefined]) {
      expect(documented.check(value)).toEqual({ code: 'invalid_type', expected: 'string' });
    }
    expect(FIELD_KINDS.column_name.pattern).toBe(COLUMN_NAME_PATTERN);
    expect(FIELD_KINDS.column_name.note).toContain("querymode's own rule");
    expect(documented.note).toContain("querymode's strict profile also refuses");
  });

  it("booleans and milliseconds are checked alike; the upper bound of milliseconds is said to be querymode's own", () => {
    expect(FIELD_KINDS.boolean.documented.check).toBe(FIELD_KINDS.boolean.check);
    const ms = FIELD_KINDS.milliseconds_string;
    expect(ms.documented.check).toBe(ms.check);
    expect(ms.documented.pattern).toBe(MILLISECONDS_PATTERN);
    expect(ms.documented.note).toContain("the upper bound is querymode's own");
  });

  it("each profile reads its check from the kinds: querymode's own in strict, the documented one in documented", () => {
    for (const kind of Object.values(FIELD_KINDS)) {
      expect(BODY_PROFILES.strict.checkOf(kind)).toBe(kind);
      expect(BODY_PROFILES.documented.checkOf(kind)).toBe(kind.documented);
    }
    expect(BODY_PROFILES.strict.summary).toContain(
      'column names must be non-empty without white space at either end',
    );
    expect(BODY_PROFILES.documented.summary).toContain('a column name is any string');
  });
});
