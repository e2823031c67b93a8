/**
 * `querymode verify` of a Salesforce plan, through the built CLI: the plan made from describe
 * files (`inspect --describe | recommend --ndjson --detail`), then checked against describe files
 * saved later (`verify PLAN --describe ...`) and against a stand-in org read live (`verify PLAN
 * salesforce+http://...`). A planned field deleted or no longer filterable, an object no longer
 * queryable or replicateable, a record count past the full_load limit: broken, with the reason in
 * the platform's words; unchanged: holds; an object not in the plan: new. The token never shows.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acmeOrg,
  field,
  type OrgObject,
  orgObject,
  recordCounts,
  systemFields,
} from '../../packages/introspect/test/support/salesforce-org.js';
import { type StandIn, sfError } from '../../packages/introspect/test/support/salesforce-stand-in.js';
import { databaseWordsIn } from './platform-words.js';
import { lines, runCli, tempDir } from './run-cli.js';
import { expectTokenNowhere, runWithToken, standInOrgs } from './salesforce-stand-in.js';

const TOKEN = '00D5g000004Xyz1!AQ4AQFakeTokenForVerify.k3yZ_9';
const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const standIn = standInOrgs(TOKEN);

/** A custom object of readings, only inserted, numbered by a custom field the answers say grows. */
const READING = orgObject(
  'Reading__c',
  [...systemFields(), field('Seq__c', 'double', { unique: true, externalId: true, nillable: false })],
  8_000_000,
);

/** The org of the examples (without the extra objects) and `Reading__c`, each object changed by `change`. */
function org(change: (o: OrgObject) => OrgObject | undefined = (o) => o): OrgObject[] {
  return [...acmeOrg(0), READING].flatMap((o) => {
    const changed = change(structuredClone(o));
    return changed === undefined ? [] : [changed];
  });
}

/** An object's describe with `fields` changed or removed. */
function withFields(
  o: OrgObject,
  edit: (fields: Record<string, unknown>[]) => Record<string, unknown>[],
): OrgObject {
  return { ...o, describe: { ...o.describe, fields: edit(o.describe.fields as Record<string, unknown>[]) } };
}

let saved = 0;
/** The org's describes as `sf sobject describe --json` saves them, and its record counts: the folder and the counts file. */
function saveOrg(objects: readonly OrgObject[], counts: Record<string, number> = {}): string[] {
  saved += 1;
  const folder = join(dir, `org-${saved}`);
  mkdirSync(folder);
  for (const o of objects)
    writeFileSync(
      join(folder, `${String(o.describe.name)}.json`),
      JSON.stringify({ status: 0, result: o.describe, warnings: [] }),
    );
  const countsFile = join(dir, `counts-${saved}.json`);
  const all = recordCounts(objects) as { sObjects: { name: string; count: number }[] };
  for (const [name, count] of Object.entries(counts)) {
    all.sObjects = all.sObjects.filter((c) => c.name !== name);
    all.sObjects.push({ name, count });
  }
  writeFileSync(countsFile, JSON.stringify(all));
  return ['--describe', folder, '--record-counts', countsFile];
}

/**
 * The facts the plan was made with: an insert rate for every object (a record count gives none,
 * and full_load waits for it: the row limit over the horizon), the History object's 30,000,000
 * rows (it gets no record count).
 */
const ANSWERS = join(dir, 'answers.json');
writeFileSync(
  ANSWERS,
  JSON.stringify({
    defaults: { changes: { inserts_per_day: 500 } },
    tables: {
      AccountHistory: { rows: 30_000_000 },
      Reading__c: { changes: { inserts: 'yes', updates: 'no' } },
    },
  }),
);

/** `inspect --describe ... | recommend --ndjson --detail`: the plan. */
function planOf(source: readonly string[]): string {
  const inspect = runCli(['inspect', ...source]);
  expect(inspect.status).toBe(0);
  const plan = runCli(['recommend', '--ndjson', '--detail', '--answers', ANSWERS], { input: inspect.stdout });
  const file = join(dir, `plan-${saved}.ndjson`);
  writeFileSync(file, plan.stdout);
  return file;
}

const PLAN = planOf(saveOrg(org()));

/** The plan with Reading__c's mode on its custom field Seq__c, as a user may choose it (unique_incrementing on Id is recommended). */
const SEQ_PLAN = join(dir, 'seq-plan.ndjson');
writeFileSync(
  SEQ_PLAN,
  readFileSync(PLAN, 'utf8')
    .split('\n')
    .map((l) =>
      l.includes('"table":"Reading__c"')
        ? l.replace('"unique_column_name":"Id"', '"unique_column_name":"Seq__c"')
        : l,
    )
    .join('\n'),
);
expect(readFileSync(SEQ_PLAN, 'utf8')).toContain('"unique_column_name":"Seq__c"');

function verify(source: readonly string[], plan = PLAN) {
  const run = runCli(['verify', plan, ...source, '--answers', ANSWERS, '--ndjson']);
  return { ...run, byTable: new Map(lines(run.stdout).map((r) => [r.table as string, r])) };
}

describe('verify of a Salesforce plan from describe files', () => {
  it('the plan: Account full_load, the History object unique_incrementing on Id', () => {
    const plan = lines(readFileSync(PLAN, 'utf8')).filter((r) => typeof r.table === 'string');
    const mode = (table: string) => plan.find((r) => r.table === table)?.mode;
    expect(mode('Account')).toBe('full_load');
    expect(mode('AccountHistory')).toBe('unique_incrementing');
  });

  it('holds when nothing changed (the objects the plan gives no mode are new, as tables are)', () => {
    const r = verify(saveOrg(org()));
    expect(r.stderr).toContain(
      'verify: new: nothing broken\n6 objects: 0 broken, 0 unverified, 2 new, 0 gone, 0 better, 4 hold',
    );
    expect(r.status).toBe(0);
    for (const object of ['Account', 'AccountHistory', 'Invoice__c', 'Reading__c'])
      expect(r.byTable.get(object)?.verdict, object).toBe('holds');
    expect(r.byTable.get('Contact')).toMatchObject({ verdict: 'new', line: 4 });
    expect(verify(saveOrg(org()), SEQ_PLAN).byTable.get('Reading__c')?.verdict).toBe('holds');
  });

  it('speaks of objects without --answers too, every object planned', () => {
    const r = runCli(['verify', PLAN, ...saveOrg(org())]);
    expect(r.stdout).toMatch(/^summary: 6 objects: /m);
    expect(r.stdout).not.toMatch(/\btables?\b/);
  });

  it('a planned field deleted: broken, with the field before and after', () => {
    const r = verify(
      saveOrg(
        org((o) =>
          o.describe.name === 'Reading__c' ? withFields(o, (f) => f.filter((x) => x.name !== 'Seq__c')) : o,
        ),
      ),
      SEQ_PLAN,
    );
    expect(r.status).toBe(1);
    const v = r.byTable.get('Reading__c');
    expect(v?.verdict).toBe('broken');
    expect(v?.findings[0]).toMatchObject({
      rule: 'column.exists',
      change: { path: ['columns', 'Seq__c'], before: true, after: false },
    });
    expect(v?.findings[0].message).toContain('`Seq__c`');
  });

  it("a planned field no longer filterable: broken, in the platform's words", () => {
    const r = verify(
      saveOrg(
        org((o) =>
          o.describe.name === 'AccountHistory'
            ? withFields(o, (f) => f.map((x) => (x.name === 'Id' ? { ...x, filterable: false } : x)))
            : o,
        ),
      ),
    );
    expect(r.status).toBe(1);
    const v = r.byTable.get('AccountHistory');
    expect(v?.verdict).toBe('broken');
    expect(v?.findings[0].rule).toBe('column.filterable');
    expect(v?.findings[0].message).toContain(
      'Salesforce cannot filter or sort on `Id` (its describe: `filterable` or `sortable` false',
    );
  });

  it('an object no longer replicateable or queryable: broken, and why', () => {
    for (const flag of ['replicateable', 'queryable']) {
      const r = verify(
        saveOrg(
          org((o) =>
            o.describe.name === 'Account' ? { ...o, describe: { ...o.describe, [flag]: false } } : o,
          ),
        ),
      );
      expect(r.status).toBe(1);
      const v = r.byTable.get('Account');
      expect(v?.verdict).toBe('broken');
      expect(v?.findings[0].rule).toBe('table.replicable');
      expect(v?.findings[0].message).toContain(`Salesforce does not let \`Account\` be`);
      expect(v?.findings[0].message).toContain(`\`${flag}\` false`);
    }
  });

  it('a planned full_load object past 5,000,000 records: broken', () => {
    const r = verify(saveOrg(org(), { Account: 6_000_000 }));
    expect(r.status).toBe(1);
    const v = r.byTable.get('Account');
    expect(v?.verdict).toBe('broken');
    expect(v?.findings[0]).toMatchObject({
      rule: 'full_load.row_limit',
      change: { path: ['rows'], before: 200_000, after: 6_000_000 },
    });
  });

  it('an object not in the plan: new, with what recommend says of it now', () => {
    const r = verify(saveOrg([...org(), orgObject('Visit__c', systemFields(), 40)]));
    expect(r.status).toBe(0);
    expect(r.byTable.get('Visit__c')).toMatchObject({ verdict: 'new', line: null });
  });
});

describe('verify of a Salesforce plan against the org read live', () => {
  /** `verify PLAN <stand-in>` with the token in SF_ACCESS_TOKEN, a JUnit file and a step summary: the token is in none of them. */
  async function verifyLive(s: StandIn, args: readonly string[] = []) {
    const junit = join(dir, `live-${s.host.replace(/\W/g, '_')}.xml`);
    const summary = join(dir, `summary-${s.host.replace(/\W/g, '_')}.md`);
    const run = await runWithToken(
      TOKEN,
      ['verify', PLAN, s.url, '--answers', ANSWERS, '--junit', junit, ...args],
      {
        SF_ACCESS_TOKEN: TOKEN,
        GITHUB_STEP_SUMMARY: summary,
      },
    );
    const journals = [junit, summary].map((f) => {
      try {
        return readFileSync(f, 'utf8');
      } catch {
        return '';
      }
    });
    expectTokenNowhere(TOKEN, journals);
    return { ...run, junit: journals[0] ?? '' };
  }

  it('holds when the org is as planned, and says what the reading spends', async () => {
    const s = await standIn(org());
    const r = await verifyLive(s);
    expect(r.stderr).toContain('6 objects in');
    expect(r.stderr).toContain('API requests in all');
    // Its lines are verify's, in the platform's words.
    expect(r.stderr).toMatch(/^verify: 6 objects in/m);
    expect(databaseWordsIn(r.stdout + r.stderr)).toEqual([]);
    expect(r.stdout).toContain('verify: new: nothing broken');
    expect(r.stdout).toContain('summary: 6 objects: 0 broken, 0 unverified, 2 new, 0 gone, 0 better, 4 hold');
    expect(r.status).toBe(0);
    expect(r.junit).toContain('Account');
  });

  it("a gone object and one past the row limit, live: in the platform's words", async () => {
    const changed = org((o) => {
      if (o.describe.name === 'Contact') return undefined;
      return o.describe.name === 'Account' ? { ...o, count: 6_000_000 } : o;
    });
    const r = await verifyLive(await standIn(changed));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('no longer in the org');
    expect(r.stdout).toContain('`Account` has 6,000,000 records');
    expect(databaseWordsIn(r.stdout + r.stderr)).toEqual([]);
  });

  it('is broken when an object is no longer replicateable, as from describe files', async () => {
    const changed = org((o) =>
      o.describe.name === 'Account' ? { ...o, describe: { ...o.describe, replicateable: false } } : o,
    );
    const live = await verifyLive(await standIn(changed), ['--ndjson']);
    expect(live.status).toBe(1);
    const files = verify(saveOrg(changed));
    expect(lines(live.stdout)).toEqual(lines(files.stdout));
    expect(lines(live.stdout).find((r) => r.table === 'Account')?.verdict).toBe('broken');
  });

  it('a refused token the org echoes back: exit 1, nothing verified, the token shown nowhere', async () => {
    const s = await standIn(org());
    s.fault(/^\/limits$/, {
      status: 401,
      body: sfError('INVALID_SESSION_ID', `Session expired or invalid: ${TOKEN}`),
    });
    const r = await verifyLive(s);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('the token is invalid or expired');
  });

  it('refuses the flags of a database with an org', () => {
    const r = runCli(['verify', PLAN, 'salesforce://acme.my.salesforce.com', '--schema', 'public'], {
      env: { SF_ACCESS_TOKEN: TOKEN },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--schema reads a database');
    expect(r.stderr).not.toContain(TOKEN);
  });

  it('refuses --look-back, which only inspect reads, live and from describe files, before any request', async () => {
    const s = await standIn(org());
    const live = await runWithToken(TOKEN, ['verify', PLAN, s.url, '--look-back', '7']);
    expect(live.status).toBe(2);
    expect(live.stderr).toBe(
      'querymode: --look-back goes with querymode inspect salesforce://<My Domain host>, not verify: remove it from the verify command\n',
    );
    expect(s.requests).toEqual([]);
    const files = runCli(['verify', PLAN, ...saveOrg(org()), '--look-back', '7']);
    expect(files.status).toBe(2);
    expect(files.stderr).toContain(
      '--look-back goes with salesforce://<My Domain host>, not Salesforce describe files',
    );
  });
});
