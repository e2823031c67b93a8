/**
 * The CI examples run as written: the commands of examples/ci/gitlab-ci.yml, the migration steps
 * of examples/ci/github-actions.yml and the script of action.yml's verify step (with the inputs
 * the workflow gives it, the others at action.yml's defaults) run by bash from a copy of the
 * example project, against the test PostgreSQL and MariaDB servers (the project's schema renamed
 * to a fresh one, since the servers are shared; the credentials are the test servers') and with
 * `--sql` (the embedded PostgreSQL). On each: the plan holds after the project's migrations; a
 * migration that adds a table (named with quotes, a backslash, `$$`, a newline and a bidi
 * control) and drops one gives `new` and `gone` (exit 0, 1 with --strict); one that then drops
 * the trigger that set `orders.updated_at`, renames the planned column of `customers` (to a
 * hostile name) and makes the planned column of `payments` nullable breaks those three (exit 1),
 * in the human output, the JUnit file and the SARIF file the workflow uploads. Each CI run starts
 * from a fresh database, so each step here drops the schema and runs every migration again.
 * Installing querymode (`npm install`) is the one step not run: the built bin is on the PATH.
 * Each committed example plan is also remade as docs/verify.md makes it (from the migrations and
 * the project's answers.yaml) and compared with the committed file, so a stale plan fails here.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freshName,
  MYSQL_URL,
  PG_URL,
  withMysql,
  withPostgres,
} from '../../packages/introspect/test/support/servers.js';
import { BIN, tempDir } from './run-cli.js';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** The lines under `head` (a whole line of the file, with its indentation): those indented deeper. */
function block(lines: readonly string[], head: string): string[] {
  const start = lines.indexOf(head);
  if (start < 0) throw new Error(`no line ${JSON.stringify(head)}`);
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() !== '' && indentOf(line) <= indentOf(head)) break;
    out.push(line);
  }
  return out;
}

/** The `key: value` lines of a block at one indentation, as a map (quotes around a value removed). */
function keyValues(lines: readonly string[], indent: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines) {
    const m = /^([\w-]+): (.*)$/.exec(line.slice(indent));
    if (indentOf(line) === indent && m?.[1] !== undefined && m[2] !== undefined)
      out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return out;
}

const gitlab = read('examples/ci/gitlab-ci.yml').split('\n');
const workflow = read('examples/ci/github-actions.yml').split('\n');
const action = read('action.yml').split('\n');

/** A GitLab job: its `script:` lines and its `variables:`. */
function gitlabJob(job: string): { script: string[]; variables: Record<string, string> } {
  const body = block(gitlab, `${job}:`);
  return {
    script: block(body, '  script:').map((l) => l.replace(/^ {4}- /, '')),
    variables: body.includes('  variables:') ? keyValues(block(body, '  variables:'), 4) : {},
  };
}

/** A job of the GitHub workflow: its `env:`, a step's `run:` line, and the `with:` of its querymode step. */
function workflowJob(job: string) {
  const body = block(workflow, `  ${job}:`);
  const step = (name: string) => block(body, `      - name: ${name}`);
  const env = body.includes('    env:') ? keyValues(block(body, '    env:'), 6) : {};
  const run = (name: string): string => {
    const line = step(name).find((l) => l.startsWith('        run: '));
    if (line === undefined) throw new Error(`no run: in step ${name} of ${job}`);
    return line.slice('        run: '.length);
  };
  const inputs = keyValues(block(step('Verify the query-mode plan'), '        with:'), 10);
  return { env, run, inputs };
}

/**
 * action.yml's verify step as GitHub runs it: its script, and its environment from the inputs the
 * workflow gives (`${{ env.X }}` read from the job's environment), the others at their defaults.
 */
function actionStep(inputs: Record<string, string>, jobEnv: Record<string, string>) {
  const declared = block(action, 'inputs:').filter((l) => indentOf(l) === 2);
  const defaults: Record<string, string> = {};
  for (const line of declared) {
    const name = line.trim().replace(/:$/, '');
    defaults[name] = keyValues(block(action, line), 4).default ?? '';
  }
  const step = block(action, '    - name: Verify the plan');
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(keyValues(block(step, '      env:'), 8))) {
    const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(value)?.[1] ?? '';
    env[name] = (inputs[input] ?? defaults[input] ?? '').replace(
      /\$\{\{ env\.(\w+) \}\}/g,
      (_, v: string) => jobEnv[v] ?? '',
    );
  }
  const script = block(step, '      run: |')
    .map((l) => l.slice(8))
    .join('\n');
  return { script, env };
}

/**
 * A copy of an example project, with `querymode` on the PATH; `schema` renames the project's schema
 * `app` (in its migrations, its plan and its answers file).
 */
function project(name: string, schema: string): { dir: string; path: string } {
  const dir = tempDir();
  cpSync(join(root, 'examples', 'ci', name), dir, { recursive: true });
  const rename = (file: string) => {
    const path = join(dir, file);
    writeFileSync(
      path,
      readFileSync(path, 'utf8')
        .replaceAll(/\bapp\./g, `${schema}.`)
        .replaceAll(/(SCHEMA|DATABASE) app;/g, `$1 ${schema};`)
        .replaceAll('"schema":"app"', `"schema":"${schema}"`),
    );
  };
  if (schema !== 'app')
    for (const file of [
      ...readdirSync(join(dir, 'db', 'migrations')).map((f) => `db/migrations/${f}`),
      'querymode-plan.ndjson',
      'answers.yaml',
    ])
      rename(file);
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

/** The added table: quotes, a backslash, `$$`, a semicolon, a newline, a bidi control. */
const ADDED = 'refunds "q" \\ $$ ;\n\u202e';
/** The new name of the planned column of `customers`. */
const RENAMED = 'changed at "q" \\ $$';

/** The migrations of each dialect, written into db/migrations of the copy. */
interface Dialect {
  /** Adds a table and drops one: `new` and `gone`. */
  readonly addAndDrop: (s: string) => string;
  /** Drops the trigger of `orders`, renames the planned column of `customers`, makes `payments.ref` nullable: three `broken`. */
  readonly breakThree: (s: string) => string;
}

const pgName = (name: string) => `"${name.replaceAll('"', '""')}"`;
const myName = (name: string) => `\`${name.replaceAll('`', '``')}\``;

const POSTGRES: Dialect = {
  addAndDrop: (s) =>
    `DROP TABLE ${s}.order_events;\nCREATE TABLE ${s}.${pgName(ADDED)} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, order_id bigint NOT NULL);\n`,
  breakThree: (s) =>
    `DROP TRIGGER touch ON ${s}.orders;\nALTER TABLE ${s}.customers RENAME COLUMN updated_at TO ${pgName(RENAMED)};\nALTER TABLE ${s}.payments ALTER COLUMN ref DROP NOT NULL;\n`,
};

const MARIADB: Dialect = {
  addAndDrop: (s) =>
    `DROP TABLE ${s}.order_events;\nCREATE TABLE ${s}.${myName(ADDED)} (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, order_id BIGINT NOT NULL);\n`,
  breakThree: (s) =>
    `DROP TRIGGER ${s}.touch_orders;\nALTER TABLE ${s}.customers RENAME COLUMN updated_at TO ${myName(RENAMED)};\nALTER TABLE ${s}.payments MODIFY ref CHAR(36) NULL;\n`,
};

const addMigration = (dir: string, file: string, sql: string) =>
  writeFileSync(join(dir, 'db', 'migrations', file), sql);

/** The verdict words of the human output's table lines, in order. */
const verdictsOf = (stdout: string): string[] =>
  stdout
    .trimEnd()
    .split('\n')
    .slice(1, -1)
    .map((l) => l.split(/\s+/)[0] ?? '');

/** After `addAndDrop`, the strict run's output: new and gone, the added table's name on its line, shown as text. */
function expectNewAndGone(stdout: string): void {
  expect(stdout.split('\n')[0]).toBe(
    'verify: new: nothing broken, and --strict fails on unverified, new and gone tables',
  );
  expect(verdictsOf(stdout)).toEqual(['new', 'gone']);
  // The name quoted for its dialect, then shown as text: the backslash doubled, the newline and
  // the bidi control written as escapes, all on the table's line.
  expect(stdout.split('\n')[1]).toMatch(/^new {9}\S+\.\S*refunds /);
  expect(stdout.split('\n')[1]).toContain(' \\\\ $$ ;\\n\\u202e');
  expect(stdout).toMatch(/^gone {8}\S+\.order_events {2}planned incrementing/m);
  expect(stdout).not.toContain('\u202e');
}

/** After `breakThree`: the three broken tables, by rule, then the new and the gone one. */
function expectThreeBroken(stdout: string): void {
  expect(stdout.split('\n')[0]).toBe('verify: broken: 3 planned tables broken');
  expect(verdictsOf(stdout)).toEqual(['broken', 'broken', 'broken', 'new', 'gone']);
  const broken = stdout.split('\n').filter((l) => l.startsWith('broken'));
  expect(broken.find((l) => l.includes('.customers '))).toMatch(
    /timestamp\+incrementing column\.exists: .* has no column `updated_at`/,
  );
  expect(broken.find((l) => l.includes('.orders '))).toMatch(
    /timestamp\+incrementing\.change_data_capture: .*\[columns\."updated_at"\.set_on_update: true in the plan, false now\]/,
  );
  expect(broken.find((l) => l.includes('.payments '))).toMatch(
    /unique_incrementing unique_incrementing\.column_not_null: .*\[columns\."ref"\.nullable: false in the plan, true now\]/,
  );
}

const SECRETS = ['qm_test:qm_test', 'postgres://', 'mysql://', 'MYSQL_PWD'];
const expectNoSecret = (...texts: string[]) => {
  for (const text of texts) for (const secret of SECRETS) expect(text).not.toContain(secret);
};

interface Server {
  readonly name: string;
  /** The example project's folder under examples/ci. */
  readonly project: string;
  readonly gitlabJob: string;
  readonly workflowJob: string;
  readonly migrateStep: string;
  /** The test server's credentials, in place of the examples' service containers'. */
  readonly env: Record<string, string>;
  readonly dialect: Dialect;
  readonly drop: (schema: string) => Promise<unknown>;
}

const SERVERS: readonly Server[] = [
  {
    name: 'PostgreSQL',
    project: 'project',
    gitlabJob: 'querymode-verify',
    workflowJob: 'against-a-service-database',
    migrateStep: 'Run the migrations',
    env: { DATABASE_URL: PG_URL },
    dialect: POSTGRES,
    drop: (schema) => withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)),
  },
  {
    name: 'MariaDB',
    project: 'project-mariadb',
    gitlabJob: 'querymode-verify-mariadb',
    workflowJob: 'against-a-mariadb-database',
    migrateStep: 'Run the MariaDB migrations',
    env: { DB_HOST: '127.0.0.1', DB_USER: 'qm_test', MYSQL_PWD: 'qm_test', DATABASE_URL: MYSQL_URL },
    dialect: MARIADB,
    drop: (schema) => withMysql((c) => c.query(`DROP DATABASE IF EXISTS \`${schema}\``)),
  },
];

for (const server of SERVERS) {
  describe(`the CI examples, against a service database (the test ${server.name} server)`, () => {
    const schema = freshName('qm_t');
    afterAll(() => server.drop(schema));

    it('holds after the migrations; new and gone (exit 1 with --strict, 0 without); three broken (exit 1)', async () => {
      const p = project(server.project, schema);
      const job = workflowJob(server.workflowJob);
      const jobEnv = { ...job.env, ...server.env };
      const { script, variables } = gitlabJob(server.gitlabJob);
      const [migrations, verify] = script;
      // GitLab's job and the workflow run the same migrations.
      expect(migrations).toBe(job.run(server.migrateStep));
      const gitlabEnv = { ...variables, ...server.env };
      /** A fresh database, as each CI run has, migrated by the workflow's step. */
      const migrate = async () => {
        await server.drop(schema);
        const r = bash(job.run(server.migrateStep), p, jobEnv);
        expect(r.status, r.stderr).toBe(0);
      };
      const step = actionStep(job.inputs, jobEnv);

      await migrate();
      const holds = bash(verify as string, p, gitlabEnv);
      expect(holds.status, holds.stdout + holds.stderr).toBe(0);
      expect(holds.stdout.split('\n')[0]).toBe('verify: holds: every planned table holds');
      expect(holds.stdout).toMatch(
        /^summary: 4 tables: 0 broken, 0 unverified, 0 new, 0 gone, 0 better, 4 hold$/m,
      );
      expect(bash(step.script, p, step.env).status).toBe(0);

      addMigration(p.dir, '003_refunds.sql', server.dialect.addAndDrop(schema));
      await migrate();
      const added = bash(verify as string, p, gitlabEnv);
      expect(added.status, added.stderr).toBe(1);
      expectNewAndGone(added.stdout);
      // The same action without `strict` (its default) reports them and passes.
      const lenient = actionStep({ ...job.inputs, strict: 'false' }, jobEnv);
      expect(bash(lenient.script, p, lenient.env).status).toBe(0);

      addMigration(p.dir, '004_risky.sql', server.dialect.breakThree(schema));
      await migrate();
      const broken = bash(verify as string, p, gitlabEnv);
      expect(broken.status).toBe(1);
      expectThreeBroken(broken.stdout);
      // GitLab's job keeps its JUnit report (artifacts:reports:junit): the broken tables fail there.
      const junit = readFileSync(join(p.dir, 'querymode-verify.xml'), 'utf8');
      expect(junit.match(/<failure type="broken"/g)).toHaveLength(3);
      // action.yml's step with the workflow's inputs, and GitHub's step summary file.
      const summary = join(p.dir, 'step-summary.md');
      const run = bash(step.script, p, { ...step.env, GITHUB_STEP_SUMMARY: summary });
      expect(run.status, run.stderr).toBe(1);
      expect(readFileSync(summary, 'utf8')).toMatch(/broken/);
      if (job.inputs.format === 'sarif') {
        // The SARIF file the workflow uploads to code scanning: one result per finding, each
        // under the stable id of its rule and verdict; --strict makes new and gone errors too.
        const sarifText = readFileSync(join(p.dir, job.inputs.output as string), 'utf8');
        const sarif = JSON.parse(sarifText) as {
          runs: { results: { ruleId: string; level: string; properties: { table: string } }[] }[];
        };
        const results = sarif.runs[0]?.results ?? [];
        expect(new Set(results.map((r) => r.ruleId))).toEqual(
          new Set([
            'broken/column.exists',
            'broken/timestamp+incrementing.change_data_capture',
            'broken/unique_incrementing.column_not_null',
            'new',
            'gone',
          ]),
        );
        expect(new Set(results.map((r) => r.level))).toEqual(new Set(['error']));
        expect(readFileSync(join(p.dir, job.inputs.junit as string), 'utf8')).toBe(junit);
        expectNoSecret(sarifText);
      } else expect(run.stdout).toMatch(/^::error /m);
      expectNoSecret(
        holds.stdout,
        holds.stderr,
        added.stdout,
        broken.stdout,
        broken.stderr,
        run.stdout,
        run.stderr,
        junit,
      );
    }, 240_000);
  });
}

// Each run starts an embedded PostgreSQL: seconds on an idle machine, tens of them on a loaded one.
const PGLITE_TIMEOUT = 600_000;

describe('the CI examples, with no server (--sql)', () => {
  it(
    "GitLab's job and the workflow's step: holds; new and gone (exit 0, 1 with --strict); three broken (exit 1)",
    () => {
      const p = project('project', 'app');
      const [command] = gitlabJob('querymode-verify-without-a-server').script;
      expect(command).toBe('querymode verify querymode-plan.ndjson --sql db/migrations');
      const job = workflowJob('without-a-server');
      expect(job.inputs).toEqual({ plan: 'querymode-plan.ndjson', sql: 'db/migrations' });
      const step = actionStep(job.inputs, {});
      const holds = bash(step.script, p, step.env);
      expect(holds.status, holds.stderr).toBe(0);

      addMigration(p.dir, '003_refunds.sql', POSTGRES.addAndDrop('app'));
      const added = bash(command as string, p);
      expect(added.status, added.stderr).toBe(0);
      expect(added.stdout.split('\n')[0]).toBe('verify: new: nothing broken');
      expect(verdictsOf(added.stdout)).toEqual(['new', 'gone']);
      const strict = actionStep({ ...job.inputs, strict: 'true', format: 'text' }, {});
      const strictRun = bash(strict.script, p, strict.env);
      expect(strictRun.status).toBe(1);
      expectNewAndGone(strictRun.stdout);

      addMigration(p.dir, '004_risky.sql', POSTGRES.breakThree('app'));
      const broken = bash(command as string, p);
      expect(broken.status).toBe(1);
      expectThreeBroken(broken.stdout);
    },
    PGLITE_TIMEOUT,
  );
});

/**
 * How each example plan is made (docs/verify.md, "Make the plan once"): the project's tables read,
 * then recommended with the facts of its answers file. The test servers are shared, so the server's
 * read is narrowed to the project's (renamed) schema.
 */
const MAKE_PLAN = 'querymode recommend --ndjson --detail --answers answers.yaml > querymode-plan.ndjson';
const MAKE_PLAN_WITH_SQL = `querymode inspect --sql db/migrations | ${MAKE_PLAN}`;
const MAKE_PLAN_FROM_SERVER = `querymode inspect "$DATABASE_URL" --schema "$SCHEMA" | ${MAKE_PLAN}`;

const STALE = 'the committed plan is stale: remake it as docs/verify.md says ("Make the plan once")';

/** Every record of a plan (after its legend) recommends a mode: the answers file left no table `needs_facts`. */
function expectEveryTablePlanned(plan: string): void {
  const records = plan
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind?: string; table?: string; status?: string });
  expect(records[0]?.kind).toBe('legend');
  expect(records.slice(1).map((r) => [r.table, r.status])).toEqual(
    ['customers', 'order_events', 'orders', 'payments'].map((t) => [`app.${t}`, 'recommended']),
  );
}

describe('the committed example plans are not stale', () => {
  it(
    'PostgreSQL: remade from the migrations (--sql) and answers.yaml, it is the committed plan byte for byte',
    () => {
      const p = project('project', 'app');
      const committed = readFileSync(join(p.dir, 'querymode-plan.ndjson'), 'utf8');
      const r = bash(MAKE_PLAN_WITH_SQL, p);
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(p.dir, 'querymode-plan.ndjson'), 'utf8'), STALE).toBe(committed);
      expectEveryTablePlanned(committed);
    },
    PGLITE_TIMEOUT,
  );

  const mariadb = SERVERS.find((s) => s.name === 'MariaDB') as Server;
  const schema = freshName('qm_t');
  afterAll(() => mariadb.drop(schema));

  it('MariaDB: remade from the test server migrated by the workflow, it is the committed plan (but `reader`)', async () => {
    const p = project(mariadb.project, schema);
    const job = workflowJob(mariadb.workflowJob);
    const env = { ...job.env, ...mariadb.env, SCHEMA: schema };
    await mariadb.drop(schema);
    const migrated = bash(job.run(mariadb.migrateStep), p, env);
    expect(migrated.status, migrated.stderr).toBe(0);
    const r = bash(MAKE_PLAN_FROM_SERVER, p, env);
    expect(r.status, r.stderr).toBe(0);
    // The schema named `app` again, as committed; `reader` is the account that read the server
    // (`qm_test@localhost` here, another where QUERYMODE_TEST_MYSQL_URL names another), so it is
    // the one field masked.
    const masked = (plan: string) => plan.replaceAll(/"reader":"[^"]*"/g, '"reader":"…"');
    const remade = readFileSync(join(p.dir, 'querymode-plan.ndjson'), 'utf8').replaceAll(schema, 'app');
    const committed = read('examples/ci/project-mariadb/querymode-plan.ndjson');
    expect(masked(remade), STALE).toBe(masked(committed));
    expectEveryTablePlanned(committed);
  }, 240_000);
});

describe("action.yml's `answers` input", () => {
  it(
    'reaches verify: a plan of plain records (which keeps no answer) holds with the answers file, and is unverified without it',
    () => {
      const p = project('project', 'app');
      const made = bash(
        'querymode inspect --sql db/migrations | querymode recommend --ndjson --answers answers.yaml > plain-plan.ndjson',
        p,
      );
      expect(made.status, made.stderr).toBe(0);
      const inputs = { plan: 'plain-plan.ndjson', sql: 'db/migrations', strict: 'true', format: 'text' };
      const withAnswers = actionStep({ ...inputs, answers: 'answers.yaml' }, {});
      const holds = bash(withAnswers.script, p, withAnswers.env);
      expect(holds.status, holds.stdout + holds.stderr).toBe(0);
      expect(holds.stdout.split('\n')[0]).toBe('verify: holds: every planned table holds');
      // Without it, whether the event log gets updates is known to no one: `incrementing` unverified.
      const without = actionStep(inputs, {});
      const unverified = bash(without.script, p, without.env);
      expect(unverified.status).toBe(1);
      expect(verdictsOf(unverified.stdout)).toEqual(['unverified']);
      expect(unverified.stdout).toMatch(/^unverified {2}app\.order_events {2}incrementing /m);
    },
    PGLITE_TIMEOUT,
  );
});
