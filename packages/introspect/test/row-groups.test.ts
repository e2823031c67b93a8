/** Catalog rows read one table at a time as they come: each table's rows whole, whatever the driver. */
import { describe, expect, it } from 'vitest';
import type { CatalogClient, Row } from '../src/client.js';
import { eachGroup } from '../src/read/row-groups.js';

/** A client of recorded rows: with `each` (rows handed one by one, as a driver does) or with `query` only. */
const client = (rows: Row[], streams: boolean): CatalogClient => ({
  query: async () => rows,
  ...(streams
    ? {
        each: async (_sql, _params, onRow) => {
          for (const r of rows) onRow(r);
        },
      }
    : {}),
  close: async () => undefined,
});

/** Each group handed, as `key: values`, in order. */
async function handed(rows: Row[], streams: boolean): Promise<string[]> {
  const out: string[] = [];
  await eachGroup(
    client(rows, streams),
    'SELECT',
    [],
    (r) => String(r.t),
    (key, group) => out.push(`${key}: ${group.map((r) => r.c).join(',')}`),
  );
  return out;
}

describe('eachGroup', () => {
  it("hands each table's rows once the next table's start, with a client that streams or not", async () => {
    const rows = [
      { t: 'a"\n', c: 1 },
      { t: 'a"\n', c: 2 },
      { t: 'ß', c: 1 },
    ];
    for (const streams of [true, false]) expect(await handed(rows, streams)).toEqual(['a"\n: 1,2', 'ß: 1']);
  });

  it('hands a table again with all its rows, in order, when an order that ignores case brings them apart', async () => {
    // MySQL's information_schema collation sorts `A` and `a` (and `ß` and `s`) as equals.
    const rows = [
      { t: 'A', c: 1 },
      { t: 'a', c: 1 },
      { t: 'A', c: 2 },
      { t: 'a', c: 2 },
    ];
    expect(await handed(rows, true)).toEqual(['A: 1', 'a: 1', 'A: 1,2', 'a: 1,2']);
  });

  it('hands nothing for no rows', async () => {
    expect(await handed([], true)).toEqual([]);
  });
});
