/**
 * `querymode apply --yes` against a production account's dangers, as a user runs it (a spawned
 * process, real sockets, signals): the journal is evidence of what this server accepted, redirects
 * are never followed, answers are bounded, a failure that would hit every record halts the run,
 * Ctrl-C stops at once, and no secret is echoed. The servers are the mock and hostile servers
 * written for these tests (test/support/hostile-server.ts), all on 127.0.0.1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateFixture, type RunningMockServer, startMockServer } from '@querymode/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { gateClock } from '../support/gate-clock.js';
import { closeHostileServers, endlessBody, hostileServer } from '../support/hostile-server.js';
import { lines, runCli, startBin, tempDir, untilOutput } from './run-cli.js';

const run = (args: readonly string[], env: Record<string, string> = {}, input?: string) =>
  startBin(args, env, input).done;

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await closeHostileServers();
});

/** A mock on loopback with `objects` objects in one pipeline, and the environment for the CLI. */
async function mock(objects: number, options: Parameters<typeof startMockServer>[0] = {}) {
  server = await startMockServer({
    rateLimit: false,
    fixture: generateFixture({ pipelines: 1, objects }),
    ...options,
  });
  const api = server.api;
  const env = {
    QUERYMODE_BASE_URL: server.url,
    QUERYMODE_API_KEY: api.credentials.key,
    QUERYMODE_API_SECRET: api.credentials.secret,
  };
  const id = api.state.pipelineIds[0] as string;
  const names = api.state.objectNames(id);
  return { api, env, id, names };
}

const record = (id: string, name: string, config: unknown) =>
  JSON.stringify({ pipeline_id: id, object_name: name, config });

/** A journal line as apply writes it. */
const entry = (baseUrl: string | undefined, id: string, name: string, config: unknown, status: number) =>
  JSON.stringify({
    querymode_journal: 1,
    base_url: baseUrl,
    pipeline_id: id,
    object_name: name,
    config,
    status,
    at: '2026-01-01T00:00:00Z',
  });

const A = { mode: 'full_load' };
const B = { mode: 'incrementing', incrementing_column_name: 'id' };

/** A credential for hostile servers, and the forms it travels in. */
const KEY = 'prod-key';
const SECRET = 'prod/secret:with+chars';
const TOKEN = Buffer.from(`${KEY}:${SECRET}`).toString('base64');
const hostileEnv = (url: string) => ({
  QUERYMODE_BASE_URL: url,
  QUERYMODE_API_KEY: KEY,
  QUERYMODE_API_SECRET: SECRET,
});

describe('the journal is evidence of what this server accepted', () => {
  it('records base URL, object, exact config, status and time; a rollback A -> B -> A sends A again', async () => {
    const { api, env, id, names } = await mock(1);
    const name = names[0] as string;
    const journal = join(tempDir(), 'j.ndjson');
    const args = ['apply', '-', '--yes', '--journal', journal];
    for (const config of [A, B, A]) {
      const r = await run(args, env, record(id, name, config));
      expect(r.status, r.stderr).toBe(0);
      expect(lines(r.stdout)[0]).toMatchObject({ status: 'applied' });
    }
    expect(api.snapshot().pipelines[0]?.objects[0]).toMatchObject({ config: A, puts: 3 });
    const entries = lines(readFileSync(journal, 'utf8'));
    expect(entries.map((e) => [e.base_url, e.pipeline_id, e.object_name, e.config, e.status])).toEqual([
      [server?.url, id, name, A, 200],
      [server?.url, id, name, B, 200],
      [server?.url, id, name, A, 200],
    ]);
    expect(entries.every((e) => e.querymode_journal === 1 && !Number.isNaN(Date.parse(e.at)))).toBe(true);
    // Now A is the latest success: a fourth run skips it, and so does a dry run; B would be sent.
    const again = await run(args, env, record(id, name, A));
    expect(lines(again.stdout)[0]).toMatchObject({ status: 'skipped' });
    const dry = await run(['apply', '-', '--journal', journal], env, record(id, name, A));
    expect(lines(dry.stdout)[0]).toMatchObject({ status: 'skipped' });
    const dryB = await run(['apply', '-', '--journal', journal], env, record(id, name, B));
    expect(lines(dryB.stdout)[0]).toMatchObject({ status: 'would_apply' });
    const noBase = await run(['apply', '-', '--journal', journal], {}, record(id, name, A));
    expect(noBase.status).toBe(2);
    expect(noBase.stderr).toContain('--journal holds entries per base URL');
    expect(noBase.stderr).toContain('--base-url');
    expect(api.counters().requests).toBe(3);
  });

  it('a failure is journaled with its status and makes the object uncertain: a 2xx before it no longer counts', async () => {
    const { api, env, id, names } = await mock(1);
    const name = names[0] as string;
    const journal = join(tempDir(), 'j.ndjson');
    writeFileSync(
      journal,
      `${entry(server?.url, id, name, A, 200)}\n${entry(server?.url, id, name, A, 500)}\n`,
    );
    const r = await run(['apply', '-', '--yes', '--journal', journal], env, record(id, name, A));
    expect(r.status, r.stderr).toBe(0);
    expect(lines(r.stdout)[0]).toMatchObject({ status: 'applied' });
    expect(api.counters().requests).toBe(1);
  });

  it('a last line cut short by a crash is ignored, and the next entry starts on a fresh line', async () => {
    const { env, id, names } = await mock(2);
    const [one, two] = names as [string, string];
    const journal = join(tempDir(), 'j.ndjson');
    writeFileSync(journal, `${entry(server?.url, id, one, A, 200)}\n{"querymode_jou`);
    const r = await run(
      ['apply', '-', '--yes', '--journal', journal],
      env,
      [record(id, one, A), record(id, two, A)].join('\n'),
    );
    expect(r.status, r.stderr).toBe(0);
    expect(lines(r.stdout).map((l) => l.status)).toEqual(['skipped', 'applied']);
    expect(r.stderr).toContain('1 journal line could not be read');
    const text = readFileSync(journal, 'utf8').split('\n');
    expect(text[1]).toBe('{"querymode_jou');
    expect(JSON.parse(text[2] as string)).toMatchObject({ object_name: two, status: 200 });
  });

  it('an entry made against another base URL counts for nothing here', async () => {
    const { api, env, id, names } = await mock(1);
    const name = names[0] as string;
    const journal = join(tempDir(), 'j.ndjson');
    writeFileSync(journal, `${entry('https://other.example', id, name, A, 200)}\n`);
    const r = await run(['apply', '-', '--yes', '--journal', journal], env, record(id, name, A));
    expect(lines(r.stdout)[0]).toMatchObject({ status: 'applied' });
    expect(r.stderr).toContain('1 journal entry is for another base URL');
    expect(api.counters().requests).toBe(1);
  });

  it('refuses a file that is not a journal (the plan itself, other output) and sends nothing', async () => {
    const { api, env, id, names } = await mock(2);
    const dir = tempDir();
    const plan = join(dir, 'fresh.plan');
    writeFileSync(plan, `${names.map((n) => record(id, n, A)).join('\n')}\n`);
    const other = join(dir, 'other.txt');
    writeFileSync(other, 'some other tool wrote this\n');
    for (const journal of [plan, other]) {
      for (const yes of [['--yes'], []]) {
        const r = await run(['apply', plan, ...yes, '--journal', journal], env);
        expect(r.status, r.stderr).toBe(2);
        expect(r.stderr).toContain('is not an apply journal');
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
    }
    expect(api.counters().requests).toBe(0);
    expect(readFileSync(plan, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('is opened like -o targets: a symbolic link, a device or a FIFO is refused before anything is sent', async () => {
    const { api, env, id, names } = await mock(1);
    const dir = tempDir();
    const target = join(dir, 'real.journal');
    writeFileSync(target, '');
    const link = join(dir, 'link.journal');
    symlinkSync(target, link);
    const fifo = join(dir, 'fifo.journal');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const [journal, kind] of [
      [link, 'symbolic link'],
      ['/dev/null', 'character device'],
      [fifo, 'FIFO'],
    ] as const) {
      const r = await run(
        ['apply', '-', '--yes', '--journal', journal],
        env,
        record(id, names[0] as string, A),
      );
      expect(r.status, `${journal}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(kind);
    }
    expect(api.counters().requests).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('');
  });

  it('is locked: a second apply on the same journal refuses while the first runs; a stale lock is taken over; both are for the owner alone (0600)', async () => {
    // Every request waits on the gate: the first apply is held in its first request (its lock
    // taken before it sends) until the second has run, whatever the machine's load.
    const gate = gateClock();
    const { api, env, id, names } = await mock(6, {
      faults: { latencyMs: { min: 1, max: 1 } },
      clock: gate.clock,
    });
    const journal = join(tempDir(), 'j.ndjson');
    const plan = names.map((n) => record(id, n, A)).join('\n');
    const args = ['apply', '-', '--yes', '--journal', journal, '--concurrency', '1', '--rate-limit', '0'];
    const first = startBin(args, env, plan);
    await gate.entered;
    expect(existsSync(`${journal}.lock`)).toBe(true);
    // A journal names the account's pipelines and objects: no other user may read it or its lock.
    for (const file of [journal, `${journal}.lock`]) expect(statSync(file).mode & 0o777, file).toBe(0o600);
    const second = await run(args, env, plan);
    expect(second.status).toBe(2);
    expect(second.stderr).toContain('in use by another apply');
    expect(api.snapshot().pipelines[0]?.objects.every((o) => o.puts === 0)).toBe(true);
    gate.open();
    const done = await first.done;
    expect(done.status, done.stderr).toBe(0);
    expect(existsSync(`${journal}.lock`)).toBe(false);
    // Every object was sent once, by the first run only.
    expect(api.snapshot().pipelines[0]?.objects.every((o) => o.puts === 1)).toBe(true);

    // A lock left by a process that no longer runs (killed) is taken over.
    writeFileSync(`${journal}.lock`, '2147483646\n');
    const third = await run(args, env, plan);
    expect(third.status, third.stderr).toBe(0);
    expect(lines(third.stdout).every((l) => l.status === 'skipped')).toBe(true);
  });
});

describe('redirects are never followed', () => {
  it('a 307 to another host: the body never gets there, the record fails, nothing counts as done, the run halts', async () => {
    const elsewhere = await hostileServer((_req, res) => res.writeHead(200).end('{}'));
    const redirecting = await hostileServer((req, res) =>
      res.writeHead(307, { location: `${elsewhere.url}${req.url}` }).end(),
    );
    const journal = join(tempDir(), 'j.ndjson');
    const plan = ['o1', 'o2', 'o3'].map((n) => record('p1', n, A)).join('\n');
    const args = ['apply', '-', '--yes', '--journal', journal, '--concurrency', '1'];
    const r = await run(args, hostileEnv(redirecting.url), plan);
    expect(r.status).toBe(1);
    expect(lines(r.stdout).map((l) => [l.status, l.error?.kind])).toEqual([
      ['failed', 'redirect'],
      ['not_sent', undefined],
      ['not_sent', undefined],
    ]);
    expect(r.stderr).toContain(elsewhere.url);
    expect(r.stderr).toContain('--base-url');
    expect(elsewhere.requests).toHaveLength(0);
    expect(redirecting.requests).toHaveLength(1);
    // A rerun sends it again: the journal holds the redirect's status, not a success.
    expect(lines(readFileSync(journal, 'utf8'))[0]).toMatchObject({ status: 307 });
    const again = await run(args, hostileEnv(redirecting.url), plan);
    expect(lines(again.stdout)[0]).toMatchObject({ status: 'failed' });
  });
});

describe("a 2xx that is not the API's answer is not applied", () => {
  const OTHER = "answered with something other than the API's answer";
  const page = '<!doctype html><html><head><title>Welcome</title></head><body>Sign in</body></html>';
  const wrongAnswers: readonly [string, number, Record<string, string>, string, string][] = [
    [
      'a web page',
      200,
      { 'content-type': 'text/html; charset=utf-8' },
      page,
      'answered with a web page, not the API',
    ],
    ['a web page without a content type', 200, {}, page, 'answered with a web page, not the API'],
    ['a JSON array', 200, { 'content-type': 'application/json' }, '[{"ok":true}]', OTHER],
    ['a list page', 200, { 'content-type': 'application/json' }, '{"data":[{"id":"p1"}]}', OTHER],
    [
      'the config of another mode',
      200,
      { 'content-type': 'application/json' },
      '{"config":{"mode":"timestamp"}}',
      OTHER,
    ],
    ['JSON sent as text', 200, { 'content-type': 'text/plain' }, '{}', OTHER],
    // No body, but declared a web page: a server that is not the API.
    ['an empty web page', 200, { 'content-type': 'text/html' }, '', 'answered with a web page, not the API'],
    ['a 202', 202, { 'content-type': 'application/json' }, '{}', OTHER],
  ];
  for (const [what, status, headers, body, said] of wrongAnswers) {
    it(`${what}: failed (invalid_response), journaled as not applied, the run halts, exit 1`, async () => {
      const wrong = await hostileServer((_req, res) => res.writeHead(status, headers).end(body));
      const journal = join(tempDir(), 'j.ndjson');
      const plan = ['o1', 'o2'].map((n) => record('p1', n, A)).join('\n');
      const args = ['apply', '-', '--yes', '--journal', journal, '--concurrency', '1'];
      const r = await run(args, hostileEnv(wrong.url), plan);
      expect(r.status, r.stderr).toBe(1);
      expect(lines(r.stdout).map((l) => [l.status, l.error?.kind])).toEqual([
        ['failed', 'invalid_response'],
        ['not_sent', undefined],
      ]);
      expect(r.stderr).toContain(`the server at ${wrong.url} ${said}`);
      expect(r.stderr).toContain('check --base-url');
      expect(r.stderr).toMatch(/0 applied/);
      expect(lines(readFileSync(journal, 'utf8'))[0]).toMatchObject({ status, error: 'invalid_response' });
      // The journal does not count it done: a rerun sends it again.
      const again = await run(args, hostileEnv(wrong.url), plan);
      expect(lines(again.stdout)[0]).toMatchObject({ status: 'failed' });
      expect(wrong.requests).toHaveLength(2);
    });
  }

  const rightAnswers: readonly [string, number, Record<string, string>, string][] = [
    ['a 204 (documented, no body)', 204, {}, ''],
    // 200 is documented and the PUT's body is not: no body contradicts nothing.
    [
      'an empty 200 (documented status, body not documented)',
      200,
      { 'content-type': 'application/json' },
      '',
    ],
    ['an empty 200 without a content type', 200, {}, ''],
    ['a 200 with a JSON object', 200, { 'content-type': 'application/json; charset=utf-8' }, '{"ok":true}'],
    [
      'a 200 that echoes the config sent',
      200,
      { 'content-type': 'application/json' },
      JSON.stringify({ config: A }),
    ],
  ];
  for (const [what, status, headers, body] of rightAnswers) {
    it(`${what}: applied, and a rerun skips it`, async () => {
      const right = await hostileServer((_req, res) => res.writeHead(status, headers).end(body));
      const journal = join(tempDir(), 'j.ndjson');
      const args = ['apply', '-', '--yes', '--journal', journal];
      const r = await run(args, hostileEnv(right.url), record('p1', 'o1', A));
      expect(r.status, r.stderr).toBe(0);
      expect(lines(r.stdout)[0]).toMatchObject({ status: 'applied', http_status: status });
      const again = await run(args, hostileEnv(right.url), record('p1', 'o1', A));
      expect(lines(again.stdout)[0]).toMatchObject({ status: 'skipped' });
      expect(right.requests).toHaveLength(1);
    });
  }
});

describe('failures that would hit every record halt the run', () => {
  for (const status of [401, 403] as const) {
    it(`the first ${status} stops the run: nothing more is sent, the rest are not_sent, the fix is named`, async () => {
      const server401 = await hostileServer((_req, res) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"nope"}'),
      );
      const plan = Array.from({ length: 10 }, (_, i) => record('p1', `o${i}`, A)).join('\n');
      const r = await run(['apply', '-', '--yes', '--concurrency', '1'], hostileEnv(server401.url), plan);
      expect(r.status).toBe(1);
      const out = lines(r.stdout);
      expect(out.map((l) => l.status)).toEqual(['failed', ...Array(9).fill('not_sent')]);
      expect(server401.requests).toHaveLength(1);
      expect(r.stderr).toContain(status === 401 ? '--api-key and --api-secret' : 'permission');
      expect(r.stderr).toContain('the server said "nope"');
      expect(out[1].reason).toContain(String(status));
    });
  }

  it('an unreachable host stops after the first record and its retries', async () => {
    const gone = await hostileServer(() => undefined);
    await closeHostileServers();
    const plan = Array.from({ length: 5 }, (_, i) => record('p1', `o${i}`, A)).join('\n');
    const journal = join(tempDir(), 'j.ndjson');
    const r = await run(
      ['apply', '-', '--yes', '--concurrency', '4', '--journal', journal],
      hostileEnv(gone.url),
      plan,
    );
    expect(r.status).toBe(1);
    const out = lines(r.stdout);
    // The first requests started together; once one gave up, the others stop retrying and the rest are not sent.
    expect(out.filter((l) => l.status === 'failed').every((l) => l.error.kind === 'connection')).toBe(true);
    expect(out.filter((l) => l.status === 'not_sent').length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...out.filter((l) => l.status === 'failed').map((l) => l.error.attempts))).toBe(5);
    expect(r.stderr).toContain('unreachable');
    // A refused connection changed nothing: no journal entry.
    expect(readFileSync(journal, 'utf8')).toBe('');
  }, 60_000);

  it('the summary lists failures in input order with the server message; messages name CLI flags', async () => {
    const { env, id, names } = await mock(2);
    const plan = [
      record(id, 'missing.z', A),
      record(id, names[0] as string, A),
      record(id, 'missing.a', A),
    ].join('\n');
    const r = await run(['apply', '-', '--yes', '--concurrency', '3'], env, plan);
    expect(r.status).toBe(1);
    const failed = r.stderr.split('\n').filter((l) => l.startsWith('  line '));
    expect(failed.map((l) => l.slice(0, 8))).toEqual(['  line 1', '  line 3']);
    expect(failed[0]).toContain('the server said');
    const noUrl = await run(
      ['apply', '-', '--yes'],
      { QUERYMODE_API_KEY: 'k', QUERYMODE_API_SECRET: 's' },
      plan,
    );
    expect(noUrl.status).toBe(2);
    expect(noUrl.stderr).toContain('--base-url');
    expect(noUrl.stderr).not.toContain('baseUrl');
  });
});

describe('answers are bounded and secrets never echoed', () => {
  it('a gigabyte answer fails the record with response_too_large; memory stays bounded', async () => {
    const huge = await hostileServer(endlessBody(1024));
    const r = await run(
      ['apply', '-', '--yes', '--max-response-bytes', '1048576'],
      hostileEnv(huge.url),
      record('p1', 'o1', A),
    );
    expect(r.status).toBe(1);
    expect(lines(r.stdout)[0]).toMatchObject({ status: 'failed', error: { kind: 'response_too_large' } });
  });

  it('a server message with escape sequences and bidi controls reaches the terminal escaped', async () => {
    const hostile = await hostileServer((_req, res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'bad \u001b[31mred\u001b[0m \u202Eevil\u202C' })),
    );
    const r = await run(['apply', '-', '--yes'], hostileEnv(hostile.url), record('p1', 'o1', A));
    expect(r.status).toBe(1);
    for (const c of ['\u001b', '\u202e', '\u202c']) expect(r.stderr).not.toContain(c);
    expect(r.stderr).toContain('the server said "bad \\u001b[31mred\\u001b[0m \\u202eevil\\u202c"');
  });

  it('an error body echoing the Authorization header is printed redacted, in every form', async () => {
    const echo = await hostileServer((req, res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ message: `bad request; you sent ${req.headers.authorization}`, secret: SECRET }),
        ),
    );
    const r = await run(['apply', '-', '--yes'], hostileEnv(echo.url), record('p1', 'o1', A));
    expect(r.status).toBe(1);
    const all = `${r.stdout}${r.stderr}`;
    for (const form of [SECRET, TOKEN, encodeURIComponent(SECRET)]) expect(all).not.toContain(form);
    expect(all).toContain('[redacted]');
    expect(echo.requests[0]?.authorization).toBe(`Basic ${TOKEN}`);
  });
});

describe('Ctrl-C stops at once', () => {
  // Each test waits on what the run says or what the mock holds, never on time: the requests it
  // answers are answered as soon as the test opens the gate, and the limiter's slots stay taken a
  // whole minute after the answers (as long as the test itself is given), so no request starts
  // before the test sends Ctrl-C; a stop timeout no run reaches, or one the run must reach.
  it('under the rate limit: no request starts after it, the waiting ones are not_sent, the summary is printed, exit 130', async () => {
    const { api, env, id, names } = await mock(12);
    const journal = join(tempDir(), 'j.ndjson');
    const plan = names.map((n) => record(id, n, A)).join('\n');
    const { child, done } = startBin(
      ['apply', '-', '--yes', '--rate-limit', '3', '--journal', journal],
      env,
      plan,
    );
    // Three answered (the limit of the minute): the others wait for a slot.
    await untilOutput(child.stdout, (text) => text.split('\n').length > 3);
    child.kill('SIGINT');
    const r = await done;
    expect(r.status).toBe(130);
    expect(api.counters().requests).toBe(3);
    const out = lines(r.stdout);
    expect(out).toHaveLength(12);
    expect(out.filter((l) => l.status === 'applied')).toHaveLength(3);
    expect(out.filter((l) => l.status === 'not_sent')).toHaveLength(9);
    expect(r.stderr).toContain('stopped by SIGINT');
    expect(r.stderr).toMatch(/not sent in/);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });
  it('requests in flight finish within the grace period and are journaled; a second Ctrl-C cancels them (failed, aborted)', async () => {
    for (const second of [false, true]) {
      const gate = gateClock();
      const { api, env, id, names } = await mock(6, {
        faults: { latencyMs: { min: 1, max: 1 } },
        clock: gate.clock,
      });
      const journal = join(tempDir(), 'j.ndjson');
      const plan = names.map((n) => record(id, n, A)).join('\n');
      const { child, done } = startBin(
        // A stop timeout no run reaches: the answers come when the gate opens, however late.
        [
          'apply',
          '-',
          '--yes',
          '--rate-limit',
          '0',
          '--concurrency',
          '2',
          '--stop-timeout',
          '1d',
          '--journal',
          journal,
        ],
        env,
        plan,
      );
      await gate.held(2);
      const stopping = untilOutput(child.stderr, (text) => text.includes('stopped by SIGINT'));
      child.kill('SIGINT');
      await stopping;
      // The two in flight are answered now, or cancelled by a second Ctrl-C while still held.
      if (second) child.kill('SIGINT');
      else gate.open();
      const r = await done;
      gate.open();
      expect(r.status).toBe(130);
      const out = lines(r.stdout);
      expect(out.map((l) => l.status)).toEqual(
        second
          ? ['failed', 'failed', ...Array(4).fill('not_sent')]
          : ['applied', 'applied', ...Array(4).fill('not_sent')],
      );
      if (second) expect(out[0].error.kind).toBe('aborted');
      expect(api.counters().requests).toBe(2);
      // Both answers (or their absence) are in the journal: a rerun sends the cancelled ones again.
      const entries = lines(readFileSync(journal, 'utf8'));
      expect(entries.map((e) => e.status)).toEqual(second ? [null, null] : [200, 200]);
      await server?.close();
      server = undefined;
    }
  });
  it('a request that never ends is cancelled when the grace period ends, without a second Ctrl-C', async () => {
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const stalled = await hostileServer(() => arrived());
    const plan = ['o1', 'o2', 'o3'].map((n) => record('p1', n, A)).join('\n');
    const { child, done } = startBin(
      ['apply', '-', '--yes', '--concurrency', '1', '--stop-timeout', '1'],
      hostileEnv(stalled.url),
      plan,
    );
    await inFlight;
    child.kill('SIGINT');
    // The server never answers and no second signal comes: only the grace period ends the run.
    const r = await done;
    expect(r.status).toBe(130);
    expect(r.stderr).toContain('the requests in flight have 1 s to finish');
    expect(lines(r.stdout).map((l) => [l.status, l.error?.kind])).toEqual([
      ['failed', 'aborted'],
      ['not_sent', undefined],
      ['not_sent', undefined],
    ]);
    expect(stalled.requests).toHaveLength(1);
  });
});

describe('inputs are bounded', () => {
  it('apply: a line over 16 MiB is an invalid record, read in bounded memory; nothing is sent', async () => {
    const { api, env, id, names } = await mock(1);
    const plan = join(tempDir(), 'plan.ndjson');
    const long = `{"pipeline_id":"${id}","object_name":"x","config":{"mode":"full_load"},"pad":"${'x'.repeat(20 * 1024 * 1024)}"}`;
    writeFileSync(plan, `${record(id, names[0] as string, A)}\n${long}\n`);
    const r = await run(['apply', plan, '--yes'], env);
    expect(r.status).toBe(1);
    expect(lines(r.stdout).map((l) => [l.line, l.status, l.error?.code])).toEqual([
      [1, 'not_sent', undefined],
      [2, 'invalid', 'unreadable_line'],
    ]);
    expect(r.stderr).toContain('longer than the 16 MiB limit');
    expect(api.counters().requests).toBe(0);
  });

  it('apply: a plan over --max-records (default 100,000) is refused as it is read; nothing is sent', async () => {
    const { api, env, id } = await mock(1);
    const plan = Array.from({ length: 11 }, (_, i) => record(id, `o${i}`, A)).join('\n');
    const r = await run(['apply', '-', '--yes', '--max-records', '10'], env, plan);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe(
      'querymode: the plan stdin holds more than 10 records: nothing was sent; split it into smaller plans (one journal may serve them all), or raise --max-records',
    );
    expect(api.counters().requests).toBe(0);
    const ten = await run(
      ['apply', '-', '--max-records', '10'],
      env,
      plan.split('\n').slice(0, 10).join('\n'),
    );
    expect(ten.status).toBe(0);
  });

  it('validate: an input over 16 MiB, or an endless device, is refused before it is held whole', async () => {
    const big = join(tempDir(), 'big.json');
    writeFileSync(big, `{"config":{"mode":"full_load"},"pad":"${'x'.repeat(17 * 1024 * 1024)}"}`);
    for (const source of [big, '/dev/zero']) {
      const r = await run(['validate', source]);
      expect(r.status, source).toBe(1);
      expect(r.stderr).toContain('larger than 16 MiB');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('report: -o naming the input file (or the file stdin comes from) is refused, and the input is left as it was', async () => {
    const dir = tempDir();
    const input = join(dir, 'x.ndjson');
    const text = `${JSON.stringify({ line: 1, ok: false, error: { code: 'invalid_json', message: 'x' } })}\n`;
    writeFileSync(input, text);
    const r = await run(['report', input, '-o', input]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('it is the input file');
    const alias = await run(['report', join(dir, '.', 'x.ndjson'), '-o', input]);
    expect(alias.status).toBe(2);
    const redirected = runCli(['report', '-', '-o', input], { stdinFile: input });
    expect(redirected.status).toBe(2);
    expect(redirected.stderr).toContain('stdin comes from it');
    expect(readFileSync(input, 'utf8')).toBe(text);
  });
});
