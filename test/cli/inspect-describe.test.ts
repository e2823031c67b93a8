/**
 * `inspect --describe` through the built CLI, and the expected answers of issue 40 from the
 * recorded describe shapes (packages/introspect/test/fixtures/salesforce/).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

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

  it('Account with 200,000 records: full_load recommended', () => {
    const inspect = runCli([
      'inspect',
      '--describe',
      join(F, 'org', 'account.describe.json'),
      '--record-counts',
      join(F, 'record-counts.json'),
    ]);
    const r = runCli(['recommend', '--ndjson'], { input: inspect.stdout });
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
