/**
 * `querymode inspect salesforce://<host> --look-back N`: change rates measured in the org (COUNT()
 * of the records created, and of those changed, in the last N days), as a user runs it against a
 * stand-in org on 127.0.0.1, and what `recommend` then says: Account of 200,000 records with a
 * measured insert rate gets `full_load` (issue 40's first example), a rate that crosses 5,000,000
 * within the horizon does not; a count that fails costs no other object, a retried one costs
 * nothing, the reserve reached mid-run writes nothing; the token is in no output; and the records
 * are those of the describe files but for the measured rates, which say so.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acmeOrg, type OrgObject } from '../../packages/introspect/test/support/salesforce-org.js';
import { type StandIn, sfError } from '../../packages/introspect/test/support/salesforce-stand-in.js';
import { lines, runCli, tempDir } from './run-cli.js';
import { type DailyRequests, runWithToken, standInOrgs } from './salesforce-stand-in.js';

const TOKEN = '00D5g000004Xyz1!AQ4AQRatesTokenForTests.k3yZ_9';
const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const standIn = standInOrgs(TOKEN);

/** The acme org, Account with `created` and `changed` records in any window, Contact as given. */
async function org(
  account: Partial<OrgObject>,
  contact: Partial<OrgObject> = {},
  daily: DailyRequests = {},
): Promise<StandIn> {
  const objects = acmeOrg().map((o) => {
    if (o.describe.name === 'Account') return { ...o, ...account };
    if (o.describe.name === 'Contact') return { ...o, created: 70, changed: 7, ...contact };
    return o;
  });
  return standIn(objects, daily);
}

/** Runs the bin without blocking this process; the token is in no output, in no form. */
const inspect = (args: readonly string[]) => runWithToken(TOKEN, ['inspect', ...args]);

/** The count queries the stand-in received, by SOQL. */
const countQueries = (s: StandIn): string[] =>
  s.requests
    .flatMap((r) => r.subrequests ?? [])
    .filter((u) => u.includes('/query?q='))
    .map((u) => decodeURIComponent(u.split('?q=')[1] ?? ''));

describe('inspect salesforce:// --look-back', () => {
  it('Account, 200,000 records, 3,500 created in 7 days: inserts_per_day 500, and recommend gives full_load with the cheaper mode within reach', async () => {
    const s = await org({ created: 3_500, changed: 1_400 });
    const run = await inspect([s.url, '--look-back', '7', '--table', 'Account', '--table', 'Contact']);
    expect(run.stderr).toContain(
      `inspect: 2 objects in "${s.host}": 5 API requests in all (the limits, the list of objects, 1 composite describe request of up to 25 objects, at most 1 composite count request (--look-back), the record counts; more if some are retried)`,
    );
    expect(run.status).toBe(0);
    const [account, contact] = lines(run.stdout);
    expect(account).toMatchObject({ table: 'Account', rows: 200_000 });
    expect(account.changes).toMatchObject({ inserts_per_day: 500, updates_per_day: 200, observed_days: 7 });
    expect(account.notes.join('\n')).toMatch(
      /changes: measured in the org over the 7 days to \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(--look-back\), SOQL COUNT\(\)/,
    );
    expect(contact.changes).toMatchObject({ inserts_per_day: 10, updates_per_day: 1, observed_days: 7 });
    // Two counts an object, in one composite request, on UTC bounds seven days apart.
    const queries = countQueries(s);
    expect(queries).toHaveLength(4);
    const bounds = /CreatedDate > (\S+) AND CreatedDate <= (\S+)$/.exec(queries[0] ?? '');
    expect(Date.parse(bounds?.[2] ?? '') - Date.parse(bounds?.[1] ?? '')).toBe(7 * 86_400_000);
    expect(queries[1]).toMatch(
      /^SELECT COUNT\(\) FROM Account WHERE SystemModstamp > \S+ AND SystemModstamp <= \S+ AND CreatedDate <= \S+$/,
    );

    const ndjson = runCli(['recommend', '--ndjson'], { input: run.stdout });
    expect(lines(ndjson.stdout)[0]).toMatchObject({
      table: 'Account',
      status: 'recommended',
      mode: 'full_load',
    });
    const human = runCli(['recommend', '--traits', '-'], {
      input: lines(run.stdout)
        .slice(0, 1)
        .map((r) => JSON.stringify(r))
        .join('\n'),
    });
    expect(human.stdout).toContain('recommended: full_load');
    expect(human.stdout).toContain(
      'Cheaper within reach: timestamp+incrementing would save about 24,886,500 events over 30d; it needs: does every new Account record get a higher `Id` than every earlier one?',
    );
  });

  it('a rate that crosses 5,000,000 records within the horizon: no full_load, with the crossing day', async () => {
    const s = await org({ created: 1_400_000, changed: 0 });
    const run = await inspect([s.url, '--look-back', '7d', '--table', 'Account']);
    expect(run.status).toBe(0);
    const [account] = lines(run.stdout);
    expect(account.changes).toMatchObject({ inserts_per_day: 200_000, updates_per_day: 0, observed_days: 7 });
    // None changed in the window: updates stay unknown (not no), at 0 a day.
    expect(account.changes.updates).toBe('unknown');
    const r = runCli(['recommend', '--ndjson'], { input: run.stdout });
    expect(lines(r.stdout)[0]).toMatchObject({ table: 'Account', status: 'needs_facts', mode: null });
    const human = runCli(['recommend', '--traits', '-'], { input: run.stdout });
    expect(human.stdout).toContain(
      'Not `full_load`: `Account` has 200,000 records and reaches 5,000,000 on day 24 of the 30-day horizon, at 200,000 more records a day (inserts less deletes)',
    );
  });

  it("a count refused (INVALID_FIELD) leaves that object's rate unknown, with why, and costs no other object", async () => {
    const s = await org(
      { created: 3_500, changed: 1_400 },
      { countError: { status: 400, body: sfError('INVALID_FIELD', `No such column; token ${TOKEN}`) } },
    );
    const run = await inspect([s.url, '--look-back', '7', '--table', 'Account', '--table', 'Contact']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('"Contact": the count of records created answered 400 (INVALID_FIELD: ');
    expect(run.stderr).toContain('2 parts not read (above); every other object is written');
    const [account, contact] = lines(run.stdout);
    expect(account.changes.inserts_per_day).toBe(500);
    expect(contact.changes).toEqual({ deletes: 'yes' });
    expect(contact.notes.join('\n')).toContain('changes: not measured over the 7 days to ');
    expect(contact.notes.join('\n')).toContain('inserts_per_day stays unknown, never 0.');
  });

  it('an object without a CreatedDate it can filter on: not counted, its rate unknown with the note why', async () => {
    const s = await org({ created: 3_500 });
    const run = await inspect([s.url, '--look-back', '7', '--table', 'LoginEvent', '--table', 'Account']);
    expect(run.status).toBe(0);
    const [account, login] = lines(run.stdout);
    expect(account.changes.inserts_per_day).toBe(500);
    expect(login.changes).toBeUndefined();
    expect(login.notes.join('\n')).toContain('changes: not measured over the 7 days to ');
    expect(login.notes.join('\n')).toContain('it has no CreatedDate');
    expect(countQueries(s).every((q) => q.includes('FROM Account'))).toBe(true);
  });

  it('a count request answered 503 is tried again: the rates are those of a quiet run', async () => {
    const s = await org({ created: 3_500, changed: 1_400 });
    // The second composite request is the counts' (one describe request for two objects).
    s.on(/^\/composite$/, 2, () => s.fault(/^\/composite$/, { status: 503, body: 'busy' }));
    const run = await inspect([s.url, '--look-back', '7', '--table', 'Account', '--table', 'Contact']);
    expect(run.status).toBe(0);
    expect(lines(run.stdout)[0].changes.inserts_per_day).toBe(500);
    expect(s.requests.filter((r) => r.path === '/composite')).toHaveLength(3);
  });

  it('a count request refused as a whole (400): every rate of it unknown, the records written', async () => {
    const s = await org({ created: 3_500 });
    s.on(/^\/composite$/, 2, () =>
      s.fault(/^\/composite$/, { status: 400, body: sfError('INVALID_BATCH_SIZE', `no; ${TOKEN}`) }),
    );
    const run = await inspect([s.url, '--look-back', '7', '--table', 'Account', '--table', 'Contact']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('"Account": the count of records created was not read (');
    const [account, contact] = lines(run.stdout);
    expect(account.changes).toEqual({ deletes: 'yes' });
    expect(contact.changes).toEqual({ deletes: 'yes' });
    expect(account.rows).toBe(200_000);
  });

  it('the reserve reached during the counts: nothing written, -o file not made', async () => {
    const s = await org({ created: 3_500 }, {}, { max: 15_000 });
    // Other clients spend the org's requests while the describes are read.
    s.on(/^\/composite$/, 1, () => {
      s.daily.used = 13_499;
    });
    const out = join(dir, 'rates.ndjson');
    const run = await inspect([s.url, '--look-back', '7', '--table', 'Account', '-o', out]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('nothing was written');
    expect(run.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
    expect(countQueries(s)).toEqual([]);
  });

  it('gives the records of inspect --describe but for the measured rates, which say so', async () => {
    const s = await org({ created: 3_500, changed: 1_400 });
    const measured = await inspect([s.url, '--look-back', '7']);
    const plain = await inspect([s.url]);
    expect(measured.status).toBe(0);
    expect(plain.status).toBe(0);
    const without = lines(measured.stdout).map((r) => {
      const { inserts_per_day, updates_per_day, observed_days, ...changes } = r.changes ?? {};
      for (const k of ['inserts', 'updates'] as const) if (r.changes?.[k] !== undefined) delete changes[k];
      const notes = r.notes.filter(
        (n: string) =>
          !/^(changes: (measured|not measured)|inserts_per_day:|updates_per_day:|deletes_per_day:)/.test(n),
      );
      const back = { ...r, notes };
      if (Object.keys(changes).length > 0) back.changes = changes;
      else delete back.changes;
      return back;
    });
    // Only the changes measured (and their notes) differ; History's documented answers stand.
    const plainRecords = lines(plain.stdout).map((r) => {
      if (r.changes === undefined) return r;
      const { inserts: _i, updates: _u, ...rest } = r.changes;
      const back = { ...r };
      if (Object.keys(rest).length > 0) back.changes = rest;
      else delete back.changes;
      return back;
    });
    expect(without).toEqual(plainRecords);
    const history = lines(measured.stdout).find((r) => r.table === 'AccountHistory');
    expect(history.changes).toMatchObject({ inserts: 'yes', updates: 'no', inserts_per_day: 0 });
  });

  it('refuses a look-back that is not a number of days, before any request', async () => {
    const s = await org({});
    const run = await inspect([s.url, '--look-back', '10m']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      '--look-back expects a number of days from 1 to 365, such as 7 or 7d; received "10m"',
    );
    expect(s.requests).toEqual([]);
    // Describe files hold no records to count: the flag is refused, never ignored.
    const files = runCli(['inspect', '--describe', dir, '--look-back', '7']);
    expect(files.status).toBe(2);
    expect(files.stderr).toContain(
      '--look-back goes with salesforce://<My Domain host>, not Salesforce describe files',
    );
  });
});
