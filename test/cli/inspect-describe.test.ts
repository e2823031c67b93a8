/**
 * `inspect --describe` through the built CLI, and the expected answers of issue 40 from the
 * recorded describe shapes (packages/introspect/test/fixtures/salesforce/).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const F = fileURLToPath(new URL('../../packages/introspect/test/fixtures/salesforce', import.meta.url));

const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('inspect --describe', () => {
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
