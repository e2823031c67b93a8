import { inspect } from 'node:util';
import {
  type ClientLogEvent,
  type ClientOptions,
  createClient,
  createVirtualClock,
  type FetchLike,
  type QueryModeBody,
  type QueryModeClient,
} from '@querymode/client';
import { PaginationError } from '@querymode/core';
import { generateFixture, MockApi, mockFetch, startMockServer } from '@querymode/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformingFetch, type Violation } from '../../mock/test/conformance.js';

const TIMESTAMP: QueryModeBody = { config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } };

/** A client of `api` through `fetch`, with the mock's full credential. */
function clientOf(api: MockApi, fetch: FetchLike, extra: ClientOptions = {}): QueryModeClient {
  const made = createClient({
    baseUrl: 'http://mock.invalid',
    apiKey: api.credentials.key,
    apiSecret: api.credentials.secret,
    fetch,
    env: {},
    ...extra,
  });
  if (!made.ok) throw new Error(made.issues.map((i) => i.message).join('; '));
  return made.value;
}

/** The same checks, in-process and over a loopback socket, every answer checked against the document. */
const transports = ['in-process', 'loopback'] as const;

describe.each(transports)('the client against the mock (%s)', (transport) => {
  const violations: Violation[] = [];
  let api: MockApi;
  let client: QueryModeClient;
  let close = async () => {};
  beforeAll(async () => {
    api = new MockApi({
      rateLimit: false,
      fixture: {
        pipelines: [
          ...generateFixture({ pipelines: 12, objects: 7, seed: 5 }).pipelines,
          { id: 'p 1/..', objects: [{ name: 'dbo.orders/2024' }, { name: '..' }] },
        ],
      },
    });
    if (transport === 'in-process') {
      client = clientOf(api, conformingFetch(mockFetch(api), violations));
    } else {
      const server = await startMockServer({ api });
      close = server.close;
      client = clientOf(
        api,
        conformingFetch((input, init) => fetch(input, init), violations),
        { baseUrl: server.url },
      );
    }
  });
  afterAll(async () => {
    await close();
    expect(violations).toEqual([]);
  });

  it('sets a query mode, with path segments encoded (/, space); refuses . and .., which URLs resolve', async () => {
    const r = await client.setQueryMode('p 1/..', 'dbo.orders/2024', TIMESTAMP);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject({ status: 200, attempts: 1, sent: TIMESTAMP });
    const dots = await client.setQueryMode('p 1/..', '..', { config: { mode: 'full_load' } });
    expect(dots.ok ? [] : dots.issues.map((i) => i.code)).toEqual(['unsendable_segment']);
    const objects = api.snapshot().pipelines.find((p) => p.id === 'p 1/..')?.objects ?? [];
    expect(objects.map((o) => [o.name, o.mode, o.puts])).toEqual([
      ['..', 'full_load', 0],
      ['dbo.orders/2024', 'timestamp', 1],
    ]);
  });

  it('validates the body with core first: the issues are returned and nothing is sent', async () => {
    const before = api.counters().requests;
    const r = await client.setQueryMode('p 1/..', 'x', {
      config: { mode: 'timestamp', stop_on_gap: true },
    } as never);
    const empty = await client.setQueryMode('', 'x', TIMESTAMP);
    expect(api.counters().requests).toBe(before);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('invalid_request');
      expect(r.error.attempts).toBe(0);
      expect(r.issues.map((i) => i.code).sort()).toEqual(['field_not_in_mode', 'missing_field']);
    }
    expect(empty.ok ? [] : empty.issues.map((i) => [i.code, i.path])).toEqual([
      ['empty_string', ['pipeline_id']],
    ]);
  });

  it("checks the body in querymode's strict profile unless told: documented sends what the service documents", async () => {
    const bare = { config: { mode: 'timestamp' as const } };
    const strict = await client.setQueryMode('p 1/..', 'dbo.orders/2024', bare);
    expect(strict.ok ? [] : strict.issues.map((i) => i.code)).toEqual(['missing_field']);
    if (!strict.ok) expect(strict.issues[0]?.message).toContain("querymode's strict profile");
    const loose = await client.setQueryMode('p 1/..', 'dbo.orders/2024', bare, { profile: 'documented' });
    // The mock checks in its own default, the strict profile: the body is sent and refused there.
    expect(loose.ok ? 'sent and accepted' : loose.error.kind).toBe('bad_request');
  });

  it('refuses an empty column name or white space at either end before sending, unless the profile is documented', async () => {
    for (const name of ['', ' id', 'id\t', '\n"id"', 'a\\b ', '\u202eid\u00a0']) {
      const body = { config: { mode: 'unique_incrementing' as const, unique_column_name: name } };
      const strict = await client.setQueryMode('p 1/..', 'dbo.orders/2024', body);
      expect(strict.ok ? [] : strict.issues.map((i) => [i.code, i.path])).toEqual([
        ['invalid_column_name', ['config', 'unique_column_name']],
      ]);
      if (!strict.ok) {
        expect(strict.error.attempts).toBe(0);
        expect(strict.issues[0]).toMatchObject({ profile: 'strict' });
      }
      // Valid in the documented profile: sent; the mock here checks in its default, the strict profile.
      const documented = await client.setQueryMode('p 1/..', 'dbo.orders/2024', body, {
        profile: 'documented',
      });
      expect(documented.ok ? 'sent and accepted' : documented.error.kind).toBe('bad_request');
    }
  });

  it("checks every call's body in the client's profile, unless a call says another", async () => {
    const body = { config: { mode: 'unique_incrementing' as const, unique_column_name: ' id' } };
    const documented = clientOf(api, conformingFetch(mockFetch(api), violations), { profile: 'documented' });
    // Valid in the documented profile: sent; the mock here checks in its default, the strict profile.
    const sent = await documented.setQueryMode('p 1/..', 'dbo.orders/2024', body);
    expect(sent.ok ? 'sent and accepted' : sent.error.kind).toBe('bad_request');
    const strict = await documented.setQueryMode('p 1/..', 'dbo.orders/2024', body, { profile: 'strict' });
    expect(strict.ok ? [] : strict.issues.map((i) => i.code)).toEqual(['invalid_column_name']);
    if (!strict.ok) expect(strict.error.attempts).toBe(0);
  });

  it('lists pipelines: for await, toArray({ max }), awaitable first page, limit 1..100', async () => {
    const seen: string[] = [];
    for await (const p of client.listPipelines({ limit: 5 })) seen.push(p.id as string);
    expect(seen).toEqual(api.state.pipelineIds);
    expect((await client.listPipelines({ limit: 100 }).toArray({ max: 13 })).length).toBe(13);
    await expect(client.listPipelines({ limit: 5 }).toArray({ max: 12 })).rejects.toMatchObject({
      code: 'too_many_items',
    });
    const first = await client.listPipelines({ limit: 4 });
    expect(first.data).toHaveLength(4);
    expect(first.nextCursor).toBeDefined();
    await expect(client.listPipelines({ limit: 101 }).toArray({ max: 1000 })).rejects.toMatchObject({
      code: 'invalid_limit',
    });
  });

  it('lists objects, and any list through the generic helper', async () => {
    const id = api.state.pipelineIds[0] as string;
    const objects = await client.listObjects(id, { limit: 3 }).toArray({ max: 100 });
    expect(objects.map((o) => o.name)).toEqual(api.state.objectNames(id));
    const same = await client
      .list(`/pipelines/${encodeURIComponent(id)}/objects`, { limit: 2 })
      .toArray({ max: 100 });
    expect(same).toEqual(objects);
    await expect(client.listObjects('nope').toArray({ max: 1 })).rejects.toMatchObject({
      code: 'fetch_failed',
      cause: { kind: 'not_found', status: 404 },
    });
  });

  it('resumes a list after an error from lastGoodCursor', async () => {
    const list = client.listPipelines({ limit: 5 });
    const got: string[] = [];
    for await (const p of list.pages()) {
      got.push(...p.data.map((x) => x.id as string));
      break;
    }
    const page = await client.listPipelines({ limit: 5 });
    const rest = await client
      .listPipelines({ limit: 5, startingAfter: page.nextCursor as string })
      .toArray({ max: 100 });
    expect([...got, ...rest.map((p) => p.id)]).toEqual(api.state.pipelineIds);
    const error = await client
      .listPipelines({ limit: 5, startingAfter: 'forged.cursor' })
      .toArray({ max: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({
      code: 'fetch_failed',
      lastGoodCursor: 'forged.cursor',
      cause: { kind: 'bad_request' },
    });
  });

  it('returns typed errors for 401, 403 and 404', async () => {
    const wrong = clientOf(api, conformingFetch(mockFetch(api), violations), { apiSecret: 'wrong-secret' });
    const r401 = await wrong.setQueryMode('p 1/..', 'dbo.orders/2024', TIMESTAMP);
    expect(r401.ok ? undefined : [r401.error.kind, r401.error.status, r401.error.attempts]).toEqual([
      'unauthorized',
      401,
      1,
    ]);
    const readOnly = clientOf(api, conformingFetch(mockFetch(api), violations), {
      apiKey: api.readOnlyCredentials.key,
      apiSecret: api.readOnlyCredentials.secret,
    });
    const r403 = await readOnly.setQueryMode('p 1/..', 'dbo.orders/2024', TIMESTAMP);
    expect(r403.ok ? undefined : r403.error.kind).toBe('forbidden');
    const r404 = await client.setQueryMode('p 1/..', 'missing', TIMESTAMP);
    expect(
      r404.ok ? undefined : [r404.error.kind, r404.error.name, r404.error.method, r404.error.path],
    ).toEqual(['not_found', 'NotFoundError', 'PUT', '/pipelines/p%201%2F../objects/missing/query-mode']);
  });
});

/** A fetch that answers from a script, one entry per attempt, and records the attempts. */
function scripted(answers: (() => Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (next === undefined) throw new Error('no more scripted answers');
    return next();
  };
  return { fetch, calls };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );

/** Never answers until the attempt's signal aborts. */
const hang = (calls: { init: RequestInit }[]) => () =>
  new Promise<Response>((_, reject) => {
    const signal = calls[calls.length - 1]?.init.signal as AbortSignal;
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

function scriptedClient(fetch: FetchLike, extra: ClientOptions = {}) {
  const made = createClient({
    baseUrl: 'https://host.invalid',
    apiKey: 'key',
    apiSecret: 's3cr3t-value',
    fetch,
    env: {},
    ...extra,
  });
  if (!made.ok) throw new Error('options');
  return made.value;
}

describe('resilience, on a virtual clock', () => {
  it('by default resends a PUT only when it surely changed nothing: a 429 or a refused connection, never a 5xx, 408 or a timeout', async () => {
    const clock = createVirtualClock();
    const refused = () =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        }),
      );
    const sure = scripted([json(429, {}), refused, json(204, undefined)]);
    const ok = await clock.run(
      scriptedClient(sure.fetch, { clock, rateLimit: false, random: () => 0 }).setQueryMode(
        'p',
        'o',
        TIMESTAMP,
      ),
    );
    expect(ok.ok && ok.value.attempts).toBe(3);
    for (const uncertain of [
      json(503, {}),
      json(408, {}),
      () =>
        Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }),
        ),
    ]) {
      const once = scripted([uncertain, json(200, {})]);
      const r = await clock.run(
        scriptedClient(once.fetch, { clock, rateLimit: false }).setQueryMode('p', 'o', TIMESTAMP),
      );
      expect(r.ok ? undefined : r.error.attempts).toBe(1);
      expect(once.calls).toHaveLength(1);
    }
    // A GET changes nothing: it is retried after a 5xx all the same.
    const list = scripted([json(503, {}), json(200, { data: [] })]);
    const pages = await clock.run(
      scriptedClient(list.fetch, { clock, rateLimit: false, random: () => 0 })
        .listPipelines()
        .toArray({ max: 10 }),
    );
    expect(pages).toEqual([]);
    expect(list.calls).toHaveLength(2);
  });

  it('with resendUncertain, retries 5xx, 408 and 429 with backoff, a fresh request each time, then succeeds', async () => {
    const clock = createVirtualClock();
    const s = scripted([json(503, {}), json(408, {}), json(429, {}), json(200, { ok: 1 })]);
    const events: ClientLogEvent[] = [];
    const client = scriptedClient(s.fetch, {
      clock,
      random: () => 0.5,
      rateLimit: false,
      retry: { resendUncertain: true },
      log: (e) => events.push(e),
    });
    const r = await clock.run(client.setQueryMode('p', 'o', TIMESTAMP));
    expect(r.ok && r.value.attempts).toBe(4);
    expect(events.filter((e) => e.event === 'retry').map((e) => e.delayMs)).toEqual([250, 500, 1000]);
    expect(clock.now()).toBe(1750);
    expect(new Set(s.calls.map((c) => c.init.signal)).size).toBe(4);
    for (const c of s.calls) {
      expect(c.init.body).toBe(JSON.stringify(TIMESTAMP));
      expect(c.init.headers).toMatchObject({
        accept: 'application/json',
        'content-type': 'application/json',
      });
    }
  });

  it('honours Retry-After (seconds or a date), capped: a longer ask ends the retries', async () => {
    const clock = createVirtualClock();
    const s = scripted([json(429, {}, { 'retry-after': '7' }), json(200, {})]);
    const r = await clock.run(
      scriptedClient(s.fetch, { clock, rateLimit: false }).setQueryMode('p', 'o', TIMESTAMP),
    );
    expect(r.ok).toBe(true);
    expect(clock.now()).toBe(7000);
    const long = scripted([json(429, {}, { 'retry-after': '3600' })]);
    const r2 = await clock.run(
      scriptedClient(long.fetch, { clock, rateLimit: false }).setQueryMode('p', 'o', TIMESTAMP),
    );
    expect(
      r2.ok
        ? undefined
        : [r2.error.kind, r2.error.attempts, (r2.error as { retryAfterMs?: number }).retryAfterMs],
    ).toEqual(['rate_limited', 1, 3_600_000]);
  });

  it('gives up after maxRetries, and does not retry 400, 401, 403 or 404', async () => {
    const clock = createVirtualClock();
    const s = scripted(Array.from({ length: 3 }, () => json(500, { error: 'x' })));
    const r = await clock.run(
      scriptedClient(s.fetch, {
        clock,
        rateLimit: false,
        retry: { maxRetries: 2, resendUncertain: true },
      }).setQueryMode('p', 'o', TIMESTAMP),
    );
    expect(r.ok ? undefined : [r.error.kind, r.error.attempts, r.error.status]).toEqual([
      'server_error',
      3,
      500,
    ]);
    for (const status of [400, 401, 403, 404]) {
      const one = scripted([json(status, { error: { message: 'no' } })]);
      const res = await clock.run(
        scriptedClient(one.fetch, { clock, rateLimit: false }).setQueryMode('p', 'o', TIMESTAMP),
      );
      expect(res.ok ? undefined : [res.error.status, res.error.attempts], String(status)).toEqual([
        status,
        1,
      ]);
    }
    const bad = scripted([json(400, { error: { message: 'bad' } })]);
    const res = await clock.run(
      scriptedClient(bad.fetch, { clock, rateLimit: false }).setQueryMode('p', 'o', TIMESTAMP),
    );
    expect(res.ok ? undefined : (res.error as { body?: unknown }).body).toEqual({
      error: { message: 'bad' },
    });
  });

  it('times out an attempt (retried), ends at the deadline, and stops on the caller signal', async () => {
    const clock = createVirtualClock();
    const calls: { url: string; init: RequestInit }[] = [];
    const answers = [hang(calls), json(200, {})];
    const fetch: FetchLike = (url, init) => {
      calls.push({ url, init });
      return (answers.shift() as () => Promise<Response>)();
    };
    const r = await clock.run(
      scriptedClient(fetch, {
        clock,
        rateLimit: false,
        timeoutMs: 1000,
        random: () => 0,
        retry: { resendUncertain: true },
      }).setQueryMode('p', 'o', TIMESTAMP),
    );
    expect(r.ok && r.value.attempts).toBe(2);
    expect(clock.now()).toBe(1000);

    const forever: { init: RequestInit }[] = [];
    const stuck: FetchLike = (_url, init) => {
      forever.push({ init });
      return hang(forever)();
    };
    const d = await clock.run(
      scriptedClient(stuck, {
        clock,
        rateLimit: false,
        timeoutMs: 1000,
        deadlineMs: 2500,
        random: () => 0,
        retry: { resendUncertain: true },
      }).setQueryMode('p', 'o', TIMESTAMP),
    );
    expect(
      d.ok ? undefined : [d.error.kind, (d.error as { phase?: string }).phase, d.error.attempts],
    ).toEqual(['timeout', 'deadline', 3]);

    const abort = new AbortController();
    const pending = scriptedClient(stuck, { clock, rateLimit: false }).setQueryMode('p', 'o', TIMESTAMP, {
      signal: abort.signal,
    });
    abort.abort(new Error('user cancelled'));
    const a = await clock.run(pending);
    expect(a.ok ? undefined : [a.error.kind, a.error.retryable]).toEqual(['aborted', false]);
  });

  it('with resendUncertain, retries a dropped connection of a PUT: the mock counts two PUTs of the same body', async () => {
    const clock = createVirtualClock();
    const api = new MockApi({ rateLimit: false, faults: { dropRate: 0.5, seed: 3 }, clock });
    const client = clientOf(api, mockFetch(api, clock), {
      clock,
      rateLimit: false,
      retry: { resendUncertain: true },
    });
    const id = api.state.pipelineIds[0] as string;
    const results = await clock.run(
      Promise.all(api.state.objectNames(id).map((name) => client.setQueryMode(id, name, TIMESTAMP))),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const objects = api.snapshot().pipelines[0]?.objects ?? [];
    expect(objects.every((o) => o.mode === 'timestamp' && o.distinct_configs === 1)).toBe(true);
    expect(objects.some((o) => o.puts > 1)).toBe(true);
    expect(api.counters().byStatus.dropped).toBe(objects.reduce((n, o) => n + o.puts - 1, 0));
  });
});

describe('the credential never shows', () => {
  it('in errors, toJSON, util.inspect, option issues or log lines', async () => {
    const secret = 'very-secret-value-123';
    const key = 'api-key-456';
    const token = Buffer.from(`${key}:${secret}`).toString('base64');
    const lines: string[] = [];
    const s = scripted([
      json(500, {}),
      () =>
        Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }),
        ),
      json(401, {}),
    ]);
    const clock = createVirtualClock();
    const made = createClient({
      baseUrl: 'https://host.invalid',
      apiKey: key,
      apiSecret: secret,
      fetch: s.fetch,
      clock,
      rateLimit: false,
      retry: { resendUncertain: true },
      env: {},
      log: (e) => lines.push(JSON.stringify(e), e.message),
    });
    if (!made.ok) throw new Error('options');
    const r = await clock.run(made.value.setQueryMode('p', 'o', TIMESTAMP));
    expect(r.ok).toBe(false);
    const invalid = await made.value.setQueryMode('p', 'o', { config: { mode: 'nope' } } as never);
    const badUrl = createClient({
      baseUrl: `https://${key}:${secret}@host.invalid`,
      apiKey: key,
      apiSecret: secret,
      env: {},
    });
    const colon = createClient({
      baseUrl: 'https://h.invalid',
      apiKey: `${key}:x`,
      apiSecret: secret,
      env: {},
    });
    const texts = [
      ...lines,
      inspect(made.value, { depth: 10, showHidden: true }),
      JSON.stringify(made.value),
      String(made.value),
      r.ok ? '' : inspect(r.error, { depth: 10, showHidden: true }),
      r.ok ? '' : JSON.stringify(r.error),
      r.ok ? '' : `${r.error.message}${r.error.stack}`,
      inspect(invalid, { depth: 10 }),
      JSON.stringify(badUrl),
      JSON.stringify(colon),
    ];
    expect(badUrl.ok).toBe(false);
    for (const text of texts) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(token);
    }
    expect(lines.length).toBeGreaterThan(4);
  });

  it('reads the base URL and the credential from the environment, and says what is missing', () => {
    const ok = createClient({
      env: { QUERYMODE_BASE_URL: 'https://h.invalid/', QUERYMODE_API_KEY: 'k', QUERYMODE_API_SECRET: 's' },
    });
    expect(ok.ok && ok.value.baseUrl).toBe('https://h.invalid');
    const missing = createClient({ env: {} });
    expect(missing.ok ? [] : missing.issues.map((i) => i.code)).toEqual([
      'missing_base_url',
      'missing_credentials',
      'missing_credentials',
    ]);
    const typo = createClient({
      env: {},
      baseUrl: 'https://h.invalid',
      apiKey: 'k',
      apiSecret: 's',
      timeoutMS: 5,
    } as never);
    expect(typo.ok ? '' : typo.issues[0]?.message).toContain('did you mean `timeoutMs`');
  });
});
