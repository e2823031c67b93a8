/**
 * `inspect --describe` through the built CLI, and the expected answers of issue 40 from the
 * recorded describe shapes (packages/introspect/test/fixtures/salesforce/).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ndjsonRecords, runCli, tempDir } from './run-cli.js';

const F = fileURLToPath(new URL('../../packages/introspect/test/fixtures/salesforce', import.meta.url));

const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    const inspect = runCli([
      'inspect',
      '--describe',
      join(F, 'org', describeFile),
      ...(counts === undefined ? [] : ['--record-counts', join(F, counts)]),
    ]);
    expect(inspect.status).toBe(0);
    const r = runCli(['recommend', '--ndjson', '--detail', ...args], { input: inspect.stdout });
    return ndjsonRecords(r.stdout).filter((l) => typeof l.table === 'string')[0];
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
    expect(d.candidates.find((c: { mode: string }) => c.mode === 'timestamp+incrementing')).toMatchObject({
      status: 'needs_facts',
      body: { config: { timestamp_column_name: 'SystemModstamp', incrementing_column_name: 'Id' } },
    });
    expect(d.candidates.find((c: { mode: string }) => c.mode === 'timestamp')?.misses).toEqual(['inserts']);
  });

  it('not replicateable: no mode, and why', () => {
    const d = advise('login-event.describe.json');
    expect(d).toMatchObject({ status: 'none', mode: null });
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

describe('the human output of the Salesforce examples speaks the platform', () => {
  /** Database words where Salesforce has its own: DDL, a trigger, the database's log, a deleted_at column, SQL. */
  const DATABASE_WORDS =
    /\bDDL\b|\bALTER\b|\btrigger\b|ON UPDATE|database's log|deleted_at|\bSQL\b(?! pipelines)/;

  it('recommend names no DDL, trigger, database log or soft-delete column for the objects', () => {
    const counts = { small: 'record-counts.json', large: 'record-counts.sf.json' };
    const runs = [
      ['account.describe.json', counts.small, []],
      ['account.describe.json', counts.large, ['--inserts', 'yes', '--updates', 'yes']],
      ['account-history.describe.json', undefined, ['--rows', '30000000']],
      ['login-event.describe.json', undefined, []],
    ] as const;
    for (const [file, countsFile, flags] of runs) {
      const inspect = runCli([
        'inspect',
        '--describe',
        join(F, 'org', file),
        ...(countsFile === undefined ? [] : ['--record-counts', join(F, countsFile)]),
      ]);
      const traits = join(tempDir(), 'object.ndjson');
      writeFileSync(traits, inspect.stdout);
      const r = runCli(['recommend', '--traits', traits, ...flags]);
      expect(r.stdout, file).toContain('Why:');
      const found = r.stdout.split('\n').filter((l) => DATABASE_WORDS.test(l));
      expect(found, `${file} ${flags.join(' ')}`).toEqual([]);
    }
  });
});
