import { shownString, visibleName } from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** What a reader does with a shown string: parse it back as JSON. */
const readBack = (shown: string): string => JSON.parse(shown) as string;

describe('visibleName: a name as human text shows it', () => {
  it('leaves printable ASCII as it is, and escapes every other ASCII character the JSON way', () => {
    for (let c = 0; c < 0x80; c++) {
      const ch = String.fromCharCode(c);
      const plain = c >= 0x20 && c <= 0x7e && ch !== '\\' && ch !== '`';
      expect(visibleName(`a${ch}b`) === `a${ch}b`, `U+${c.toString(16)}`).toBe(plain);
    }
    expect(visibleName('orders "x" $$ 1')).toBe('orders "x" $$ 1');
  });

  it('escapes escape sequences, bidi controls, separators and format characters beyond ASCII', () => {
    expect(visibleName('\u001b[31mred')).toBe('\\u001b[31mred');
    expect(visibleName('a\u202eb\u2066c\u2028d\u00ade')).toBe('a\\u202eb\\u2066c\\u2028d\\u00ade');
    expect(visibleName('tab\there\nnew\\`')).toBe('tab\\there\\nnew\\\\\\u0060');
    expect(visibleName('café_日本')).toBe('café_日本');
  });

  it('reads back as the name, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (name) => {
        expect(readBack(shownString(name))).toBe(name);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may be left.
        expect(visibleName(name)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
      { numRuns: 500, seed: 31 },
    );
  });
});
