import { jsonDepthExceeds, MAX_JSON_DEPTH } from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/support/property-runs.js';
import { checkKeys, TOO_DEEP } from '../src/io/json-duplicates.js';
import { findInvalidUtf8 } from '../src/io/utf8.js';

/** A reference: tokenizes the text with one regular expression and tracks each object's keys in a Set. */
function hasDuplicateReference(text: string): boolean {
  let duplicate = false;
  const parsePairs = (json: string): void => {
    const tokens = json.match(/"(?:[^"\\]|\\.)*"|[{}[\]:,]|[^\s{}[\]:,"]+/g) ?? [];
    const stack: (Set<string> | null)[] = [];
    tokens.forEach((t, k) => {
      if (t === '{') stack.push(new Set());
      else if (t === '[') stack.push(null);
      else if (t === '}' || t === ']') stack.pop();
      else if (t.startsWith('"') && tokens[k + 1] === ':') {
        const keys = stack[stack.length - 1];
        const key = JSON.parse(t) as string;
        if (keys?.has(key)) duplicate = true;
        keys?.add(key);
      }
    });
  };
  parsePairs(text);
  return duplicate;
}

/** JSON text of objects whose keys come from a small alphabet, so that some repeat. */
const objectText: fc.Arbitrary<string> = fc.letrec<{ value: string; object: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1', '"a:b"', '"x\\"y:"', 'null', '[]'),
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
  ),
  object: fc
    .array(fc.tuple(fc.constantFrom('"a"', '"b"', '"c"', '"\\u0061"', '"a:"'), tie('value')), {
      maxLength: 4,
    })
    .map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
})).object;

describe('checkKeys', () => {
  it('agrees with a reference on generated JSON (escaped keys, colons in strings, nesting)', () => {
    fc.assert(
      fc.property(objectText, (text) => {
        const found = checkKeys(text, JSON.parse(text));
        if (found === TOO_DEEP) throw new Error('generated objects nest a few levels');
        expect(found.length > 0).toBe(hasDuplicateReference(text));
        for (const d of found) expect(d.first).toBeLessThan(d.second);
      }),
      propertyRuns(3000, 8),
    );
  });
  it('gives the path of the object and both offsets', () => {
    const text = '{"a": [{"x": 1}, {"y": 1, "y": 2}]}';
    expect(checkKeys(text, JSON.parse(text))).toEqual([{ key: 'y', path: ['a', 1], first: 18, second: 26 }]);
  });
  it("refuses a value nested deeper than MAX_JSON_DEPTH exactly where core's jsonDepthExceeds does, before its duplicates", () => {
    const nest = (depth: number, kind: 'array' | 'object' | 'mixed'): string => {
      let inner = kind === 'array' ? '[]' : '{"a": 1, "a": 2}';
      for (let level = depth - 1; level > 0; level--)
        inner =
          kind === 'array' || (kind === 'mixed' && level % 2 === 0) ? `[0, ${inner}]` : `{"k": ${inner}}`;
      return inner;
    };
    for (const kind of ['array', 'object', 'mixed'] as const) {
      for (const depth of [1, 2, MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 100_000]) {
        const text = nest(depth, kind);
        const value: unknown = JSON.parse(text);
        const found = checkKeys(text, value);
        expect(found === TOO_DEEP).toBe(jsonDepthExceeds(value));
        expect(found === TOO_DEEP).toBe(depth > MAX_JSON_DEPTH);
        if (found !== TOO_DEEP) expect(found.length).toBe(kind === 'array' ? 0 : 1);
      }
    }
  });
});

describe('findInvalidUtf8', () => {
  it('agrees with the strict TextDecoder on any bytes, and points at a bad sequence', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        let valid = true;
        try {
          decoder.decode(bytes);
        } catch {
          valid = false;
        }
        const bad = findInvalidUtf8(bytes);
        expect(bad === undefined).toBe(valid);
        if (bad !== undefined) {
          // Everything before the reported byte is valid UTF-8.
          expect(() => decoder.decode(bytes.subarray(0, bad.offset))).not.toThrow();
        }
      }),
      propertyRuns(20_000, 8),
    );
  });
  it('refuses overlong forms, surrogates and code points above U+10FFFF', () => {
    for (const bytes of [
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ]) {
      expect(findInvalidUtf8(Uint8Array.from(bytes))?.offset).toBe(0);
    }
  });
});
