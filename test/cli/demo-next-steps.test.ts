/**
 * `querymode demo` ends with the next steps of the whole way: pasted as printed into a new shell
 * at the repository root (a plain PATH, the repository's node_modules), they run.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

const root = join(import.meta.dirname, '..', '..');

describe('querymode demo, next steps', () => {
  it('prints commands that run as printed in a new shell at the repository root', () => {
    const demo = runCli(['demo']);
    expect(demo.status, demo.stderr).toBe(0);
    const after = demo.stdout.split('Next, the whole way')[1] ?? '';
    const steps = after
      .split('\n')
      .slice(1)
      .filter((l) => l.startsWith('  '))
      .map((l) => l.trim());
    expect(steps[0]).toBe('export PATH="$PWD/node_modules/.bin:$PATH"');
    expect(steps.length).toBeGreaterThanOrEqual(5);
    const dir = tempDir();
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    cpSync(join(root, 'examples'), join(dir, 'examples'), { recursive: true });
    const r = spawnSync('bash', ['--norc', '--noprofile', '-e', '-o', 'pipefail', '-c', steps.join('\n')], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, NO_COLOR: '1', HOME: dir },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    // The last step is a dry run: it says what it would send and sends nothing.
    expect(r.stdout + r.stderr).toMatch(/dry run/i);
  });
});
