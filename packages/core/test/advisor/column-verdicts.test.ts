import { SOURCE_KINDS } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { COLUMN_BITS, packColumn } from '../../src/advisor/column-bits.js';
import { TYPE_CLASS } from '../../src/advisor/column-types.js';
import { COLUMN_TESTS, columnTestVerdict, verdictWord } from '../../src/advisor/column-verdicts.js';

describe('column verdicts', () => {
  it('the one-pass verdict word equals every test’s verdict, for every packed column', () => {
    const sources = [undefined, ...SOURCE_KINDS];
    for (let traits = 0; traits < 1 << COLUMN_BITS.typeClass; traits++) {
      // Only the values 0, 1, 2 occur in each two-bit trait.
      let valid = true;
      for (let at = 0; at < COLUMN_BITS.typeClass; at += 2) if (((traits >>> at) & 3) === 3) valid = false;
      if (!valid) continue;
      for (const cls of Object.values(TYPE_CLASS)) {
        const bits = traits | (cls << COLUMN_BITS.typeClass);
        for (const pk of [0, 1, 2]) {
          for (const source of sources) {
            const word = verdictWord(bits, pk, source);
            COLUMN_TESTS.forEach((test, i) => {
              expect((word >>> (2 * i)) & 3).toBe(columnTestVerdict(test, bits, pk, source));
            });
          }
        }
      }
    }
  });

  it('packs each boolean trait as absent, false or true', () => {
    expect(packColumn({ name: 'x' })).toBe(0);
    expect(packColumn({ name: 'x', nullable: false, set_on_update: true }) & 3).toBe(1);
    expect((packColumn({ name: 'x', set_on_update: true }) >>> COLUMN_BITS.set_on_update) & 3).toBe(2);
    expect(packColumn({ name: 'x', type: 'DATETIME2(7)' }) >>> COLUMN_BITS.typeClass).toBe(
      TYPE_CLASS.dateTime,
    );
  });
});
