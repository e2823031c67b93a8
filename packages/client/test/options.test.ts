/**
 * The client reads its options with core's `readOptions`, in its own words: `unknown_option`
 * with a suggestion (nested options too), each option read once, and options that throw when
 * read are an issue, never a throw.
 */
import { expect, it } from 'vitest';
import { createClient } from '../src/index.js';

const VALID = { env: {}, baseUrl: 'https://h.invalid', apiKey: 'k', apiSecret: 's' };

const issuesOf = (options: unknown) => {
  const made = createClient(options as never);
  return made.ok ? [] : made.issues.map((i) => [i.code, i.path.join('.'), i.message]);
};

it('names an unknown option, nested ones too, with the closest one', () => {
  expect(issuesOf({ ...VALID, retry: { maxRetrys: 1 } })).toEqual([
    ['unknown_option', 'retry.maxRetrys', 'unknown option `retry.maxRetrys`; did you mean `maxRetries`?'],
  ]);
  expect(issuesOf({ ...VALID, rateLimit: { requests: 5 } })).toEqual([
    ['invalid_option', 'rateLimit.windowMs', '`rateLimit.windowMs` is required'],
  ]);
  expect(issuesOf({ ...VALID, retry: 3 })).toEqual([
    ['invalid_option', 'retry', '`retry`: expected an object, received number 3'],
  ]);
});

it('reports every option and the missing base URL and credential at once', () => {
  expect(issuesOf({ env: {}, timeoutMs: 0 }).map(([code, path]) => `${code} ${path}`)).toEqual([
    'invalid_number timeoutMs',
    'missing_base_url baseUrl',
    'missing_credentials apiKey',
    'missing_credentials apiSecret',
  ]);
  expect(issuesOf(42)).toEqual([['invalid_option', '', 'options: expected an object, received number 42']]);
});

it('reads each option once, and options that throw when read are an issue', () => {
  let reads = 0;
  const counted = {
    ...VALID,
    get timeoutMs() {
      reads += 1;
      return reads === 1 ? 1000 : -1;
    },
  };
  expect(createClient(counted).ok).toBe(true);
  expect(reads).toBe(1);
  const throwing = {
    ...VALID,
    get deadlineMs(): number {
      throw new Error('getter');
    },
  };
  expect(issuesOf(throwing)[0]).toEqual(['invalid_option', '', 'options: could not be read (Error: getter)']);
});

it('takes the profile of its bodies once, for every call that does not say, and names a wrong one', () => {
  const made = createClient({ ...VALID, profile: 'documented' });
  expect(made.ok && made.value.profile).toBe('documented');
  const plain = createClient(VALID);
  expect(plain.ok && plain.value.profile).toBe('strict');
  expect(issuesOf({ ...VALID, profile: 'strcit' })).toEqual([
    [
      'invalid_option',
      'profile',
      '`profile`: expected one of strict, documented, received string "strcit"; did you mean `strict`?',
    ],
  ]);
  expect(issuesOf({ ...VALID, profile: '\u202e"x\n' }).map(([code, path]) => `${code} ${path}`)).toEqual([
    'invalid_option profile',
  ]);
});
