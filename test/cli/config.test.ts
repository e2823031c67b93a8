/**
 * The project file (`querymode.yaml`) and `querymode config`: found from the working directory up
 * to the git root, `--config FILE`, the order flag > environment > project file > default, errors
 * with file and line, a traits file's own fact standing over a project default, and a run without
 * a project file never compiling the YAML library.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from './run-cli.js';

/** A folder that is a git repository's root (a `.git` folder), with `sub/` inside. */
function project(yaml?: string): { root: string; sub: string } {
  const root = tempDir();
  mkdirSync(join(root, '.git'));
  const sub = join(root, 'sub');
  mkdirSync(sub);
  if (yaml !== undefined) writeFileSync(join(root, 'querymode.yaml'), yaml);
  return { root, sub };
}

const settings = (stdout: string): Record<string, { value: string; from: string }> =>
  Object.fromEntries(
    (JSON.parse(stdout).settings as { key: string; value: string; from: string }[]).map((s) => [
      s.key,
      { value: s.value, from: s.from },
    ]),
  );

describe('the project file', () => {
  it('is found above the working directory, and a flag beats the environment, which beats the file', () => {
    const { root, sub } = project(
      'source: postgresql\nhorizon: 7d\nmust_capture: [inserts]\npipeline_mode: table\n',
    );
    const r = runCli(['config', '--json', '--pipeline-mode', 'custom_sql'], {
      cwd: sub,
      env: { QUERYMODE_HORIZON: '14d' },
    });
    expect(r.status).toBe(0);
    const s = settings(r.stdout);
    expect(JSON.parse(r.stdout).project_file).toBe(join(root, 'querymode.yaml'));
    expect(s.source).toEqual({ value: 'postgresql', from: `${join(root, 'querymode.yaml')}:1` });
    expect(s.horizon).toEqual({ value: '14d', from: 'QUERYMODE_HORIZON' });
    expect(s.must_capture).toEqual({ value: 'inserts', from: `${join(root, 'querymode.yaml')}:3` });
    expect(s.pipeline_mode).toEqual({ value: 'custom_sql', from: '--pipeline-mode' });
    expect(s.rows_estimate_margin).toEqual({ value: '0.2', from: 'default' });
    // The human form says the same.
    const human = runCli(['config'], { cwd: sub });
    expect(human.stdout).toContain(`project file: ${join(root, 'querymode.yaml')}`);
    expect(human.stdout).toMatch(/horizon\s+7d \(.*querymode\.yaml:2\)/);
  });

  it('is not looked for above the git root; --config names one anywhere', () => {
    const outer = tempDir();
    writeFileSync(join(outer, 'querymode.yaml'), 'source: mysql\n');
    const inner = join(outer, 'repo');
    mkdirSync(join(inner, '.git'), { recursive: true });
    const none = runCli(['config', '--json'], { cwd: inner });
    expect(JSON.parse(none.stdout).project_file).toBeNull();
    expect(settings(none.stdout).source).toEqual({ value: 'unknown', from: 'default' });
    const given = runCli(['config', '--json', '--config', join(outer, 'querymode.yaml')], { cwd: inner });
    expect(settings(given.stdout).source?.value).toBe('mysql');
  });

  it('refuses an unknown key or a wrong value with the file and line', () => {
    const unknown = project('horizon: 7d\nsorce: postgresql\n');
    const r = runCli(['recommend', '--rows', '5'], { cwd: unknown.sub });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('querymode.yaml:2: unknown setting "sorce"; did you mean source?');
    const wrong = project('source: postgres\n');
    const w = runCli(['config'], { cwd: wrong.sub });
    expect(w.status).toBe(1);
    expect(w.stderr).toContain(
      'querymode.yaml:1: source: unknown value "postgres"; did you mean postgresql?',
    );
    const env = runCli(['recommend', '--rows', '5'], {
      cwd: project().sub,
      env: { QUERYMODE_HORIZON: 'soon' },
    });
    expect(env.status).toBe(2);
    expect(env.stderr).toContain('QUERYMODE_HORIZON');
  });

  it('gives recommend its defaults, under what a traits file states and a flag', () => {
    const { sub } = project('source: postgresql\nhorizon: 7d\n');
    // The insert rate keeps full_load's row limit over the horizon known: a recommendation.
    const r = runCli(['recommend', '--rows', '5', '--inserts-per-day', '1'], { cwd: sub });
    expect(r.stdout).toContain('Events over 7d');
    expect(r.stdout).toContain('PostgreSQL has no change-tracking feature');
    writeFileSync(join(sub, 't.json'), JSON.stringify({ rows: 5, source: 'mysql' }));
    const own = runCli(['recommend', '--traits', 't.json'], { cwd: sub });
    expect(own.stdout).toContain('MySQL and MariaDB have no change-tracking feature');
    // --run is the span: the project's horizon gives way to it.
    const runs = runCli(['recommend', '--rows', '5', '--run', 'inserts=3'], { cwd: sub });
    expect(runs.status).toBe(0);
    expect(runs.stdout).toContain('Events over 1 run');
  });

  it('is read without the YAML library compiled when there is none', () => {
    // The lazy chunks are files of dist/ compiled as a `vm.Script` (with their code cache); a preload names each.
    const dir = tempDir();
    const preload = join(dir, 'watch.cjs');
    writeFileSync(
      preload,
      `const vm = require('node:vm'); const S = vm.Script; vm.Script = class extends S { constructor(code, options) { super(code, options); if (/answers\\.cjs$/.test(options?.filename ?? '')) process.stderr.write('YAML COMPILED\\n'); } };`,
    );
    const run = (cwd: string) =>
      spawnSync(
        process.execPath,
        ['-r', preload, BIN, 'recommend', '--rows', '5', '--inserts-per-day', '1'],
        {
          cwd,
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
        },
      );
    const without = run(project().sub);
    expect(without.status).toBe(0);
    expect(without.stderr).not.toContain('YAML COMPILED');
    const withFile = run(project('horizon: 7d\n').sub);
    expect(withFile.status).toBe(0);
    expect(withFile.stderr).toContain('YAML COMPILED');
  });
});
