/**
 * The few modes of one table are ranked in the order `Array.prototype.sort` gives them: equal
 * modes keep their order, so a table's cheaper modes and its modes within reach read the same
 * whichever sort ranks them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { sortFew } from '../../src/advisor/recommend/sort-few.js';

describe('sortFew', () => {
  it('orders items as Array.prototype.sort does, equal items in their order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 4 }), at: fc.nat() }), { maxLength: 12 }),
        (items) => {
          const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
          expect(sortFew([...items], byKey)).toEqual([...items].sort(byKey));
        },
      ),
      propertyRuns(200),
    );
  });
});
