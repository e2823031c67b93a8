/**
 * `inspect --describe` through the built CLI, and the expected answers of issue 40 from the
 * recorded describe shapes (packages/introspect/test/fixtures/salesforce/).
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandCandidates, fullQuestions } from '@querymode/core';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseWordsIn, withCitedTexts } from './platform-words.js';
import { detailRecords, runCli, tempDir } from './run-cli.js';

const F = fileURLToPath(new URL('../../packages/introspect/test/fixtures/salesforce', import.meta.url));

const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `inspect --describe FILE [--record-counts COUNTS]` of a recorded describe: the traits, one line. */
function inspectObject(describeFile: string, counts?: string): string {
  const inspect = runCli([
    'inspect',
    '--describe',
    join(F, 'org', describeFile),
    ...(counts === undefined ? [] : ['--record-counts', join(F, counts)]),
  ]);
  expect(inspect.status).toBe(0);
  return inspect.stdout;
}

describe('inspect --describe', () => {
  it('-o writes the records to a file whole (a temporary file, renamed), and a bad target is refused before any file is read', () => {
    const args = ['inspect', '--describe', join(F, 'org'), '--record-counts', join(F, 'record-counts.json')];
    const out = join(dir, 'objects.ndjson');
    writeFileSync(out, 'before\n');
    const toFile = runCli([...args, '-o', out]);
    expect(toFile.status, toFile.stderr).toBe(0);
    expect(toFile.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(runCli(args).stdout);
    // Nothing else is left beside it.
    expect(readdirSync(dir)).toEqual(['objects.ndjson']);
    const json = join(dir, 'objects.json');
    expect(runCli([...args, '--json', '-o', json]).status).toBe(0);
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({
      server: 'Salesforce',
      database: '4 describe files',
    });
    rmSync(json);
    // A directory as the target: refused before reading, a usage error; a missing describe is then never named.
    const refused = runCli(['inspect', '--describe', join(dir, 'not-there.json'), '-o', dir]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('it is a directory');
    expect(refused.stderr).not.toContain('not-there');
  });

  it("refuses a database's flags, but for --table", () => {
    const r = runCli(['inspect', '--describe', join(F, 'org'), '--exclude', 'Acc*']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      '--exclude reads a database, not Salesforce describe files (--table selects what is read)',
    );
  });

  it('reads a folder of describes with record counts, one record per object', () => {
    const r = runCli([
      'inspect',
      '--describe',
      join(F, 'org'),
      '--record-counts',
      join(F, 'record-counts.json'),
    ]);
    expect(r.status).toBe(0);
    const records = lines(r.stdout);
    expect(records.map((t) => t.table)).toEqual(['Account', 'AccountHistory', 'Contact', 'LoginEvent']);
    expect(records.every((t) => t.source === 'salesforce')).toBe(true);
  });

  it('Account with 200,000 records: full_load recommended once its insert rate keeps it under the row limit over the horizon', () => {
    const inspect = runCli([
      'inspect',
      '--describe',
      join(F, 'org', 'account.describe.json'),
      '--record-counts',
      join(F, 'record-counts.json'),
    ]);
    // A record count gives no insert rate: full_load waits for it (issue 37 item 6).
    const unknown = runCli(['recommend', '--ndjson'], { input: inspect.stdout });
    expect(lines(unknown.stdout)[0]).toMatchObject({
      table: 'Account',
      status: 'needs_facts',
      best: 'full_load',
    });
    const answers = join(tempDir(), 'answers.yaml');
    writeFileSync(answers, 'tables:\n  Account:\n    changes:\n      inserts_per_day: 500\n');
    const r = runCli(['recommend', '--ndjson', '--answers', answers], { input: inspect.stdout });
    expect(lines(r.stdout)[0]).toMatchObject({ table: 'Account', status: 'recommended', mode: 'full_load' });
  });

  it('Account with 12,000,000 records, inserts and updates: needs the fact that Id grows, never recommended on an assumption', () => {
    const inspect = runCli([
      'inspect',
      '--describe',
      join(F, 'org', 'account.describe.json'),
      '--record-counts',
      join(F, 'record-counts.sf.json'),
    ]);
    const r = runCli(['recommend', '--ndjson', '--inserts', 'yes', '--updates', 'yes'], {
      input: inspect.stdout,
    });
    expect(lines(r.stdout)[0]).toMatchObject({ table: 'Account', status: 'needs_facts', mode: null });
  });

  it('an object that is not replicateable: no mode', () => {
    const inspect = runCli(['inspect', '--describe', join(F, 'org', 'login-event.describe.json')]);
    const r = runCli(['recommend', '--ndjson'], { input: inspect.stdout });
    expect(lines(r.stdout)[0]).toMatchObject({ table: 'LoginEvent', status: 'none' });
  });
});

describe("the issue's expected answers through the CLI, with their reasons", () => {
  /** `inspect --describe FILE [--record-counts COUNTS] | recommend --ndjson --detail ARGS`: the object's detail record. */
  function advise(describeFile: string, args: readonly string[] = [], counts?: string) {
    const r = runCli(['recommend', '--ndjson', '--detail', ...args], {
      input: inspectObject(describeFile, counts),
    });
    const { legend, records } = detailRecords(r.stdout);
    const record = records.find((l) => typeof l.table === 'string');
    // A question's words are cited from the legend; a reader puts them back as the docs say, and
    // the candidates in full (`full`: a candidate's config may be the record's `fields`).
    return { ...record, questions: fullQuestions(legend, record), full: expandCandidates(legend, record) };
  }

  it('a History object of 30,000,000 rows: inserts only, with its source, unique_incrementing on Id', () => {
    const answers = join(tempDir(), 'answers.json');
    writeFileSync(answers, JSON.stringify({ tables: { AccountHistory: { rows: 30_000_000 } } }));
    const d = advise('account-history.describe.json', ['--answers', answers]);
    expect(d).toMatchObject({ table: 'AccountHistory', status: 'recommended', mode: 'unique_incrementing' });
    expect(d.body.config).toMatchObject({ unique_column_name: 'Id' });
    expect(d.traits.changes).toMatchObject({ inserts: 'yes', updates: 'no' });
    expect(JSON.stringify(d.traits.notes)).toContain('sforce_api_associated_objects_history.htm');
    expect(JSON.stringify(d)).not.toContain('"mode":"full_load","status":"recommended"');
  });

  it('12,000,000 records with inserts and updates: needs_facts with the question whether Id grows, never recommended', () => {
    const d = advise(
      'account.describe.json',
      ['--inserts', 'yes', '--updates', 'yes'],
      'record-counts.sf.json',
    );
    expect(d).toMatchObject({ status: 'needs_facts', mode: null });
    expect(d.questions[0].question).toContain(
      'Does every new Account record get a higher `Id` than every earlier one?',
    );
    expect(d.full.find((c: { mode: string }) => c.mode === 'timestamp+incrementing')).toMatchObject({
      status: 'needs_facts',
      body: {
        config: {
          mode: 'timestamp+incrementing',
          timestamp_column_name: 'SystemModstamp',
          incrementing_column_name: 'Id',
        },
      },
    });
    expect(d.candidates.find((c: { mode: string }) => c.mode === 'timestamp')?.misses).toEqual(['inserts']);
  });

  it('answers that Id does not grow and a Number field does: timestamp+incrementing moves to the Number field', () => {
    // Account with Seq__c, a unique Number field (a double of scale 0) the org fills in order.
    const account = JSON.parse(readFileSync(join(F, 'org', 'account.describe.json'), 'utf8'));
    const erp = account.fields.find((f: { name: string }) => f.name === 'ERP_Number__c');
    const seq = {
      ...erp,
      name: 'Seq__c',
      label: 'Seq',
      type: 'double',
      scale: 0,
      precision: 18,
      nillable: false,
    };
    const work = tempDir();
    const withSeq = join(work, 'account-seq.describe.json');
    writeFileSync(withSeq, JSON.stringify({ ...account, fields: [...account.fields, seq] }));
    const answers = join(work, 'answers.yaml');
    const idNo = 'tables:\n  Account:\n    columns:\n      - name: Id\n        auto_increment: false\n';
    writeFileSync(answers, `${idNo}      - name: Seq__c\n        auto_increment: true\n`);
    const counts = ['--record-counts', join(F, 'record-counts.sf.json')];
    const traits = runCli(['inspect', '--describe', withSeq, ...counts]).stdout;
    const flags = ['--inserts', 'yes', '--updates', 'yes', '--answers', answers];
    const r = runCli(['recommend', '--ndjson', ...flags], { input: traits });
    expect(lines(r.stdout)[0]).toMatchObject({
      table: 'Account',
      status: 'recommended',
      mode: 'timestamp+incrementing',
      body: { config: { incrementing_column_name: 'Seq__c', timestamp_column_name: 'SystemModstamp' } },
    });
    // Id alone, answered not to grow: no incrementing field fits, and the answer says why.
    writeFileSync(answers, idNo);
    const idOnly = join(work, 'account.ndjson');
    writeFileSync(idOnly, inspectObject('account.describe.json', 'record-counts.sf.json'));
    const human = runCli(['recommend', '--traits', idOnly, ...flags]);
    expect(human.stdout).toContain('none: no mode can be recommended');
    expect(human.stdout).toContain(
      'timestamp+incrementing: ineligible; No field of `Account` fits `incrementing_column_name`',
    );
    expect(human.stdout).toContain('`Id` does not grow with each new record (`auto_increment` false');
    expect(human.stdout).not.toContain('Does every new Account record get a higher `Id`');
    expect(databaseWordsIn(human.stdout)).toEqual([]);
  });

  it('a question of several commands (the changes a day) keeps each command under it', () => {
    const traits = join(tempDir(), 'account.ndjson');
    writeFileSync(traits, inspectObject('account.describe.json', 'record-counts.json'));
    const human = runCli(['recommend', '--traits', traits]).stdout;
    const at = human.indexOf('  - Does Account get inserts, updates and deletes');
    const [, ...commands] = human.slice(at).split('\n').slice(0, 4);
    for (const line of commands) expect(line).toMatch(/^ {4}sf data query /);
  });

  it('not replicateable: no mode, and why; the closest is a mode Salesforce can run, never change_tracking', () => {
    const d = advise('login-event.describe.json');
    expect(d).toMatchObject({ status: 'none', mode: null, best: 'full_load' });
    // change_tracking needs a database's change-tracking feature: ranked last, never the closest.
    expect(d.candidates.at(-1).mode).toBe('change_tracking');
    const traits = join(tempDir(), 'login-event.ndjson');
    writeFileSync(traits, inspectObject('login-event.describe.json'));
    const why = runCli(['recommend', '--traits', traits]).stdout;
    expect(why).toContain('Closest: `full_load`, blocked by `table.replicable`');
    expect(why).not.toContain('Closest: `change_tracking`');
    expect(JSON.stringify(d.findings)).toContain('Salesforce does not let `LoginEvent` be replicated');
  });

  it('a formula field: the warning on every mode that reads changes', () => {
    const d = advise(
      'account.describe.json',
      ['--inserts', 'yes', '--updates', 'yes'],
      'record-counts.sf.json',
    );
    const warning = d.findings.findIndex(
      (f: { check: string; message: string }) =>
        f.check === 'capture.calculated_fields' &&
        f.message.includes('`Days_Open__c` of `Account` is a formula'),
    );
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(d.findings[warning].remedy).toContain('Reload `Account` in full from time to time');
    const changeReaders = [
      'timestamp',
      'incrementing',
      'timestamp+incrementing',
      'unique_incrementing',
      'change_tracking',
    ];
    for (const c of d.candidates)
      expect(c.findings.includes(warning), c.mode).toBe(changeReaders.includes(c.mode));
  });
});

describe("the Salesforce examples' output speaks the platform, never the databases", () => {
  const counts = { small: 'record-counts.json', large: 'record-counts.sf.json' };
  /** The History object's 30,000,000 rows (it gets no record count), for single tables and NDJSON alike. */
  const HISTORY_ROWS = join(tempDir(), 'answers.json');
  writeFileSync(HISTORY_ROWS, JSON.stringify({ tables: { AccountHistory: { rows: 30_000_000 } } }));
  /** The examples: describe file, counts file, recommend's flags. */
  const EXAMPLES = [
    ['account.describe.json', counts.small, []],
    ['account.describe.json', counts.large, ['--inserts', 'yes', '--updates', 'yes']],
    ['account-history.describe.json', undefined, ['--answers', HISTORY_ROWS]],
    ['login-event.describe.json', undefined, []],
  ] as const;

  /** The traits file of one example. */
  function traitsOf(file: string, countsFile: string | undefined): string {
    const traits = join(tempDir(), 'object.ndjson');
    writeFileSync(traits, inspectObject(file, countsFile));
    return traits;
  }

  it('recommend (human, --json, --ndjson --detail) and estimate (human, --json)', () => {
    for (const [file, countsFile, flags] of EXAMPLES) {
      const traits = traitsOf(file, countsFile);
      const human = runCli(['recommend', '--traits', traits, ...flags]);
      expect(human.stdout, file).toContain('Why:');
      const json = runCli(['recommend', '--traits', traits, '--json', ...flags]);
      const detail = detailRecords(
        runCli(['recommend', '--ndjson', '--detail', ...flags], { input: readFileSync(traits, 'utf8') })
          .stdout,
      );
      const estimate = runCli(['estimate', '--traits', traits, ...flags]);
      const estimateJson = runCli(['estimate', '--traits', traits, '--json', ...flags]);
      expect(estimate.status, estimate.stderr).toBe(0);
      const outputs = {
        human: human.stdout + human.stderr,
        json: json.stdout,
        detail: detail.records.map((r) => withCitedTexts(r, detail.legend)).join('\n'),
        estimate: estimate.stdout,
        estimateJson: estimateJson.stdout,
      };
      for (const [kind, text] of Object.entries(outputs))
        expect(databaseWordsIn(text), `${file} ${flags.join(' ')}: ${kind}`).toEqual([]);
    }
    // What the words became, where a database would read otherwise.
    const large = runCli([
      'recommend',
      '--traits',
      traitsOf('account.describe.json', counts.large),
      '--json',
    ]);
    expect(large.stdout).toContain(
      '`Account` has 12,000,000 records; `full_load` is usable only when the object has fewer than 5,000,000 records',
    );
    expect(large.stdout).toContain('records deleted in Salesforce may stay in the destination');
    expect(large.stdout).toContain('saved later than the SystemModstamp they carry');
    // A guard against a hang, not a measure: five CLI runs per example passed 60 s at a load of 20 (stop 46).
  }, 600_000);

  it('the report of a plan of objects, and verify of it (describe files): gone, row limit, a field deleted', () => {
    const dir = tempDir();
    const org = join(dir, 'org');
    mkdirSync(org);
    for (const f of ['account.describe.json', 'account-history.describe.json', 'login-event.describe.json'])
      copyFileSync(join(F, 'org', f), join(org, f));
    const answers = join(dir, 'answers.json');
    // Account's insert rate keeps it under the row limit over the horizon: its plan is full_load.
    const tables = { AccountHistory: { rows: 30_000_000 }, Account: { changes: { inserts_per_day: 500 } } };
    writeFileSync(answers, JSON.stringify({ tables }));
    const inspect = runCli(['inspect', '--describe', org, '--record-counts', join(F, counts.small)]);
    const plan = join(dir, 'plan.ndjson');
    writeFileSync(
      plan,
      runCli(['recommend', '--ndjson', '--detail', '--answers', answers], { input: inspect.stdout }).stdout,
    );
    const report = runCli(['report', plan]);
    expect(report.status, report.stderr).toBe(0);
    // The summary's static HTML (the rows are drawn by the page's script from the records above).
    const summary = /<section id="qm-summary"[\s\S]*?<\/section>/.exec(report.stdout)?.[0] ?? '';
    const page = summary.replace(/<[^>]+>/g, '').replace(/&#39;/g, "'");
    expect(page).toContain('2 Salesforce objects have deletes (their describes have IsDeleted');
    expect(databaseWordsIn(page)).toEqual([]);

    // Later: LoginEvent gone, Account past the row limit, AccountHistory without its Id.
    rmSync(join(org, 'login-event.describe.json'));
    const history = JSON.parse(readFileSync(join(org, 'account-history.describe.json'), 'utf8'));
    history.fields = history.fields.filter((f: { name: string }) => f.name !== 'Id');
    writeFileSync(join(org, 'account-history.describe.json'), JSON.stringify(history));
    const later = join(dir, 'counts.json');
    writeFileSync(later, JSON.stringify({ sObjects: [{ name: 'Account', count: 6_000_000 }] }));
    const args = ['verify', plan, '--describe', org, '--record-counts', later, '--answers', answers];
    const human = runCli(args);
    const ndjson = runCli([...args, '--ndjson']);
    expect(human.status).toBe(1);
    expect(human.stdout).toContain('no longer in the org');
    expect(human.stdout).toContain('`Account` has 6,000,000 records');
    expect(human.stdout).toContain('`AccountHistory` has no field `Id`');
    for (const [kind, text] of Object.entries({ human: human.stdout + human.stderr, ndjson: ndjson.stdout }))
      expect(databaseWordsIn(text), kind).toEqual([]);
  });
});
