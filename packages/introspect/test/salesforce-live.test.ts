/**
 * The live Salesforce reader (`inspect salesforce://`) against a stand-in org on 127.0.0.1:
 * the global list, the describes in composite requests of at most 25, the record counts, the
 * budget read from /limits and kept above the reserve, retries with backoff, and the hostile
 * answers (401, an expired token, the limit reached mid-run, a stall, a redirect, a web page, a
 * gigabyte). The token the stand-in accepts is echoed in its error answers; no message holds it.
 * Timeouts fire when the test says, backoffs end at once: no test depends on timing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { endlessBody } from '../../../test/support/hostile-server.js';
import * as introspect from '../src/index.js';
import {
  checkTokenHost,
  KINDS,
  parseApiReserve,
  parseSalesforceUrl,
  readSalesforceOrg,
  readSalesforceSource,
  type SalesforceOrg,
  type SalesforcePlan,
  type SalesforceReadOptions,
  Secret,
  tokenFromEnvironment,
  tokenFromSfOrgJson,
} from '../src/index.js';
import { acmeOrg, globalDescribe, orgObject, systemFields } from './support/salesforce-org.js';
import { type StandIn, sfError, standInOrg } from './support/salesforce-stand-in.js';
import { testTimer } from './support/test-timer.js';

/** A token shaped as Salesforce's are (org id, `!`, session). */
const TOKEN = '00D5g000004Xyz1!AQ4AQFakeTokenForTests.k3yZ_9';

const running: StandIn[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function org(objects = acmeOrg(), options: { max?: number; used?: number } = {}): Promise<StandIn> {
  const s = await standInOrg(objects, { token: TOKEN, ...options });
  running.push(s);
  return s;
}

function target(s: StandIn): SalesforceOrg {
  const parsed = parseSalesforceUrl(s.url);
  if (!parsed.ok) throw new Error(parsed.issues[0]?.message);
  return parsed.value;
}

const read = (s: StandIn, options: SalesforceReadOptions = {}) =>
  readSalesforceOrg(target(s), new Secret(TOKEN), { timer: testTimer(), random: () => 0.5, ...options });

/** Every message of a failed result, and its warnings: none may hold the token. */
function expectNoToken(value: unknown): void {
  expect(JSON.stringify(value)).not.toContain(TOKEN);
  expect(JSON.stringify(value)).not.toContain(encodeURIComponent(TOKEN));
}

/** An error answer that echoes the token back, as a careless server might. */
const echo = (code: string) => sfError(code, `Session ${TOKEN} expired or invalid (Bearer ${TOKEN})`);

describe('a normal org', () => {
  it('reads the limits, the global list, every describe in composite requests of at most 25, and the counts', async () => {
    const objects = acmeOrg();
    const s = await org(objects);
    let plan: SalesforcePlan | undefined;
    const steps: string[] = [];
    const result = await read(s, {
      onPlan: (p) => (plan = p),
      onProgress: (p) => steps.push(`${p.step} ${p.done}/${p.total}`),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 60 objects: 3 composite requests (25, 25, 10), each one API request.
    expect(s.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /limits',
      'GET /sobjects',
      'POST /composite',
      'POST /composite',
      'POST /composite',
      'GET /limits/recordCount',
    ]);
    const composites = s.requests.filter((r) => r.path === '/composite');
    expect(composites.map((r) => r.subrequests?.length)).toEqual([25, 25, 10]);
    expect(composites.flatMap((r) => r.subrequests)).toEqual(
      objects.map((o) => `/services/data/v62.0/sobjects/${o.describe.name}/describe`),
    );
    expect(s.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(plan).toEqual({
      objects: 60,
      batches: 3,
      countBatches: 0,
      requests: 6,
      daily: { max: 15_000, remaining: 14_998 },
      reserve: 1500,
    });
    expect(steps).toContain('describes 60/60');
    // The raw JSON the --describe files hold: the converter reads it the same way.
    expect(result.value.describes).toEqual(objects.map((o) => o.describe));
    expect(result.value.global).toEqual(globalDescribe(objects));
    expect(result.value.recordCounts).toEqual({
      sObjects: objects
        .filter((o) => o.count !== undefined)
        .map((o) => ({ count: o.count, name: o.describe.name })),
    });
    expect(result.value.requests).toBe(6);
    expect(result.value.warnings).toEqual([]);
    expect(result.value.daily).toEqual({ max: 15_000, remaining: 15_000 - 6 });
  });

  it('has at most 3 composite requests in flight (the default), and uses them', async () => {
    const s = await org(acmeOrg(120));
    let inFlight = 0;
    let most = 0;
    const fetch = async (input: string, init: RequestInit): Promise<Response> => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await globalThis.fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    };
    // 125 objects: 5 composite requests, the first three held until all three are in.
    const held = [0, 1, 2].map(() => s.hold(/^\/composite$/));
    const reading = read(s, { fetch });
    await Promise.all(held.map((h) => h.arrived));
    for (const h of held) h.release();
    const result = await reading;
    expect(result.ok).toBe(true);
    expect(most).toBe(3);
    expect(s.requests.filter((r) => r.path === '/composite')).toHaveLength(5);
  });

  it('reads only the objects --table names, and not those --exclude matches', async () => {
    const s = await org();
    const result = await read(s, {
      tables: ['Account', 'Contact', 'Extra_001__c', 'Nope'],
      exclude: ['Extra_*'],
    });
    expect(result.ok && result.value.describes.map((d) => (d as { name: string }).name)).toEqual([
      'Account',
      'Contact',
    ]);
    expect(
      result.ok && (result.value.global as { sobjects: { name: string }[] }).sobjects.map((o) => o.name),
    ).toEqual(['Account', 'Contact']);
    expect(s.requests.filter((r) => r.path === '/composite')).toHaveLength(1);
  });

  it('keeps the other objects when one describe fails, and says which', async () => {
    const s = await org(acmeOrg(0));
    s.fault(/^\/composite$/, (_req, res) => {
      // The org's answer, with Contact's subrequest refused.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          compositeResponse: ['Account', 'Contact', 'AccountHistory', 'LoginEvent', 'Invoice__c'].map(
            (name, i) =>
              name === 'Contact'
                ? {
                    body: echo('INSUFFICIENT_ACCESS'),
                    httpHeaders: {},
                    httpStatusCode: 403,
                    referenceId: `d${i}`,
                  }
                : {
                    body: acmeOrg(0)[i]?.describe,
                    httpHeaders: {},
                    httpStatusCode: 200,
                    referenceId: `d${i}`,
                  },
          ),
        }),
      );
    });
    const result = await read(s);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.describes.map((d) => (d as { name: string }).name)).toEqual([
      'Account',
      'AccountHistory',
      'LoginEvent',
      'Invoice__c',
    ]);
    expect(result.value.warnings).toHaveLength(1);
    expect(result.value.warnings[0]).toMatch(
      /^"Contact": its describe answered 403 \(INSUFFICIENT_ACCESS: .*global list alone$/,
    );
    expectNoToken(result);
  });
});

describe('the token', () => {
  it('a 401 says the token is invalid or expired and how to get one, without the token it echoes', async () => {
    const s = await org();
    s.fault(/^\/limits$/, { status: 401, body: echo('INVALID_SESSION_ID') });
    const result = await read(s);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]?.code).toBe('unauthorized');
    expect(result.issues[0]?.message).toContain('invalid or expired');
    expect(result.issues[0]?.message).toContain('sf org display');
    expect(result.issues[0]?.message).toContain('***');
    expectNoToken(result);
    // Not retried: another try with the same token cannot succeed.
    expect(s.requests).toHaveLength(1);
  });

  it('a token that expires mid-run ends it at the next request, with nothing returned', async () => {
    const s = await org();
    s.on(/^\/composite$/, 2, () => {
      s.token = 'another session';
    });
    const result = await read(s, { concurrency: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]).toMatchObject({ code: 'unauthorized' });
    expect(result.issues[0]?.message).toMatch(/INVALID_SESSION_ID/);
    // No describe after the refusal, and no record counts.
    expect(s.requests.map((r) => r.path)).toEqual(['/limits', '/sobjects', '/composite', '/composite']);
  });

  it('comes from SF_ACCESS_TOKEN or from the JSON of `sf org display --json`, never shown', () => {
    expect(tokenFromEnvironment({}).ok).toBe(false);
    const fromEnv = tokenFromEnvironment({ SF_ACCESS_TOKEN: `${TOKEN}\n` });
    expect(fromEnv.ok && fromEnv.value.token.reveal()).toBe(TOKEN);
    expect(JSON.stringify(fromEnv)).not.toContain(TOKEN);
    expect(String(fromEnv.ok && fromEnv.value.token)).toBe('[redacted]');
    const bad = tokenFromEnvironment({ SF_ACCESS_TOKEN: `${TOKEN}\r\nX-Evil: 1` });
    expect(bad.ok).toBe(false);
    expectNoToken(bad);

    const display = JSON.stringify({
      status: 0,
      result: {
        id: '00D5g000004Xyz1',
        accessToken: TOKEN,
        instanceUrl: 'https://acme.my.salesforce.com',
        apiVersion: '62.0',
      },
      warnings: ['This command will expose sensitive information'],
    });
    const fromJson = tokenFromSfOrgJson(display, 'org.json');
    expect(fromJson.ok && fromJson.value.instanceHost).toBe('acme.my.salesforce.com');
    expect(fromJson.ok && fromJson.value.token.reveal()).toBe(TOKEN);
    const acme = parseSalesforceUrl('salesforce://Acme.my.salesforce.com');
    const other = parseSalesforceUrl('salesforce://evil.example.com');
    if (!fromJson.ok || !acme.ok || !other.ok) throw new Error('unexpected');
    expect(checkTokenHost(fromJson.value, acme.value).ok).toBe(true);
    const mismatch = checkTokenHost(fromJson.value, other.value);
    expect(!mismatch.ok && mismatch.issues[0]?.message).toContain(
      'is for "acme.my.salesforce.com", not "evil.example.com"',
    );
    expectNoToken(mismatch);

    for (const text of [
      'not json',
      '{"status":1,"name":"NoOrgFound","message":"No org"}',
      '{"status":0,"result":{}}',
    ]) {
      const r = tokenFromSfOrgJson(text, 'org.json');
      expect(r.ok).toBe(false);
      expect(!r.ok && r.issues[0]?.message).toMatch(/^org\.json /);
    }
  });

  it('is masked wherever an answer echoes it, in the JSON returned too', async () => {
    const objects = acmeOrg(0);
    objects.push(
      orgObject(`Echo_${TOKEN}`, [...systemFields(), { ...systemFields()[0], name: `Note ${TOKEN}` }]),
    );
    const s = await org(objects);
    const result = await read(s);
    expect(result.ok).toBe(true);
    expectNoToken(result);
    expect(JSON.stringify(result)).toContain('Echo_***');
  });
});

describe('the budget', () => {
  it('stops before the describes when the run would take the org under the reserve', async () => {
    // 60 objects: 6 requests in all; 1,505 left after /limits and /sobjects... of 15,000 with a 10% reserve.
    const s = await org(acmeOrg(), { max: 15_000, used: 15_000 - 1_505 });
    let plan: SalesforcePlan | undefined;
    const result = await read(s, { onPlan: (p) => (plan = p) });
    expect(plan?.requests).toBe(6);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]?.code).toBe('reserve_reached');
    expect(result.issues[0]?.message).toContain(
      'the run takes 6 API requests (60 objects in 3 composite requests',
    );
    expect(result.issues[0]?.message).toContain('10% of 15,000 requests = 1,500 requests');
    expect(s.requests.map((r) => r.path)).toEqual(['/limits', '/sobjects']);
  });

  it('stops mid-run when other clients spend the requests (Sforce-Limit-Info), before the reserve', async () => {
    const s = await org(acmeOrg(), { max: 15_000, used: 0 });
    s.on(/^\/composite$/, 1, () => {
      s.daily.used = 13_499;
    });
    const result = await read(s, { concurrency: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]?.code).toBe('reserve_reached');
    expect(result.issues[0]?.message).toMatch(
      /^stopped after 3 API requests: the org has 1,500 daily API requests left/,
    );
    expect(s.requests.map((r) => r.path)).toEqual(['/limits', '/sobjects', '/composite']);
  });

  it('retries REQUEST_LIMIT_EXCEEDED with backoff and jitter, then stops with nothing returned', async () => {
    const s = await org();
    s.fault(/^\/composite$/, { status: 403, body: echo('REQUEST_LIMIT_EXCEEDED') }, 100);
    const timer = testTimer();
    const result = await read(s, { timer, random: () => 0.5, concurrency: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]?.code).toBe('request_limit');
    expect(result.issues[0]?.message).toMatch(/^after 4 attempts: .*REQUEST_LIMIT_EXCEEDED/);
    expectNoToken(result);
    // Full jitter under 1 s, 2 s, 4 s: half of each with random() = 0.5.
    expect(timer.backoffs).toEqual([500, 1000, 2000]);
    expect(s.requests.filter((r) => r.path === '/composite')).toHaveLength(4);
  });

  it('goes on after a passing REQUEST_LIMIT_EXCEEDED or 5xx', async () => {
    const s = await org();
    s.fault(/^\/composite$/, {
      status: 403,
      body: sfError('REQUEST_LIMIT_EXCEEDED', 'ConcurrentPerOrgLongTxn Limit exceeded.'),
    });
    s.fault(
      /^\/sobjects$/,
      { status: 503, body: '<html>Service Unavailable</html>', headers: { 'content-type': 'text/html' } },
      2,
    );
    const timer = testTimer();
    const result = await read(s, { timer });
    expect(result.ok).toBe(true);
    expect(timer.backoffs).toHaveLength(3);
    expect(result.ok && result.value.requests).toBe(9);
  });

  it('reads --api-reserve as a count or a percentage', () => {
    expect(parseApiReserve('1500')).toEqual({ ok: true, value: { requests: 1500 } });
    expect(parseApiReserve('10%')).toEqual({ ok: true, value: { percent: 10 } });
    for (const bad of ['', '-1', '101%', 'ten', '1e3']) expect(parseApiReserve(bad).ok).toBe(false);
  });

  it('without /limits (no permission), refuses unless --api-reserve 0', async () => {
    const s = await org(acmeOrg(0));
    s.fault(
      /^\/limits$/,
      { status: 403, body: sfError('INSUFFICIENT_ACCESS', 'insufficient access rights') },
      2,
    );
    const refused = await read(s);
    expect(!refused.ok && refused.issues[0]?.message).toContain('pass --api-reserve 0');
    const allowed = await read(s, { reserve: { requests: 0 } });
    expect(allowed.ok && allowed.value.warnings[0]).toMatch(/^the org's API limits could not be read/);
  });
});

describe('hostile servers', () => {
  it('a stalled answer times out when the test says, and the retry is answered', async () => {
    const s = await org(acmeOrg(0));
    const held = s.hold(/^\/sobjects$/);
    const timer = testTimer();
    const reading = read(s, { timer });
    await held.arrived;
    expect(timer.expire()).toBe(1);
    const result = await reading;
    held.release();
    expect(result.ok).toBe(true);
    expect(s.requests.map((r) => r.path)).toEqual([
      '/limits',
      '/sobjects',
      '/sobjects',
      '/composite',
      '/limits/recordCount',
    ]);
  });

  it('a server that never answers ends the run with a timeout after the retries', async () => {
    const s = await org(acmeOrg(0));
    const timer = testTimer();
    const helds = [0, 1, 2, 3].map(() => s.hold(/^\/limits$/));
    const reading = read(s, { timer });
    for (const h of helds) {
      await h.arrived;
      timer.expire();
    }
    const result = await reading;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues[0]).toMatchObject({ code: 'timeout' });
    expect(!result.ok && result.issues[0]?.message).toMatch(
      /^after 4 attempts: \/services\/data\/v62\.0\/limits: no whole answer within 120 s/,
    );
  });

  it('never follows a redirect, so the token never reaches the other host', async () => {
    const other = await org();
    const s = await org();
    s.fault(/^\/limits$/, {
      status: 302,
      body: '',
      headers: { location: `${other.origin}/services/data/v62.0/limits?t=${TOKEN}` },
    });
    const result = await read(s);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues[0]?.code).toBe('redirect');
    expect(!result.ok && result.issues[0]?.message).toContain(`a redirect to "${other.host}": not followed`);
    expect(other.requests).toEqual([]);
    expectNoToken(result);
  });

  it('a web page, text, or an answer past the size cap is refused with what it was', async () => {
    const s = await org(acmeOrg(0));
    s.fault(/^\/limits$/, {
      status: 200,
      body: '<!DOCTYPE html><html>Login</html>',
      headers: { 'content-type': 'text/html' },
    });
    const page = await read(s);
    expect(!page.ok && page.issues[0]?.message).toContain('answered 200 with a web page');
    // 1 GiB offered; the reader stops past the cap.
    s.fault(/^\/limits$/, endlessBody(1024));
    const huge = await read(s, { maxResponseBytes: 2 * 1024 * 1024 });
    expect(!huge.ok && huge.issues[0]).toMatchObject({ code: 'too_large' });
    expect(!huge.ok && huge.issues[0]?.message).toContain('more than 2 MiB');
    for (const depth of [1000, 1_000_000]) {
      s.fault(/^\/limits$/, { status: 200, body: `${'['.repeat(depth)}${']'.repeat(depth)}` });
      const deep = await read(s);
      expect(!deep.ok && deep.issues[0]?.message).toContain(
        'answered 200 with JSON nested more than 128 levels deep',
      );
    }
    s.fault(/^\/sobjects$/, { status: 200, body: '{"sobjects": "no"}' });
    const shape = await read(s);
    expect(!shape.ok && shape.issues[0]?.message).toContain('without a list of sobjects');
  });

  it('keeps a nameless entry of the global list for the converter to report, and describes a name once', async () => {
    const objects = acmeOrg(0);
    const s = await org(objects);
    const listed = globalDescribe(objects) as { sobjects: unknown[] };
    s.fault(/^\/sobjects$/, {
      status: 200,
      body: { ...listed, sobjects: [...listed.sobjects, { label: 'no name' }, listed.sobjects[0]] },
    });
    const result = await read(s);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((result.value.global as { sobjects: unknown[] }).sobjects).toContainEqual({ label: 'no name' });
    expect(s.requests.find((r) => r.path === '/composite')?.subrequests).toHaveLength(objects.length);
  });

  it('object names with quotes, newlines and bidi controls are encoded in the URL and escaped in messages', async () => {
    const hostile = 'Bad"\n\u202eName\\__c';
    const s = await org([orgObject(hostile, systemFields())]);
    s.fault(/^\/composite$/, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          compositeResponse: [{ body: sfError('NOT_FOUND', 'gone'), httpStatusCode: 404, referenceId: 'd0' }],
        }),
      );
    });
    const result = await read(s);
    expect(s.requests.find((r) => r.path === '/composite')?.subrequests).toEqual([
      `/services/data/v62.0/sobjects/${encodeURIComponent(hostile)}/describe`,
    ]);
    expect(result.ok && result.value.warnings[0]).toBe(
      '"Bad\\"\\n\\u202eName\\\\__c": its describe answered 404 (NOT_FOUND: "gone"); its traits come from the global list alone',
    );
  });
});

describe('the URL', () => {
  it('is https for a remote host, and http only for a loopback stand-in', () => {
    expect(parseSalesforceUrl('salesforce://acme.my.salesforce.com')).toEqual({
      ok: true,
      value: { origin: 'https://acme.my.salesforce.com', host: 'acme.my.salesforce.com' },
    });
    expect(parseSalesforceUrl('salesforce+http://127.0.0.1:8080').ok).toBe(true);
    expect(parseSalesforceUrl('salesforce+http://[::1]:8080').ok).toBe(true);
    for (const bad of [
      'salesforce+http://acme.my.salesforce.com',
      'salesforce://user:secret@acme.my.salesforce.com',
      'salesforce://acme.my.salesforce.com/services/data',
      'salesforce://acme.my.salesforce.com?token=x',
      'salesforce://',
      'https://acme.my.salesforce.com',
    ]) {
      const r = parseSalesforceUrl(bad);
      expect(r.ok).toBe(false);
      expect(JSON.stringify(r)).not.toContain('secret');
    }
  });
});

describe("the kind's reader (kinds/salesforce.ts), as inspect salesforce:// runs it", () => {
  const request = (url: string, flags: Record<string, string | number> = {}) => {
    const said: string[] = [];
    return {
      said,
      request: {
        url,
        flags,
        environment: { SF_ACCESS_TOKEN: TOKEN },
        progress: (line: string) => said.push(`progress: ${line}`),
        say: (line: string) => said.push(line),
      },
    };
  };

  it('is the one its description loads from the package', () => {
    expect(KINDS.salesforce?.sourceReader?.load(introspect)).toBe(readSalesforceSource);
  });

  it('checks the URL, the flags and the token before any request, then reads the org with its plan said first', async () => {
    const s = await org();
    for (const [url, flags, message] of [
      ['salesforce://', {}, 'salesforce://'],
      [s.url, { 'api-reserve': 'most' }, '--api-reserve'],
      [s.url, { 'api-version': 'v2' }, '--api-version expects a REST API version such as 62.0'],
    ] as const) {
      const prepared = readSalesforceSource(request(url, flags).request);
      expect(prepared.ok).toBe(false);
      expect(JSON.stringify(prepared)).toContain(message);
    }
    const none = readSalesforceSource({ ...request(s.url).request, environment: {} });
    expect(none).toMatchObject({ ok: false, issues: [{ code: 'no_token' }] });
    expect(s.requests).toEqual([]);

    const run = request(s.url, { 'request-timeout': 30_000 });
    const prepared = readSalesforceSource({ ...run.request, tables: ['Account', 'Nope'] });
    if (!prepared.ok) throw new Error(prepared.issues[0]?.message);
    const read = await prepared.value.read();
    if (!read.ok) throw new Error(read.issues[0]?.message);
    expect(read.value).toMatchObject({
      origin: s.host,
      server: 'Salesforce',
      what: `1 Salesforce object from "${s.host}"`,
      complete: false,
      notes: ['no object matched: --table "Nope" (object names are matched exactly, case included)'],
    });
    expect(read.value.tables.map((t) => t.table)).toEqual(['Account']);
    expect(run.said[0]).toBe(`progress: reading the limits of ${s.host} ...`);
    expect(run.said.find((l) => !l.startsWith('progress:'))).toMatch(
      /^1 object in ".*": 4 API requests in all/,
    );
    expect(JSON.stringify(read.value)).not.toContain(TOKEN);
  });
});
