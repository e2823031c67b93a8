/**
 * `readOptions`, the one reader of options objects: unknown keys with a suggestion, each option
 * read once, `undefined` as absent, and what throws when read as an issue, in core's style or in
 * a caller's (the client's and the OpenAPI builder's codes stay theirs).
 */
import { type IssuePath, type IssueShape, type OptionReader, readOptions } from '@querymode/core';
import { expect, it } from 'vitest';

const count: OptionReader<number> = (value) => (typeof value === 'number' ? value : undefined);
const READERS = { horizonHours: count, margin: count };

const codes = (r: { ok: boolean; issues?: readonly { code: string; path: IssuePath }[] }) =>
  r.ok ? [] : (r.issues ?? []).map((i) => `${i.code} ${i.path.join('.')}`);

it("reads in core's style: paths from `options`, a suggestion for a misspelt key", () => {
  expect(readOptions({ horizonHours: 2, margin: undefined }, READERS)).toEqual({
    ok: true,
    value: { horizonHours: 2 },
  });
  const typo = readOptions({ horizonHour: 2 }, READERS);
  expect(codes(typo)).toEqual(['unknown_field options.horizonHour']);
  expect(typo.ok ? '' : typo.issues[0]?.message).toContain('did you mean `options.horizonHours`?');
  // An option is not a key of a query-mode body: no body profile is named.
  expect(typo.ok ? '' : typo.issues[0]?.message).not.toMatch(/profile/);
  expect(codes(readOptions([], READERS))).toEqual(['invalid_type options']);
  expect(readOptions(undefined, READERS)).toEqual({ ok: true, value: {} });
});

it('reads each option once, and a getter or proxy that throws is an issue', () => {
  let reads = 0;
  const once = {
    get horizonHours() {
      reads += 1;
      return 1;
    },
  };
  expect(readOptions(once, READERS).ok).toBe(true);
  expect(reads).toBe(1);
  const throwing = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('trap');
      },
    },
  );
  expect(codes(readOptions(throwing, READERS))).toEqual(['unreadable_input options']);
});

it("reports in the caller's style", () => {
  const style = {
    root: ['opts'],
    notAnObject: (path: IssuePath): IssueShape<'bad'> => ({ code: 'bad', path, message: 'not an object' }),
    unknownKey: (path: IssuePath, key: string): IssueShape<'bad'> => ({
      code: 'bad',
      path: [...path, key],
      message: 'unknown',
    }),
    unreadable: (path: IssuePath, detail: string): IssueShape<'bad'> => ({
      code: 'bad',
      path,
      message: detail,
    }),
  };
  const readers = {
    n: ((value) => (typeof value === 'number' ? value : undefined)) as OptionReader<
      number,
      IssueShape<'bad'>
    >,
  };
  expect(codes(readOptions({ m: 1 }, readers, style))).toEqual(['bad opts.m']);
  expect(codes(readOptions(3, readers, style))).toEqual(['bad opts']);
});
