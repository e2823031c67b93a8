/**
 * The scope test of `verify`'s planned tables splits each name as core's parser does (the one
 * `inspect` writes names by), hostile names included, or a planned table would be filtered out
 * (or kept) against the filters.
 */
import { splitInspectedName } from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/support/property-runs.js';
import { planScope } from '../src/verify/plan-scope.js';

/** Names from the characters that matter: dots, quotes, the bare characters, a backslash, a newline, U+202E, a letter past ASCII. */
const name = fc
  .array(
    fc.constantFrom(
      'a',
      'Z',
      '_',
      '0',
      '9',
      '$',
      '#',
      '@',
      '.',
      '"',
      '`',
      '[',
      ']',
      '\\',
      '\n',
      ' ',
      '\u202e',
      'é',
      '-',
      'qm_bench_10k',
      't123',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** The schema and table the selector of a `--table` scope is asked for `text`, or undefined when not asked. */
function askedFor(text: string): { schema: string; table: string } | undefined {
  let asked: { schema: string; table: string } | undefined;
  planScope({ table: ['t'] }, (schema, table) => {
    asked = { schema, table };
    return true;
  })({ table: text, line: 1, body: null });
  return asked;
}

/** What core's parser splits `text` into, as the scope test asks for it (a name not `schema.table` is not asked). */
function coreSplit(text: string): { schema: string; table: string } | undefined {
  const name = splitInspectedName(text);
  return name?.schema === undefined ? undefined : { schema: name.schema, table: name.table };
}

describe('the names the scope test splits', () => {
  it('splits every name as core does', () => {
    fc.assert(
      fc.property(name, (text) => {
        expect(askedFor(text)).toEqual(coreSplit(text));
      }),
      propertyRuns(20_000, 39),
    );
  });

  it.each([
    'qm_bench_10k.t1',
    'a.b',
    '_.x$#@9',
    'a',
    '.a',
    'a.',
    'a..b',
    'a.b.c',
    '1a.b',
    'a.$b',
    '"a.b".c',
    'a."b""c"',
    '[a].`b`',
    'sch\u202e.t',
    'é.t',
    'a.b\n',
    '',
  ])('splits %j as core does', (text) => {
    expect(askedFor(text)).toEqual(coreSplit(text));
  });
});

describe('planScope', () => {
  const planned = (table: string) => ({ table, line: 1, body: null });
  const all = () => true;

  it('keeps the planned tables of the schemas given, and a name not schema.table', () => {
    const inScope = planScope({ schema: ['s'] }, all);
    expect(['s.t', 'u.t', '"s".t', '"u".t', 'x', 'a.b.c'].map((t) => inScope(planned(t)))).toEqual([
      true,
      false,
      true,
      false,
      true,
      true,
    ]);
  });

  it("asks introspect's selector with the schema and table as split", () => {
    const asked: [string, string][] = [];
    const inScope = planScope({ table: ['t'] }, (schema, table) => {
      asked.push([schema, table]);
      return table === 't';
    });
    expect([inScope(planned('s.t')), inScope(planned('"s.x".t')), inScope(planned('s.u'))]).toEqual([
      true,
      true,
      false,
    ]);
    expect(asked).toEqual([
      ['s', 't'],
      ['s.x', 't'],
      ['s', 'u'],
    ]);
  });
});
