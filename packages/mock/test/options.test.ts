/**
 * The mock reads its options with core's `readOptions`, in core's style: unknown keys (with a
 * suggestion), wrong types and values, `undefined` as absent, and getters or proxies that throw
 * are core's issues, thrown by `new MockApi` as one `MockOptionsError` (a `TypeError`) that lists
 * them, and returned as data by `readMockOptions`. A secret is never quoted.
 */
import { ISSUE_CODES, unknownKeyIssue } from '@querymode/core';
import {
  MockApi,
  MockOptionsError,
  readMockOptions,
  readMockServerOptions,
  startMockServer,
} from '@querymode/mock';
import { describe, expect, it } from 'vitest';

const SECRET = 'S3cr3t-$$-"quoted"\\-never-shown';

/** The option names of a mock, in the order it reads them. */
const MOCK_KEYS = [
  'fixture',
  'seed',
  'credentials',
  'readOnlyCredentials',
  'rateLimit',
  'faults',
  'clock',
  'profile',
];

/** `code path` of each issue of the options. */
const issuesOf = (options: unknown): string[] => {
  const read = readMockOptions(options);
  return read.ok ? [] : read.issues.map((i) => `${i.code} ${i.path.join('.')}`);
};

/** The error `new MockApi(options)` throws. */
const thrownBy = (options: unknown): MockOptionsError => {
  try {
    new MockApi(options as never);
  } catch (error) {
    if (error instanceof MockOptionsError) return error;
    throw error;
  }
  throw new Error('no error thrown');
};

describe("the mock's options", () => {
  it("names an unknown key in core's words, with the closest option", () => {
    const error = thrownBy({ profil: 'documented' });
    expect(error).toBeInstanceOf(TypeError);
    expect(error.name).toBe('MockOptionsError');
    expect(error.issues).toEqual([unknownKeyIssue(['options'], 'profil', MOCK_KEYS)]);
    expect(error.message).toBe(`Invalid mock options (1 issue):\n- ${error.issues[0]?.message}`);
    expect(error.message).toContain('did you mean `options.profile`?');
  });

  it('names a hostile key visibly, whatever it holds', () => {
    for (const key of ['a"b', 'back\\slash', '$$x$$', 'line\nbreak', '\u001b[31mred', 'bidi\u202Eevil']) {
      const [issue] = thrownBy({ [key]: 1 }).issues;
      expect(issue).toMatchObject({ code: 'unknown_field', path: ['options', key], field: key });
      // No raw control or bidi character reaches the message.
      const raw = [...(issue?.message ?? '')].filter((c) => {
        const n = c.codePointAt(0) ?? 0;
        return n < 0x20 || (n >= 0x202a && n <= 0x202e) || (n >= 0x2066 && n <= 0x2069);
      });
      expect(raw).toEqual([]);
    }
  });

  it('reports every wrong type and value at once, with its path', () => {
    expect(
      issuesOf({
        seed: -1,
        fixture: { pipelines: 'none' },
        rateLimit: { requests: 0 },
        faults: { dropRate: 2, latencyMs: { min: 5, max: 1 }, slowMs: '50' },
        clock: { now: () => 0, sleep: 'soon' },
        profile: 'loose',
      }),
    ).toEqual([
      'invalid_number options.seed',
      'invalid_type options.fixture.pipelines',
      'invalid_number options.rateLimit.requests',
      'invalid_number options.faults.dropRate',
      'invalid_number options.faults.latencyMs.max',
      'invalid_type options.faults.slowMs',
      'invalid_type options.clock.sleep',
      'invalid_option options.profile',
    ]);
    expect(issuesOf({ faults: { serverErrorRate: 0.6, dropRate: 0.6 } })).toEqual([
      'invalid_number options.faults',
    ]);
    expect(issuesOf(42)).toEqual(['invalid_type options']);
    expect(issuesOf([])).toEqual(['invalid_type options']);
    expect(issuesOf({ credentials: { key: 'k' } })).toEqual(['missing_field options.credentials']);
    expect(issuesOf({ rateLimit: { requests: 1 } })).toEqual(['missing_field options.rateLimit']);
    expect(issuesOf({ seed: 1.5 })).toEqual(['invalid_number options.seed']);
    expect(issuesOf({ seed: Number.NaN })).toEqual(['invalid_number options.seed']);
    expect(issuesOf({ seed: 10n })).toEqual(['invalid_type options.seed']);
  });

  it('says what, where and how to fix a profile, as core says it for an option', () => {
    const error = thrownBy({ profile: 'documentd' });
    expect(error.issues[0]).toMatchObject({
      code: 'invalid_option',
      path: ['options', 'profile'],
      received: 'documentd',
      allowed: ['strict', 'documented'],
      suggestion: 'documented',
    });
    expect(error.message).toMatch(/`options\.profile`: expected one of `strict`, `documented`/);
    expect(error.message).toContain('did you mean `documented`?');
  });

  it('takes an undefined value as absent', () => {
    const api = new MockApi({
      seed: undefined,
      profile: undefined,
      rateLimit: undefined,
      faults: undefined,
    } as never);
    expect(api.profile).toBe('strict');
    expect(api.snapshot().rate_limit).toMatchObject({ requests: 100, window_ms: 60_000 });
    expect(issuesOf({ credentials: { key: 'k', secret: 's', extra: undefined } })).toEqual([]);
  });

  it('reads each option once; a getter or proxy that throws is an issue, not its own throw', () => {
    let reads = 0;
    const counted = {
      get seed() {
        reads += 1;
        return reads === 1 ? 3 : -1;
      },
    };
    expect(readMockOptions(counted).ok).toBe(true);
    expect(reads).toBe(1);
    const throwing = {
      get profile(): string {
        throw new Error('getter');
      },
    };
    expect(thrownBy(throwing).issues).toMatchObject([
      { code: 'unreadable_input', path: ['options'], message: expect.stringContaining('Error: getter') },
    ]);
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(issuesOf(proxy)).toEqual(['unreadable_input options']);
    expect(issuesOf({ credentials: proxy })).toEqual(['unreadable_input options.credentials']);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expect(readMockOptions(revocable.proxy).ok).toBe(false);
    expect(readMockOptions({ faults: revocable.proxy }).ok).toBe(false);
  });

  it('never quotes a secret, whatever is wrong around it', () => {
    const cases: unknown[] = [
      { credentials: { key: 'k', secret: SECRET, sekret: SECRET } },
      { credentials: { key: 1, secret: SECRET } },
      { readOnlyCredentials: { secret: SECRET } },
      { credentials: { key: 'k', secret: 12345678 } },
      { credentials: { key: 'k', secret: [SECRET] } },
      { credentials: { key: 'k', secret: { value: SECRET } } },
      { credentials: SECRET },
    ];
    for (const options of cases) {
      const read = readMockOptions(options);
      expect(read.ok).toBe(false);
      const text = JSON.stringify(read.ok ? [] : read.issues);
      expect(text).not.toContain('S3cr3t');
      expect(text).not.toContain('12345678');
      for (const issue of read.ok ? [] : read.issues) expect(ISSUE_CODES).toContain(issue.code);
    }
    expect(thrownBy({ credentials: { key: 'k', secret: 12345678 } }).message).toMatch(
      /`options\.credentials\.secret`: expected a string, received number\./,
    );
  });

  it('refuses a credential key with ":", which HTTP Basic cannot carry in a user name', () => {
    const error = thrownBy({ credentials: { key: 'team:ci\u202E', secret: SECRET } });
    expect(error.issues.map((i) => `${i.code} ${i.path.join('.')}`)).toEqual([
      'invalid_string options.credentials.key',
    ]);
    expect(error.message).toContain('expected a key without ":"');
    expect(error.message).toContain('received "team:ci\\u202e"');
    expect(error.message).not.toContain(SECRET);
  });

  it('keeps valid options as they were', () => {
    const credentials = { key: 'k', secret: SECRET };
    const api = new MockApi({
      credentials,
      rateLimit: { requests: 2, windowMs: 1000 },
      profile: 'documented',
    });
    expect(api.credentials).toEqual(credentials);
    expect(api.profile).toBe('documented');
    expect(api.snapshot().rate_limit).toMatchObject({ requests: 2, window_ms: 1000 });
  });
});

describe('a fixture given in code', () => {
  const pipeline = (id: unknown, objects: unknown[]) => ({ id, objects });

  it('is read whole: each pipeline, object and config, with its path from options', () => {
    expect(issuesOf({ fixture: { pipelines: [null] } })).toEqual([
      'invalid_type options.fixture.pipelines.0',
    ]);
    expect(
      issuesOf({
        fixture: {
          pipelines: [
            pipeline('a', [{ name: 'x' }, { name: 'x' }, 7, { name: '' }]),
            pipeline('a', [{ name: 'y', config: { mode: 'timestamp' } }]),
            { objects: 'none' },
          ],
        },
      }),
    ).toEqual([
      'duplicate_value options.fixture.pipelines.0.objects.1.name',
      'invalid_type options.fixture.pipelines.0.objects.2',
      'empty_string options.fixture.pipelines.0.objects.3.name',
      'duplicate_value options.fixture.pipelines.1.id',
      'missing_field options.fixture.pipelines.1.objects.0.config.timestamp_column_name',
      'missing_field options.fixture.pipelines.2.id',
      'invalid_type options.fixture.pipelines.2.objects',
    ]);
    const error = thrownBy({ fixture: { pipelines: [pipeline('a', []), pipeline('a', [])] } });
    expect(error.issues[0]).toMatchObject({
      code: 'duplicate_value',
      value: 'a',
      first: ['options', 'fixture', 'pipelines', 0, 'id'],
    });
    expect(error.message).toContain(
      '`options.fixture.pipelines[1].id`: "a" is given twice (first at `options.fixture.pipelines[0].id`)',
    );
  });

  it("checks each config in the mock's profile, and fills in the default mode", () => {
    // Documented: only what the service's documentation requires (no timestamp column needed).
    const fixture = {
      pipelines: [pipeline('p1', [{ name: 'o', config: { mode: 'timestamp' } }, { name: 'n' }])],
    };
    expect(issuesOf({ fixture })).toContain(
      'missing_field options.fixture.pipelines.0.objects.0.config.timestamp_column_name',
    );
    const api = new MockApi({ fixture: fixture as never, profile: 'documented' });
    const configs = Object.fromEntries(
      api.snapshot().pipelines[0]?.objects.map((o) => [o.name, o.config]) ?? [],
    );
    expect(configs).toEqual({ o: { mode: 'timestamp' }, n: { mode: 'full_load' } });
  });

  it('names hostile ids visibly, and never throws for a getter or proxy that throws', () => {
    for (const id of ['a"b', 'back\\slash', '$$x$$', 'line\nbreak', '\u001b[31mred', 'bidi\u202Eevil']) {
      const [issue] = thrownBy({ fixture: { pipelines: [pipeline(id, []), pipeline(id, [])] } }).issues;
      expect(issue).toMatchObject({ code: 'duplicate_value', value: id });
      const raw = [...(issue?.message ?? '')].filter((c) => {
        const n = c.codePointAt(0) ?? 0;
        return n < 0x20 || (n >= 0x202a && n <= 0x202e) || (n >= 0x2066 && n <= 0x2069);
      });
      expect(raw).toEqual([]);
    }
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    const error = thrownBy({ fixture: { pipelines: [pipeline('a', [trap])] } });
    expect(error.issues.map((i) => `${i.code} ${i.path.join('.')}`)).toEqual([
      'unreadable_input options.fixture',
    ]);
  });
});

describe("the mock server's options", () => {
  it('rejects (never throws) with the same error, before listening', async () => {
    const started = startMockServer({ port: 70_000, host: '', sead: 1 } as never);
    await expect(started).rejects.toBeInstanceOf(MockOptionsError);
    const error = (await started.catch((e: unknown) => e)) as MockOptionsError;
    expect(error.issues.map((i) => `${i.code} ${i.path.join('.')}`)).toEqual([
      'invalid_number options.port',
      'empty_string options.host',
      'unknown_field options.sead',
    ]);
    expect(error.issues[2]?.message).toContain('did you mean `options.seed`?');
  });

  it('refuses a mock to serve given with options of a mock, which it would ignore', () => {
    const api = new MockApi({ rateLimit: false });
    const read = readMockServerOptions({ api, seed: 2 });
    expect(read.ok ? [] : read.issues).toMatchObject([
      { code: 'conflicting_options', path: ['options'], options: ['api', 'seed'] },
    ]);
    expect(readMockServerOptions({ api, port: 0, seed: undefined }).ok).toBe(true);
    expect(readMockServerOptions({ api: {} }).ok ? [] : ['invalid']).toEqual(['invalid']);
  });
});
