import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_RUNS, hostileName } from '../../../test/support/hostile-names.js';
import { DIALECTS } from '../src/dialects/index.js';
import type { TypeFamily } from '../src/dialects/type-families/families.js';
import {
  familiesIn,
  lookUpType,
  mapTypeNameTable,
  type TypeNameTable,
} from '../src/dialects/type-families/lookup.js';
import { valueOfName } from '../src/dialects/type-families/name-index.js';

/** The tables of families: each dialect's, and that of no dialect. */
const FAMILIES: readonly TypeNameTable<TypeFamily>[] = [
  familiesIn(undefined),
  ...Object.values(DIALECTS).map((d) => familiesIn(d.name)),
];

/** Every table of type names: the families', and tables made from them with other values (their slots shared). */
const TABLES: readonly TypeNameTable<string>[] = [
  ...FAMILIES,
  ...FAMILIES.map((t) => mapTypeNameTable(t, (family) => `${family} (mapped)`)),
];

/** The first word of a type name in lower case, as `lookUpType` reads one. */
function firstWord(type: string): string {
  return (/^[\0- ]*([^\0- ([]*)/.exec(type)?.[1] ?? '').toLowerCase();
}

/** `lookUpType` by the table's Map alone, as it read a name before the index. */
function byMap<T>(table: TypeNameTable<T>, type: string): T {
  if (!type.endsWith(')')) {
    const bare = table.byName.get(type);
    if (bare !== undefined) return bare;
  }
  if (type.includes('[')) return table.array;
  const paren = type.indexOf('(');
  const word = paren > 0 ? table.byName.get(type.slice(0, paren)) : undefined;
  if (word !== undefined) return word;
  const found = table.byName.get(firstWord(type));
  if (found !== undefined) return found;
  return table.underscoreArrays && type.startsWith('_') ? table.array : table.unknown;
}

/** Type names as the traits may give them: known names, with arguments, in any case, and hostile text. */
const typeNames = fc.oneof(
  fc.constantFrom(...new Set(TABLES.flatMap((t) => [...t.byName.keys()]))),
  fc
    .tuple(fc.constantFrom('varchar', 'numeric', 'INT', 'timestamp', 'datetime2', '_int4', ''), fc.string())
    .map(([name, rest]) => `${name}${rest}`),
  fc.constantFrom('varchar(255)', 'numeric(12,2)', 'integer[]', 'x(', '(', ')', '[', ' int', 'toString'),
  hostileName(64),
  fc.string(),
);

describe('the index of type names', () => {
  it("finds each name of every table, and nothing else, as the table's Map does", () => {
    for (const table of TABLES) {
      for (const [name, family] of table.byName) expect(valueOfName(table.index, name)).toBe(family);
      fc.assert(
        fc.property(typeNames, (text) => {
          expect(valueOfName(table.index, text)).toBe(table.byName.get(text));
        }),
        { numRuns: HOSTILE_RUNS },
      );
    }
  });

  it('gives every type name the family the Map alone gives it, hostile text included', () => {
    for (const table of TABLES)
      fc.assert(
        fc.property(typeNames, (type) => {
          expect(lookUpType(table, type)).toBe(byMap(table, type));
        }),
        { numRuns: HOSTILE_RUNS },
      );
  });
});
