/**
 * The OpenAPI builder reads its options with core's `readOptions`, in its own words
 * (`invalid_option` with what was expected and received); a long string is quoted as every
 * issue quotes one (64 characters, then `…`).
 */
import { expect, it } from 'vitest';
import { checkOpenApiOptions } from '../src/options.js';

it('names an unknown option and a wrong value', () => {
  expect(
    checkOpenApiOptions({ openapi: '3.2', region: [] }).map((i) => [i.path.join('.'), i.message]),
  ).toEqual([
    ['openapi', '`options.openapi`: expected "3.1" or "3.0", received "3.2".'],
    [
      'region',
      '`options.region`: expected only the options `openapi` and `regions`, received an empty array.',
    ],
  ]);
  expect(checkOpenApiOptions(null)[0]?.message).toBe('`options`: expected an options object, received null.');
});

it('quotes at most 64 characters of a string', () => {
  const [issue] = checkOpenApiOptions({ openapi: 'x'.repeat(100) });
  expect(issue?.received).toBe(JSON.stringify(`${'x'.repeat(64)}…`));
});

it('options that throw when read are an issue', () => {
  const throwing = {
    get regions(): never {
      throw new Error('getter');
    },
  };
  expect(checkOpenApiOptions(throwing).map((i) => i.message)).toEqual([
    '`options`: expected plain options data, received an object that throws when read.',
  ]);
});
