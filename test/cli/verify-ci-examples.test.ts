/**
 * The CI examples run as written: the commands of examples/ci/gitlab-ci.yml and
 * examples/ci/github-actions.yml (its migration step) and the script of action.yml's verify step,
 * run by bash from a copy of the example project, against the test PostgreSQL server (the
 * project's schema renamed to a fresh one, since the server is shared) and with `--sql` (the
 * embedded PostgreSQL): the plan holds after the project's migrations, and a migration that drops
 * a trigger breaks it (exit 1). Installing querymode (`npm install`) is the one step not run: the
 * built bin is on the PATH instead.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshName, PG_URL, withPostgres } from '../../packages/introspect/test/support/servers.js';
import { BIN, tempDir } from './run-cli.js';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The `script:` lines of a GitLab job. */
function gitlabScript(job: string): string[] {
  const text = read('examples/ci/gitlab-ci.yml');
  const body = text.slice(text.indexOf(`\n${job}:\n`) + job.length + 3);
  const script = body.slice(body.indexOf('  script:\n') + 10);
  const lines: string[] = [];
  for (const line of script.split('\n')) {
    if (!line.startsWith('    - ')) break;
    lines.push(line.slice(6));
  }
  return lines;
}

/** The `run:` line of the step named `name` in the GitHub workflow. */
function workflowRun(name: string): string {
  const text = read('examples/ci/github-actions.yml');
  const after = text.slice(text.indexOf(`- name: ${name}\n`));
  const match = /\n\s+run: (.*)\n/.exec(after);
  if (match?.[1] === undefined) throw new Error(`no run: in step ${name}`);
  return match[1];
}

/** The script of action.yml's step `id: verify` (its `run: |` block). */
function actionScript(): string {
  const text = read('action.yml');
  const step = text.slice(text.indexOf('id: verify'));
  const block = step.slice(step.indexOf('run: |\n') + 7);
  const lines: string[] = [];
  for (const line of block.split('\n')) {
    if (!line.startsWith('        ')) break;
    lines.push(line.slice(8));
  }
  return lines.join('\n');
}

/** A copy of the example project, with `querymode` on the PATH; `schema` renames the project's schema `app`. */
function project(schema = 'app'): { dir: string; path: string } {
  const dir = tempDir();
  cpSync(join(root, 'examples', 'ci', 'project'), dir, { recursive: true });
  if (schema !== 'app') {
    for (const file of [
      'db/migrations/001_create_orders.sql',
      'db/migrations/002_order_notes.sql',
      'querymode-plan.ndjson',
    ]) {
      const path = join(dir, file);
      writeFileSync(
        path,
        readFileSync(path, 'utf8')
          .replaceAll(/\bapp\./g, `${schema}.`)
          .replaceAll('SCHEMA app;', `SCHEMA ${schema};`)
          .replaceAll('"schema":"app"', `"schema":"${schema}"`),
      );
    }
  }
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'querymode'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'querymode'), 0o755);
  return { dir, path: `${bin}:${process.env.PATH ?? ''}` };
}

function bash(script: string, where: { dir: string; path: string }, env: Record<string, string> = {}) {
  return spawnSync('bash', ['--norc', '--noprofile', '-o', 'pipefail', '-c', script], {
    cwd: where.dir,
    encoding: 'utf8',
    env: { PATH: where.path, NO_COLOR: '1', HOME: where.dir, ...env },
    timeout: 240_000,
  });
}

const DROP_TRIGGER = (schema: string) => `DROP TRIGGER touch ON ${schema}.orders;\n`;

// Each run starts an embedded PostgreSQL: seconds on an idle machine, tens of them on a loaded one.
const PGLITE_TIMEOUT = 300_000;

describe('the CI examples, with no server (--sql)', () => {
  it(
    "GitLab's job passes after the migrations, and fails once a migration drops a planned trigger",
    () => {
      const p = project();
      const [command] = gitlabScript('querymode-verify-without-a-server');
      expect(command).toBe('querymode verify querymode-plan.ndjson --sql db/migrations');
      const r = bash(command as string, p);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe('verify: holds: every planned table holds');
      writeFileSync(join(p.dir, 'db/migrations/003_drop_trigger.sql'), DROP_TRIGGER('app'));
      const broken = bash(command as string, p);
      expect(broken.status).toBe(1);
      expect(broken.stdout).toMatch(/^broken {6}app\.orders {2}timestamp\+incrementing/m);
    },
    PGLITE_TIMEOUT,
  );

  it(
    "action.yml's verify step does the same from its inputs",
    () => {
      const p = project();
      const inputs = {
        QUERYMODE_PLAN: 'querymode-plan.ndjson',
        QUERYMODE_SQL: 'db/migrations',
        QUERYMODE_STRICT: 'true',
        QUERYMODE_DATABASE_URL: '',
      };
      const r = bash(actionScript(), p, inputs);
      expect(r.status, r.stderr).toBe(0);
      writeFileSync(join(p.dir, 'db/migrations/003_drop_trigger.sql'), DROP_TRIGGER('app'));
      expect(bash(actionScript(), p, inputs).status).toBe(1);
    },
    PGLITE_TIMEOUT,
  );
});

describe('the CI examples, against a service database (the test PostgreSQL)', () => {
  const schema = freshName('qm_t');
  afterAll(() => withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)));

  it("the migrations of the workflow, then GitLab's job and action.yml's step: holds, then broken", async () => {
    const p = project(schema);
    const env = { DATABASE_URL: PG_URL };
    const migrate = bash(workflowRun('Run the migrations'), p, env);
    expect(migrate.status, migrate.stderr).toBe(0);
    const [migrations, verify] = gitlabScript('querymode-verify');
    expect(migrations).toBe(workflowRun('Run the migrations'));
    const r = bash(verify as string, p, env);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const inputs = {
      QUERYMODE_PLAN: 'querymode-plan.ndjson',
      QUERYMODE_DATABASE_URL: PG_URL,
      QUERYMODE_SQL: '',
      QUERYMODE_STRICT: 'true',
    };
    expect(bash(actionScript(), p, inputs).status).toBe(0);
    await withPostgres((c) => c.query(DROP_TRIGGER(schema)));
    const broken = bash(verify as string, p, env);
    expect(broken.status).toBe(1);
    expect(broken.stdout.split('\n')[0]).toBe('verify: broken: 1 planned table broken');
    // GitLab's job keeps its JUnit report (artifacts:reports:junit): the broken table fails there.
    expect(readFileSync(join(p.dir, 'querymode-verify.xml'), 'utf8')).toContain('<failure type="broken"');
    expect(broken.stdout + broken.stderr).not.toContain('qm_test:qm_test');
    // SARIF on stdout and JUnit XML in a file, from the same run: the same broken table, no secret.
    const formats = bash(
      'querymode verify querymode-plan.ndjson "$DATABASE_URL" --format sarif --junit verify.xml',
      p,
      env,
    );
    expect(formats.status, formats.stderr).toBe(1);
    const sarif = JSON.parse(formats.stdout) as {
      runs: { results: { ruleId: string; level: string; properties: { table: string } }[] }[];
    };
    const results = sarif.runs[0]?.results ?? [];
    expect(results.map((x) => x.level)).toEqual(['error']);
    expect(results[0]?.ruleId).toMatch(/^broken\//);
    const junit = readFileSync(join(p.dir, 'verify.xml'), 'utf8');
    expect(junit).toContain(`name="${results[0]?.properties.table}"`);
    expect(junit.match(/<failure type="broken"/g)).toHaveLength(1);
    // A JUnit target that cannot be written is a usage error, said before any table is read.
    const refused = bash('querymode verify querymode-plan.ndjson "$DATABASE_URL" --junit .', p, env);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    const plan = readFileSync(join(p.dir, 'querymode-plan.ndjson'), 'utf8');
    const onPlan = bash(
      'querymode verify querymode-plan.ndjson "$DATABASE_URL" --junit querymode-plan.ndjson',
      p,
      env,
    );
    expect(onPlan.status).toBe(2);
    expect(readFileSync(join(p.dir, 'querymode-plan.ndjson'), 'utf8')).toBe(plan);
    for (const text of [formats.stdout, formats.stderr, junit]) {
      expect(text).not.toContain('qm_test:qm_test');
      expect(text).not.toContain('postgres://');
    }
  });
});
