/**
 * Every output record the CLI prints validates against its schema in core (`OUTPUT_SCHEMAS`,
 * `querymode schema <kind>`), as real runs of the built bin print them: each kind of record, and
 * each status of the records that have several. The last test checks that every kind was seen.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUTPUT_KINDS, type OutputKind } from '@querymode/core';
import { OUTPUT_SCHEMAS, tableTraitsSchema } from '@querymode/core/schemas';
import { startMockServer } from '@querymode/mock';
import { describe, expect, it } from 'vitest';
import { runCli, startBin, tempDir } from './run-cli.js';
import { EMBEDDED_TIMEOUT } from './sample-shop.js';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const TRAITS = join(EXAMPLES, 'orders.traits.json');

const seen = new Set<string>();

/** Holds `value` to the schema of `kind`, and notes the kind (and `status`, when it has one) as seen. */
function expectValid(kind: OutputKind, value: unknown): void {
  const parsed = OUTPUT_SCHEMAS[kind].safeParse(value);
  expect(parsed.success, `${kind}: ${JSON.stringify(parsed.error?.issues)}\n${JSON.stringify(value)}`).toBe(
    true,
  );
  seen.add(kind);
  const status = (value as { status?: unknown }).status;
  if (typeof status === 'string') seen.add(`${kind}:${status}`);
}

const records = (stdout: string): unknown[] =>
  stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('the outputs of the advisor', () => {
  it('recommend --json', () => {
    const r = runCli(['recommend', '--traits', TRAITS, '--json']);
    expect(r.status, r.stderr).not.toBe(2);
    expectValid('recommendation', JSON.parse(r.stdout));
  });

  it('recommend --ndjson, each level of detail, and the records of lines that failed', () => {
    const input = `${readFileSync(join(EXAMPLES, 'tables.ndjson'), 'utf8')}not json\n{"rows": -1}\n[]\n`;
    for (const level of [[], ['--reasons'], ['--detail']]) {
      const r = runCli(['recommend', '--ndjson', ...level], { input });
      const out = records(r.stdout);
      expect(out.length).toBeGreaterThan(3);
      // `--detail` starts with its legend, the texts its records cite by key.
      if (level[0] === '--detail') expectValid('ndjson-legend', out.shift());
      for (const record of out) expectValid('ndjson-record', record);
    }
    expect(seen).toContain('ndjson-record:error');
  });

  it('estimate --json, every mode and a few', () => {
    for (const modes of [[], ['--mode', 'timestamp', '--mode', 'full_load']]) {
      const r = runCli(['estimate', '--traits', TRAITS, ...modes, '--json']);
      expect(r.status, r.stderr).toBe(0);
      expectValid('estimate', JSON.parse(r.stdout));
    }
  });

  it('plan --json', () => {
    const r = runCli(['plan', '--from', 'full_load', '--to', 'timestamp', '--traits', TRAITS, '--json']);
    expect(r.status, r.stderr).not.toBe(2);
    expectValid('plan', JSON.parse(r.stdout));
  });
});

describe('the outputs of a database', () => {
  // One start of the embedded database: the lines of `inspect` (NDJSON, the default) are the
  // `tables` of `--json`, each written by JSON.stringify.
  it(
    'inspect --json (its tables are the lines of inspect: table traits)',
    () => {
      const json = runCli(['inspect', '--sample-shop', '--json']);
      expect(json.status, json.stderr).toBe(0);
      const document = JSON.parse(json.stdout) as { tables: unknown[] };
      expectValid('inspect', document);
      expect(document.tables.length).toBeGreaterThan(0);
      for (const t of document.tables)
        expect(tableTraitsSchema.safeParse(t).success, JSON.stringify(t)).toBe(true);
    },
    EMBEDDED_TIMEOUT,
  );

  it('verify --ndjson', () => {
    const dir = tempDir();
    cpSync(join(EXAMPLES, 'ci', 'project'), dir, { recursive: true });
    writeFileSync(join(dir, 'db', 'migrations', '003_break.sql'), 'DROP TRIGGER touch ON app.orders;\n');
    const args = ['verify', join(dir, 'querymode-plan.ndjson'), '--sql', join(dir, 'db', 'migrations')];
    const ndjson = runCli([...args, '--ndjson']);
    const out = records(ndjson.stdout);
    expect(out.length, ndjson.stderr).toBeGreaterThan(0);
    for (const record of out) expectValid('verify-record', record);
  });
});

describe('the records of apply', () => {
  it('a dry run (would_apply), a plan with invalid records (invalid, not_sent)', () => {
    const dry = runCli(['apply', join(EXAMPLES, 'apply', 'plan.ndjson')]);
    expect(dry.status, dry.stderr).toBe(0);
    for (const record of records(dry.stdout)) expectValid('apply-record', record);
    const invalid = runCli(['apply', join(EXAMPLES, 'apply', 'recommended.ndjson')]);
    expect(invalid.status, invalid.stderr).toBe(1);
    const bad = `{"pipeline_id":"p","object_name":"o","config":{"mode":"timestamp"}}\nnot json\n`;
    const more = runCli(['apply', '-'], { input: bad });
    for (const record of [...records(invalid.stdout), ...records(more.stdout)])
      expectValid('apply-record', record);
    expect(seen).toContain('apply-record:invalid');
    expect(seen).toContain('apply-record:not_sent');
  });

  it('a run against the mock (applied, failed), and a rerun with its journal (skipped)', async () => {
    const server = await startMockServer({ rateLimit: false, seed: 3 });
    try {
      const env = {
        QUERYMODE_BASE_URL: server.url,
        QUERYMODE_API_KEY: server.api.credentials.key,
        QUERYMODE_API_SECRET: server.api.credentials.secret,
      };
      const pipeline = server.api.state.pipelineIds[0] as string;
      // An object the mock does not have (failed: not found), named with hostile characters.
      const hostile = 'no "such" \\ $$ object\n\u202e';
      const plan = [...server.api.state.objectNames(pipeline).slice(0, 2), hostile].map((name) =>
        JSON.stringify({ pipeline_id: pipeline, object_name: name, config: { mode: 'full_load' } }),
      );
      const dir = tempDir();
      const file = join(dir, 'plan.ndjson');
      writeFileSync(file, `${plan.join('\n')}\n`);
      const journal = join(dir, 'journal.ndjson');
      const sent = await startBin(['apply', file, '--yes', '--journal', journal], env).done;
      expect(sent.status, sent.stderr).toBe(1);
      const rerun = await startBin(['apply', file, '--journal', journal], env).done;
      for (const record of [...records(sent.stdout), ...records(rerun.stdout)])
        expectValid('apply-record', record);
      const failed = records(sent.stdout).find((r) => (r as { status: string }).status === 'failed');
      expect(failed).toMatchObject({ object_name: hostile, error: { kind: 'not_found' } });
    } finally {
      await server.close();
    }
    expect(seen).toContain('apply-record:applied');
    expect(seen).toContain('apply-record:failed');
    expect(seen).toContain('apply-record:skipped');
  });
});

it('saw every kind of output record', () => {
  expect(OUTPUT_KINDS.filter((kind) => !seen.has(kind))).toEqual([]);
});
