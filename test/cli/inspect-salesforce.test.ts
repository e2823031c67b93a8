/**
 * `querymode inspect salesforce://<host>` end to end, as a user runs it, against a stand-in org on
 * 127.0.0.1 (`salesforce+http://`): the records of a normal org and the same records from its
 * describe files saved with `sf`, the plan said before the requests are spent, the token from
 * SF_ACCESS_TOKEN or `sf org display --json` never printed (the stand-in echoes it in its errors),
 * a 401, the reserve reached before and during the run with nothing written, and flags that do
 * not go with an org refused.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { salesforceTraits } from '../../packages/introspect/src/index.js';
import {
  acmeOrg,
  globalDescribe,
  recordCounts,
} from '../../packages/introspect/test/support/salesforce-org.js';
import { type StandIn, sfError } from '../../packages/introspect/test/support/salesforce-stand-in.js';
import { BIN, lines, runCli, tempDir } from './run-cli.js';
import { type DailyRequests, runWithToken, standInOrgs } from './salesforce-stand-in.js';

const TOKEN = '00D5g000004Xyz1!AQ4AQFakeTokenForTests.k3yZ_9';
const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const standIn = standInOrgs(TOKEN);
const org = (daily: DailyRequests = {}): Promise<StandIn> => standIn(acmeOrg(), daily);

/** Runs `inspect` without blocking this process; the token is in no output. */
const inspect = (args: readonly string[], env?: Record<string, string>, input?: string) =>
  runWithToken(TOKEN, ['inspect', ...args], env, input);

describe('inspect salesforce://', () => {
  it('writes one traits record per object, after saying how many API requests the run takes', async () => {
    const s = await org();
    const run = await inspect([s.url]);
    expect(run.stderr).toContain(
      `inspect: 60 objects in "${s.host}": 6 API requests in all (the limits, the list of objects, 3 composite describe requests of up to 25 objects, the record counts; more if some are retried); the org has 14,998 daily API requests left (of 15,000 requests); 1,500 requests kept in reserve (--api-reserve 10%)`,
    );
    expect(run.stderr).toMatch(
      /inspect: 60 Salesforce objects from "127\.0\.0\.1:\d+" in [\d.]+ s, 6 API requests; the org has 14,994 daily API requests left/,
    );
    expect(run.status).toBe(0);
    const records = lines(run.stdout);
    expect(records).toHaveLength(60);
    expect(records.every((r) => r.source === 'salesforce')).toBe(true);
    const account = records.find((r) => r.table === 'Account');
    expect(account.rows).toBe(200_000);
    expect(account.columns.map((c: { name: string }) => c.name)).toContain('SystemModstamp');
  });

  it('gives the records the converter of inspect --describe gives for the files sf saves from the same org', async () => {
    const s = await org();
    const live = await inspect([s.url]);
    expect(live.status).toBe(0);
    // What `sf sobject describe --sobject X --json` saves per object, the global list, and the record counts.
    const saved = {
      describes: [
        globalDescribe(acmeOrg()),
        ...acmeOrg().map((o) => ({ status: 0, result: o.describe, warnings: [] })),
      ],
      recordCounts: recordCounts(acmeOrg()),
    };
    const fromFiles = salesforceTraits(JSON.parse(JSON.stringify(saved)));
    expect(fromFiles.issues).toEqual([]);
    expect(lines(live.stdout)).toEqual(fromFiles.tables);
  });

  it('gives byte for byte the records inspect --describe gives for the files saved from the same org', async () => {
    const s = await org();
    const live = await inspect([s.url]);
    expect(live.status).toBe(0);
    // The org's answers saved as files: the global list, each describe, the record counts.
    const get = async (path: string): Promise<string> => {
      const r = await fetch(`${s.origin}/services/data/v62.0${path}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(r.status).toBe(200);
      return r.text();
    };
    const folder = join(dir, 'saved-org');
    mkdirSync(folder);
    const list = await get('/sobjects');
    writeFileSync(join(folder, 'global.json'), list);
    for (const o of (JSON.parse(list) as { sobjects: { name: string }[] }).sobjects)
      writeFileSync(join(folder, `${o.name}.json`), await get(`/sobjects/${o.name}/describe`));
    const counts = join(dir, 'saved-counts.json');
    writeFileSync(counts, await get('/limits/recordCount'));
    const files = runCli(['inspect', '--describe', folder, '--record-counts', counts]);
    expect(files.status).toBe(0);
    expect(lines(files.stdout)).toHaveLength(60);
    expect(files.stdout).toBe(live.stdout);
  });

  it('takes the token from the JSON of `sf org display --json` on stdin, and -o gets the whole output', async () => {
    const s = await org();
    const display = JSON.stringify({
      status: 0,
      result: { accessToken: TOKEN, instanceUrl: s.origin, apiVersion: '62.0' },
    });
    const out = join(dir, 'objects.ndjson');
    const run = await inspect([s.url, '--sf-org-json', '-', '--table', 'Account', '-o', out], {}, display);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(lines(readFileSync(out, 'utf8')).map((r) => r.table)).toEqual(['Account']);
    expect(s.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('a refused token (401) says it is invalid or expired and how to get one; nothing is written', async () => {
    const s = await org();
    s.fault(/^\/limits$/, {
      status: 401,
      body: sfError('INVALID_SESSION_ID', `Session expired or invalid: ${TOKEN}`),
    });
    const out = join(dir, 'kept.ndjson');
    writeFileSync(out, 'before\n');
    const run = await inspect([s.url, '-o', out]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'refused the access token: /services/data/v62.0/limits answered 401 (INVALID_SESSION_ID: "Session expired or invalid: ***"); the token is invalid or expired',
    );
    expect(run.stderr).toContain('invalid or expired');
    expect(run.stderr).toContain('sf org display --target-org <alias> --json');
    expect(readFileSync(out, 'utf8')).toBe('before\n');
  });

  it('stops before the describes when they would take the org under the reserve, and mid-run when others spend it', async () => {
    const low = await org({ max: 15_000, used: 15_000 - 1_505 });
    const before = await inspect([low.url]);
    expect(before.status).toBe(1);
    expect(before.stdout).toBe('');
    expect(before.stderr).toContain('not read: the run takes 6 API requests');
    expect(low.requests.map((r) => r.path)).toEqual(['/limits', '/sobjects']);

    const busy = await org();
    busy.on(/^\/composite$/, 1, () => {
      busy.daily.used = 13_600;
    });
    const out = join(dir, 'mid-run.ndjson');
    const during = await inspect([busy.url, '-o', out]);
    expect(during.status).toBe(1);
    expect(during.stderr).toMatch(
      /stopped after \d API requests: the org has 1,\d{3} daily API requests left/,
    );
    expect(existsSync(out)).toBe(false);
    expect(busy.requests.map((r) => r.path)).not.toContain('/limits/recordCount');
  });

  it.skipIf(!existsSync('/usr/bin/script'))('shows its progress on a terminal, never the token', async () => {
    const s = await org();
    // `script` gives the bin a pseudo-terminal; stdout goes to /dev/null, stderr stays on the terminal.
    const child = spawn(
      '/usr/bin/script',
      ['-qec', `${process.execPath} ${BIN} inspect ${s.url} > /dev/null`, '/dev/null'],
      {
        env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', TERM: 'xterm', SF_ACCESS_TOKEN: TOKEN },
      },
    );
    let shown = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      shown += d;
    });
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status).toBe(0);
    expect(shown).toContain(`\r\u001b[Kinspect: reading the limits of ${s.host} ...`);
    expect(shown).toContain(`\r\u001b[Kinspect: describing the objects of ${s.host}: 25 of 60 ...`);
    expect(shown).toContain('inspect: 60 Salesforce objects from');
    expect(shown).not.toContain(TOKEN);
  });

  it('without a token, says where to put one', () => {
    const run = runCli(['inspect', 'salesforce://acme.my.salesforce.com']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no access token: set SF_ACCESS_TOKEN, or pass --sf-org-json FILE');
  });

  it('refuses the flags of a database with an org, and those of an org with a database', () => {
    const sf = runCli(['inspect', 'salesforce://acme.my.salesforce.com', '--schema', 'public'], {
      env: { SF_ACCESS_TOKEN: TOKEN },
    });
    expect(sf.status).toBe(2);
    expect(sf.stderr).toContain(
      '--schema reads a database, not Salesforce (--table and --exclude select what is read)',
    );
    const db = runCli(['inspect', 'postgres://reader@127.0.0.1/shop', '--api-reserve', '5%']);
    expect(db.status).toBe(2);
    expect(db.stderr).toContain('--api-reserve goes with salesforce://<My Domain host>, not PostgreSQL');
    const http = runCli(['inspect', 'salesforce+http://acme.my.salesforce.com'], {
      env: { SF_ACCESS_TOKEN: TOKEN },
    });
    expect(http.status).toBe(2);
    expect(http.stderr).toContain(
      'salesforce+http:// (no TLS) is only for a stand-in server on this machine',
    );
    expect(`${sf.stderr}${db.stderr}${http.stderr}`).not.toContain(TOKEN);
  });
});

describe('inspect -o', () => {
  it("refuses a target it cannot replace whole before reading anything, and writes a database's records whole", () => {
    const refused = runCli(['inspect', '--sample-shop', '-o', dir]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('it is a directory');
    const out = join(dir, 'shop.ndjson');
    const toFile = runCli(['inspect', '--sample-shop', '-o', out]);
    expect(toFile.status).toBe(0);
    expect(toFile.stdout).toBe('');
    const records = lines(readFileSync(out, 'utf8'));
    expect(records.length).toBeGreaterThan(3);
    expect(records.every((r) => typeof r.table === 'string')).toBe(true);
  }, 300_000);
});
