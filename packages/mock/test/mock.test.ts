import { API_PREFIX, DEFAULT_MODE } from '@querymode/core';
import {
  checkFixture,
  faultFor,
  generateFixture,
  MockApi,
  type MockRequest,
  type MockStateSnapshot,
  mockFetch,
  parseFaultSpec,
  RATE_LIMIT_MESSAGE,
  startMockServer,
} from '@querymode/mock';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './conformance.js';

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** A mock and a helper that sends it requests in-process, each answer checked against the document. */
function setup(options: ConstructorParameters<typeof MockApi>[0] = {}) {
  const api = new MockApi({ rateLimit: false, ...options });
  const auth = basic(api.credentials.key, api.credentials.secret);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const request: MockRequest = {
      method,
      url: `${API_PREFIX}${path}`,
      headers: {
        authorization: auth,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
    };
    const reply = await api.handle(request);
    const problem = checkAnswer(method, `http://mock.invalid${request.url}`, reply.status, reply.body);
    expect(problem, `${method} ${path}`).toBeUndefined();
    return { ...reply, json: JSON.parse(reply.body) };
  };
  return { api, call, auth };
}

describe('the mock: state and endpoints', () => {
  it('generates pipelines and objects from a seed, every object in full_load (spec 3)', () => {
    const a = generateFixture({ pipelines: 4, objects: 3, seed: 9 });
    expect(a).toEqual(generateFixture({ pipelines: 4, objects: 3, seed: 9 }));
    expect(a.pipelines.map((p) => p.id)).not.toEqual(
      generateFixture({ pipelines: 4, objects: 3, seed: 10 }).pipelines.map((p) => p.id),
    );
    const api = new MockApi({ fixture: a });
    const snapshot = api.snapshot();
    expect(snapshot.pipelines).toHaveLength(4);
    for (const p of snapshot.pipelines) {
      expect(p.objects).toHaveLength(3);
      for (const o of p.objects) expect(o).toMatchObject({ mode: DEFAULT_MODE, puts: 0 });
    }
  });

  it('checks a fixture: unique ids and names, configs valid by core', () => {
    expect(checkFixture({ pipelines: [{ id: 'a', objects: [{ name: 'x' }] }] })).toEqual({
      ok: true,
      value: { pipelines: [{ id: 'a', name: 'a', objects: [{ name: 'x', config: { mode: 'full_load' } }] }] },
    });
    const bad = checkFixture({
      pipelines: [
        { id: 'a', objects: [{ name: 'x' }, { name: 'x' }] },
        { id: 'a', objects: [{ name: 'y', config: { mode: 'timestamp' } }] },
      ],
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.join('\n')).toContain('pipelines[0].objects[1].name');
      expect(bad.problems.join('\n')).toContain('pipelines[1].id');
      expect(bad.problems.join('\n')).toContain('timestamp_column_name');
    }
  });

  it('lists pipelines a page at a time with signed cursors, limit 1..100 enforced', async () => {
    const { call } = setup({ fixture: generateFixture({ pipelines: 7, objects: 1 }) });
    const first = await call('GET', '/pipelines?limit=3');
    expect(first.status).toBe(200);
    expect(first.json.data).toHaveLength(3);
    expect(first.json.pagination.count).toBe(3);
    const ids: string[] = first.json.data.map((p: { id: string }) => p.id);
    let cursor: string | undefined = first.json.pagination.starting_after;
    while (cursor !== undefined) {
      const page = await call('GET', `/pipelines?limit=3&starting_after=${encodeURIComponent(cursor)}`);
      ids.push(...page.json.data.map((p: { id: string }) => p.id));
      cursor = page.json.pagination?.starting_after;
    }
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(7);
    for (const limit of ['0', '101', '-1', '2.5', 'ten']) {
      const r = await call('GET', `/pipelines?limit=${limit}`);
      expect(r.status, limit).toBe(400);
      expect(r.json.error.code).toBe('invalid_limit');
    }
    expect((await call('GET', '/pipelines?limit=100')).status).toBe(200);
  });

  it('rejects a forged, altered or foreign cursor with 400', async () => {
    const { call } = setup({ fixture: generateFixture({ pipelines: 5, objects: 5 }) });
    const page = await call('GET', '/pipelines?limit=2');
    const cursor: string = page.json.pagination.starting_after;
    const [payload, tag] = cursor.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify({ list: 'pipelines', after: 'p1' })).toString('base64url')}.${tag}`;
    const altered = `${payload}.${tag.slice(0, -2)}${tag.endsWith('A') ? 'BB' : 'AA'}`;
    // The tag's last base64url character carries padding bits: flipping one decodes to the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const padding = `${payload}.${tag.slice(0, -1)}${alphabet[alphabet.indexOf(tag.slice(-1)) ^ 1]}`;
    const objects = await call('GET', `/pipelines/${page.json.data[0].id}/objects?limit=2`);
    const foreign: string = objects.json.pagination.starting_after;
    const other = new MockApi({ rateLimit: false }).snapshot();
    expect(other).toBeDefined();
    for (const bad of [forged, altered, padding, foreign, 'not-a-cursor', `${payload}.`]) {
      const r = await call('GET', `/pipelines?limit=2&starting_after=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.json.error.code).toBe('invalid_cursor');
    }
  });

  it('sets a query mode, validated by core: 400 with the issues, 404 for unknown pipeline or object', async () => {
    const { api, call } = setup({
      fixture: { pipelines: [{ id: 'p 1', objects: [{ name: 'dbo.orders/2024' }] }] },
    });
    const path = `/pipelines/${encodeURIComponent('p 1')}/objects/${encodeURIComponent('dbo.orders/2024')}/query-mode`;
    const body = { config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } };
    const ok = await call('PUT', path, body);
    expect(ok.status).toBe(200);
    expect(api.snapshot().pipelines[0]?.objects[0]).toMatchObject({
      mode: 'timestamp',
      puts: 1,
      distinct_configs: 1,
    });
    const invalid = await call('PUT', path, { config: { mode: 'timestamp' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.code).toBe('invalid_body');
    expect(invalid.json.error.issues[0].code).toBe('missing_field');
    expect((await call('PUT', path, '{not json')).status).toBe(400);
    expect(
      (await call('PUT', path, JSON.stringify(body), { 'content-type': 'text/plain' })).json.error.code,
    ).toBe('unsupported_content_type');
    expect((await call('PUT', '/pipelines/nope/objects/x/query-mode', body)).status).toBe(404);
    expect(
      (await call('PUT', `/pipelines/${encodeURIComponent('p 1')}/objects/nope/query-mode`, body)).status,
    ).toBe(404);
    expect(api.snapshot().pipelines[0]?.objects[0]?.puts).toBe(1);
  });

  it('checks a body in the profile it is given, and names it in the 400', async () => {
    const fixture = { pipelines: [{ id: 'p1', objects: [{ name: 'orders' }] }] };
    const path = '/pipelines/p1/objects/orders/query-mode';
    const bare = { config: { mode: 'timestamp', note: 'kept' } };
    const strict = setup({ fixture });
    const refused = await strict.call('PUT', path, bare);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'invalid_body', profile: 'strict' });
    expect(refused.json.error.message).toContain("querymode's strict profile");
    const documented = setup({ fixture, profile: 'documented' });
    const accepted = await documented.call('PUT', path, bare);
    expect(accepted.status).toBe(200);
    expect(accepted.json.config).toEqual(bare.config);
    const history = { config: { mode: 'change_tracking', historical_enabled: true } };
    expect((await documented.call('PUT', path, history)).json.error).toMatchObject({
      code: 'invalid_body',
      profile: 'documented',
    });
    expect(() => new MockApi({ profile: 'loose' as never })).toThrow(
      /`options\.profile`: expected one of `strict`, `documented`/,
    );
  });

  it('refuses an empty column name or white space at either end in the strict profile (400), stores it as given in the documented one (200)', async () => {
    const fixture = { pipelines: [{ id: 'p1', objects: [{ name: 'orders' }] }] };
    const path = '/pipelines/p1/objects/orders/query-mode';
    const strict = setup({ fixture });
    const documented = setup({ fixture, profile: 'documented' });
    for (const name of ['', ' id', 'id ', '\tid', 'id\n', ' "a\\b"', '\u202eid ', '\u00a0$$id$$']) {
      const body = { config: { mode: 'incrementing', incrementing_column_name: name } };
      const refused = await strict.call('PUT', path, body);
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.json.error).toMatchObject({
        code: 'invalid_body',
        profile: 'strict',
        issues: [
          {
            code: 'invalid_column_name',
            path: ['config', 'incrementing_column_name'],
            reason: name === '' ? 'empty' : 'surrounding_whitespace',
            profile: 'strict',
          },
        ],
      });
      expect(refused.json.error.message).toContain("refused by querymode's strict profile");
      const accepted = await documented.call('PUT', path, body);
      expect(accepted.status, JSON.stringify(name)).toBe(200);
      expect(accepted.json.config).toEqual(body.config);
      expect(documented.api.snapshot().pipelines[0]?.objects[0]?.config).toEqual(body.config);
    }
    expect(strict.api.snapshot().pipelines[0]?.objects[0]?.puts).toBe(0);
  });

  it('answers 401 without or with wrong credentials and 403 for the read-only credential', async () => {
    const { api, call } = setup();
    const id = api.state.pipelineIds[0] as string;
    const path = `/pipelines/${id}/objects/public.table_1/query-mode`;
    const body = { config: { mode: 'full_load' } };
    expect((await call('GET', '/pipelines', undefined, { authorization: '' })).status).toBe(401);
    expect(
      (await call('GET', '/pipelines', undefined, { authorization: basic(api.credentials.key, 'wrong') }))
        .status,
    ).toBe(401);
    expect((await call('GET', '/pipelines', undefined, { authorization: 'Bearer x' })).status).toBe(401);
    const readOnly = basic(api.readOnlyCredentials.key, api.readOnlyCredentials.secret);
    expect((await call('GET', '/pipelines', undefined, { authorization: readOnly })).status).toBe(200);
    const forbidden = await call('PUT', path, body, { authorization: readOnly });
    expect(forbidden.status).toBe(403);
    expect(api.snapshot().pipelines[0]?.objects[0]?.puts).toBe(0);
  });

  it('limits a credential to 100 requests a minute with the service message and a Retry-After', async () => {
    let now = 0;
    const clock = { now: () => now, sleep: async () => {} };
    const api = new MockApi({ clock });
    const auth = basic(api.credentials.key, api.credentials.secret);
    const get = () =>
      api.handle({
        method: 'GET',
        url: `${API_PREFIX}/pipelines`,
        headers: { authorization: auth },
        body: '',
      });
    for (let i = 0; i < 100; i++) {
      now = i * 100;
      expect((await get()).status).toBe(200);
    }
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body).error.message).toBe(RATE_LIMIT_MESSAGE);
    expect(limited.headers['retry-after']).toBe('51');
    now = 60_000;
    expect((await get()).status).toBe(200);
    expect(api.snapshot().rate_limit).toEqual({
      requests: 100,
      window_ms: 60_000,
      max_in_window: 101,
      limited: 1,
    });
  });

  it('serves its state at GET /__mock/state without credentials', async () => {
    const server = await startMockServer({ rateLimit: false });
    try {
      const state = (await (await fetch(`${server.url}/__mock/state`)).json()) as MockStateSnapshot;
      expect(state.pipelines).toHaveLength(3);
      expect(state.pipelines[0]?.objects[0]).toEqual({
        name: 'public.table_1',
        config: { mode: 'full_load' },
        mode: 'full_load',
        puts: 0,
        distinct_configs: 0,
      });
      expect((await fetch(`${server.url}/__mock/state`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });
});

describe('the mock: faults', () => {
  it('parses a fault spec, or says what is wrong in one line', () => {
    expect(parseFaultSpec('latency=5-20,5xx=0.2,429=0.05,drop=0.05,slow=0.1,slow_ms=50,seed=7')).toEqual({
      ok: true,
      value: {
        latencyMs: { min: 5, max: 20 },
        serverErrorRate: 0.2,
        rateLimitRate: 0.05,
        dropRate: 0.05,
        slowRate: 0.1,
        slowMs: 50,
        seed: 7,
      },
    });
    expect(parseFaultSpec('')).toEqual({ ok: true, value: {} });
    for (const bad of ['5xx=2', 'lag=5', 'latency=9-3', '5xx=0.6,drop=0.6', 'seed=x']) {
      const r = parseFaultSpec(bad);
      expect(r.ok, bad).toBe(false);
    }
  });

  it('draws the same faults for the same seed, at the rates asked', () => {
    const spec = { serverErrorRate: 0.2, rateLimitRate: 0.1, dropRate: 0.05, latencyMs: { min: 1, max: 4 } };
    const a = Array.from({ length: 5000 }, (_, n) => faultFor(spec, 42, n));
    expect(a).toEqual(Array.from({ length: 5000 }, (_, n) => faultFor(spec, 42, n)));
    expect(a).not.toEqual(Array.from({ length: 5000 }, (_, n) => faultFor(spec, 43, n)));
    const share = (o: string) => a.filter((f) => f.outcome === o).length / a.length;
    expect(share('server_error')).toBeCloseTo(0.2, 1);
    expect(share('rate_limited')).toBeCloseTo(0.1, 1);
    expect(share('drop')).toBeCloseTo(0.05, 1);
    for (const f of a) expect(f.latencyMs).toBeGreaterThanOrEqual(1);
  });

  it('drops a connection after a PUT took effect, and sends a slow body in pieces, over loopback and in-process', async () => {
    const server = await startMockServer({ rateLimit: false, faults: { dropRate: 1 } });
    try {
      const id = server.api.state.pipelineIds[0] as string;
      const init = {
        method: 'PUT',
        headers: {
          authorization: basic(server.api.credentials.key, server.api.credentials.secret),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ config: { mode: 'full_load' } }),
      };
      const url = `${server.url}${API_PREFIX}/pipelines/${id}/objects/public.table_1/query-mode`;
      await expect(fetch(url, init)).rejects.toThrow(TypeError);
      await expect(mockFetch(server.api)(url, init)).rejects.toThrow(TypeError);
      expect(server.api.snapshot().pipelines[0]?.objects[0]?.puts).toBe(2);
      expect(server.api.counters().byStatus.dropped).toBe(2);
    } finally {
      await server.close();
    }
    const slow = await startMockServer({ rateLimit: false, faults: { slowRate: 1, slowMs: 80 } });
    try {
      const headers = { authorization: basic(slow.api.credentials.key, slow.api.credentials.secret) };
      const start = performance.now();
      const page = (await (await fetch(`${slow.url}${API_PREFIX}/pipelines`, { headers })).json()) as {
        data: unknown[];
      };
      expect(performance.now() - start).toBeGreaterThanOrEqual(60);
      expect(page.data).toHaveLength(3);
      const inProcess = await (
        await mockFetch(slow.api)(`http://mock.invalid${API_PREFIX}/pipelines`, { headers })
      ).json();
      expect(inProcess).toEqual(page);
    } finally {
      await slow.close();
    }
  });
});

describe('the mock: its body limit', () => {
  /** Sends a PUT of `size` bytes (a valid body padded with spaces) over a raw socket; chunked when asked. */
  async function put(url: string, auth: string, path: string, size: number, chunked: boolean) {
    const { request } = await import('node:http');
    const body = JSON.stringify({ config: { mode: 'incrementing', incrementing_column_name: 'id' } });
    const padded = Buffer.alloc(size, 0x20);
    padded.write(body);
    return new Promise<{ status: number; text: string; sentBeforeAnswer: number }>((resolve, reject) => {
      let sent = 0;
      const req = request(`${url}${path}`, {
        method: 'PUT',
        headers: {
          authorization: auth,
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }),
        },
      });
      req.on('response', (res) => {
        const answeredAt = sent;
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, sentBeforeAnswer: answeredAt }));
      });
      req.on('error', reject);
      // 64 KiB at a time, so that the mock can answer before the whole body is sent.
      const step = (): void => {
        while (sent < size && !req.destroyed) {
          const piece = padded.subarray(sent, Math.min(size, sent + 65536));
          sent += piece.length;
          if (!req.write(piece)) {
            req.once('drain', step);
            return;
          }
        }
        req.end();
      };
      step();
    });
  }

  it('answers 413 to a body over 1 MB, declared or chunked, before reading it all, and leaves the mode as it was', async () => {
    const server = await startMockServer({ rateLimit: false });
    try {
      const api = server.api;
      const auth = basic(api.credentials.key, api.credentials.secret);
      const id = api.state.pipelineIds[0] as string;
      const path = `${API_PREFIX}/pipelines/${id}/objects/public.table_1/query-mode`;
      for (const chunked of [false, true]) {
        const r = await put(server.url, auth, path, 2 * 1024 * 1024, chunked).catch((e: Error) => e);
        // The mock may close the connection while the rest is still being sent: either way no 200.
        if (r instanceof Error) continue;
        expect(r.status, `chunked: ${chunked}`).toBe(413);
        expect(r.text).toContain('body_too_large');
      }
      expect(api.snapshot().pipelines[0]?.objects[0]).toMatchObject({ mode: DEFAULT_MODE, puts: 0 });
      expect(api.counters().byStatus['413']).toBeGreaterThanOrEqual(1);
      // A body just under the limit is read and applied.
      const ok = await put(server.url, auth, path, 1024 * 1024 - 1, false);
      expect(ok.status).toBe(200);
      expect(api.snapshot().pipelines[0]?.objects[0]).toMatchObject({ mode: 'incrementing' });
    } finally {
      await server.close();
    }
  });
});
