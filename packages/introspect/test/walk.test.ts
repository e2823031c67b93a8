/** The one walk over a catalog's relations: the skip rules, each counted, and what overrides them. */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/client.js';
import { type Relation, walkRelations } from '../src/read/walk.js';

const relations: Relation[] = [
  { schema: 's', name: 'seq', kind: 'sequence' },
  { schema: 's', name: 'part_1', kind: 'table', partition: true },
  { schema: 's', name: 'child', kind: 'table', inheritanceChild: true },
  { schema: 's', name: 'v', kind: 'view' },
  { schema: 's', name: 'mv', kind: 'materialized_view' },
  { schema: 's', name: 'f', kind: 'foreign_table' },
  { schema: 's', name: 'orders', kind: 'table' },
  { schema: 'a', name: 'z"\n', kind: 'table' },
];
const rows: (Row & { r: Relation })[] = relations.map((r) => ({
  r,
  schema_name: r.schema,
  table_name: r.name,
}));

const walk = (options: Parameters<typeof walkRelations>[1]) =>
  walkRelations(rows, options, (row) => row.r as Relation);

describe('walkRelations', () => {
  it('reads tables sorted by schema and name, and counts each skip by its rule', () => {
    const { relations, skipped } = walk({});
    expect(relations.map((r) => `${r.schema}.${r.name}`)).toEqual(['a.z"\n', 's.orders']);
    expect(skipped).toEqual({
      sequences: 1,
      'partitions (read through their partitioned table)': 1,
      'inheritance children (read through their parent)': 1,
      views: 2,
      'foreign tables': 1,
    });
  });
  it('reads a kind when it is included, or a relation when it is named; never a sequence', () => {
    expect(walk({ include: ['views', 'partitions'] }).relations.map((r) => r.name)).toEqual([
      'z"\n',
      'child',
      'mv',
      'orders',
      'part_1',
      'v',
    ]);
    const named = walk({ tables: ['s.f', 'seq', 'child'] });
    expect(named.relations.map((r) => r.name)).toEqual(['child', 'f']);
    expect(named.skipped).toEqual({ sequences: 1 });
  });
  it('leaves out what exclude matches, uncounted', () => {
    const { relations, skipped } = walk({ exclude: ['s.*'] });
    expect(relations.map((r) => r.name)).toEqual(['z"\n']);
    expect(skipped).toEqual({});
  });
});
