/**
 * The client against hostile servers written for these tests, on real loopback sockets: servers
 * that redirect, answer gigabytes, or echo the credential back. Each binds 127.0.0.1 on a free
 * port, serves a handful of requests and is closed after its test.
 */
import { type ClientOptions, createClient, type QueryModeClient } from '@querymode/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeHostileServers,
  endlessBody,
  hostileServer as hostile,
} from '../../../test/support/hostile-server.js';

const BODY = { config: { mode: 'full_load' } } as const;
const KEY = 'hostile-key';
const SECRET = 'p@ss/w:rd+with space&more';

afterEach(closeHostileServers);

function client(url: string, extra: ClientOptions = {}): QueryModeClient {
  const made = createClient({
    baseUrl: url,
    apiKey: KEY,
    apiSecret: SECRET,
    env: {},
    rateLimit: false,
    ...extra,
  });
  if (!made.ok) throw new Error(made.issues.map((i) => i.message).join('; '));
  return made.value;
}

describe('the client never follows a redirect', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`a ${status} to another host is an error naming the location; the body never reaches that host`, async () => {
      const elsewhere = await hostile((_req, res) => res.writeHead(200).end('{}'));
      const redirecting = await hostile((req, res) =>
        res.writeHead(status, { location: `${elsewhere.url}${req.url}` }).end(),
      );
      const r = await client(redirecting.url, { retry: { resendUncertain: true } }).setQueryMode(
        'p',
        'o',
        BODY,
      );
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe('redirect');
      expect(r.error.status).toBe(status);
      expect(r.error.message).toContain(`${elsewhere.url}/api/public/v2.0/pipelines/p/objects/o/query-mode`);
      expect(r.error.message).toContain('never followed');
      expect(redirecting.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    });
  }

  it('a list that redirects rejects with the redirect as its cause', async () => {
    const redirecting = await hostile((_req, res) =>
      res.writeHead(302, { location: 'http://127.0.0.1:9/x' }).end(),
    );
    await expect(client(redirecting.url).listPipelines().toArray({ max: 10 })).rejects.toMatchObject({
      cause: { kind: 'redirect' },
    });
    expect(redirecting.requests).toHaveLength(1);
  });
});

describe('answers are bounded', () => {
  it('a body streamed without end is cut at maxResponseBytes: a typed error, memory bounded', async () => {
    const endless = await hostile(endlessBody(1024));
    global.gc?.();
    const before = process.memoryUsage().rss;
    const r = await client(endless.url, { maxResponseBytes: 2 * 1024 * 1024 }).setQueryMode('p', 'o', BODY);
    const grown = process.memoryUsage().rss - before;
    expect(r.ok ? undefined : [r.error.kind, r.error.status]).toEqual(['response_too_large', 200]);
    expect(r.ok ? '' : r.error.message).toContain('2097152 bytes');
    // Reading stopped near the limit: the client took a few MB, not the gigabyte on offer.
    expect(grown).toBeLessThan(128 * 1024 * 1024);
  });

  it('a Content-Length over the limit is refused before reading; the default limit is 4 MiB', async () => {
    const declared = await hostile((_req, res) => {
      res.writeHead(500, { 'content-length': String(2 * 1024 ** 3) });
      res.write('x');
    });
    const r = await client(declared.url).setQueryMode('p', 'o', BODY);
    expect(r.ok ? undefined : [r.error.kind, r.error.status, r.error.attempts]).toEqual([
      'response_too_large',
      500,
      1,
    ]);
    expect(r.ok ? '' : r.error.message).toContain(`${4 * 1024 * 1024} bytes`);
  });

  it('a server that stalls mid-answer ends at the attempt timeout', async () => {
    const stalling = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
    });
    const r = await client(stalling.url, { timeoutMs: 300, retry: { maxRetries: 0 } })
      .listPipelines()
      .toArray({ max: 1 })
      .catch((e) => e);
    expect((r as { cause?: { kind?: string } }).cause?.kind).toBe('timeout');
  });
});

describe('compressed answers are bounded by what they inflate to', () => {
  it('a small gzip body with a Content-Length that inflates to 64 MiB is cut at the limit', async () => {
    const { gzipSync } = await import('node:zlib');
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const server = await hostile((_req, res) =>
      res
        .writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'content-length': String(bomb.length),
        })
        .end(bomb),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await client(server.url, { maxResponseBytes: 1024 * 1024 }).setQueryMode('p', 'o', BODY);
    expect(r.ok ? undefined : r.error.kind).toBe('response_too_large');
  });
});

describe('the credential is redacted from whatever the server sends back', () => {
  it('in every encoding: raw, the Basic token, URL-encoded; in bodies, nested JSON and plain text', async () => {
    const token = Buffer.from(`${KEY}:${SECRET}`).toString('base64');
    const forms = [SECRET, token, encodeURIComponent(SECRET), `${KEY}:${SECRET}`];
    const echoing = await hostile((req, res) => {
      const auth = req.headers.authorization ?? '';
      const answer = JSON.stringify({
        error: `bad credentials in ${auth}`,
        echoed: { headers: { authorization: auth }, url: `https://x/?secret=${encodeURIComponent(SECRET)}` },
        [SECRET]: 'as a key',
        raw: `${KEY}:${SECRET}`,
      });
      res.writeHead(401, { 'content-type': 'application/json' }).end(answer);
    });
    const r = await client(echoing.url).setQueryMode('p', 'o', BODY);
    expect(r.ok).toBe(false);
    const plain = await hostile((req, res) =>
      res
        .writeHead(500, { 'content-type': 'text/plain' })
        .end(`echo: ${req.headers.authorization}; ${SECRET}`),
    );
    const p = await client(plain.url).setQueryMode('p', 'o', BODY);
    for (const result of [r, p]) {
      if (result.ok) continue;
      const text = `${JSON.stringify(result.error)}${result.error.message}${JSON.stringify((result.error as { body?: unknown }).body)}`;
      for (const form of forms) expect(text).not.toContain(form);
      expect(text).toContain('[redacted]');
    }
    // The secret spelt with JSON escapes (every character as \uXXXX) is redacted too.
    const escaped = await hostile((_req, res) => {
      const spelt = [...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
      res.writeHead(403, { 'content-type': 'application/json' }).end(`{"echo":"${spelt}"}`);
    });
    const e = await client(escaped.url).setQueryMode('p', 'o', BODY);
    expect(e.ok ? undefined : (e.error as { body?: unknown }).body).toEqual({ echo: '[redacted]' });
    // The server did receive the credential: the redaction is of what comes back.
    expect(echoing.requests[0]?.authorization).toBe(`Basic ${token}`);
  });
});

describe('the client survives values nested thousands deep', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}"\\u0041"${']'.repeat(depth)}`;
  it('an answer 100,000 levels deep (with an escape, so it would be walked) is an error, never a throw', async () => {
    const deep = await hostile((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"x":${nested(100_000)}}`),
    );
    const r = await client(deep.url).setQueryMode('p', 'o', BODY);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('invalid_response');
      expect(JSON.stringify(r.error.toJSON())).toContain('nested more than 128 levels deep');
    }
  });

  it('a body sent as given (documented profile) 5,000 levels deep is not sent: a too_deep issue', async () => {
    const server = await hostile((_req, res) => res.writeHead(204).end());
    const body = { config: { mode: 'full_load', x: JSON.parse(nested(5_000)) } };
    const r = await client(server.url).setQueryMode('p', 'o', body as never, { profile: 'documented' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.code)).toEqual(['too_deep']);
    expect(server.requests).toHaveLength(0);
  });
});
