/**
 * `pnpm run demo` builds only when the build is stale (issue 36, item 17): `build-if-stale.mjs`
 * skips the command when the inputs' content and the outputs are as the last successful run left
 * them, and runs it after any change of an input, a new file, a failed run or a removed output.
 * Shown on a small git repository and a command that counts its runs.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', 'scripts', 'build-if-stale.mjs');

describe('build-if-stale', () => {
  it('builds when an input or an output changed, and only then', () => {
    const dir = mkdtempSync(join(tmpdir(), 'querymode-stale-'));
    const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    writeFileSync(join(dir, '.gitignore'), 'dist/\n.tmp/\n');
    writeFileSync(join(dir, 'src.txt'), 'one');
    git('add', '.');
    // The "build": counts its runs and writes dist/out.txt; fails when src.txt says "fail".
    const build = `grep -q fail src.txt && exit 3; echo run >> runs.log; mkdir -p dist; cp src.txt dist/out.txt`;
    const runs = () => readFileSync(join(dir, 'runs.log'), 'utf8').split('\n').filter(Boolean).length;
    const run = () =>
      spawnSync(process.execPath, [SCRIPT, '--outputs', 'dist', '--', 'bash', '-c', build], {
        cwd: dir,
        encoding: 'utf8',
      });
    writeFileSync(join(dir, '.gitignore'), 'dist/\n.tmp/\nruns.log\n');
    try {
      expect(run().status).toBe(0);
      expect(runs()).toBe(1);
      const skipped = run();
      expect(skipped.status).toBe(0);
      expect(skipped.stderr).toContain('build: skipped');
      expect(runs()).toBe(1);
      // Touched but not changed: still current.
      utimesSync(join(dir, 'src.txt'), new Date(), new Date(Date.now() + 5000));
      expect(run().stderr).toContain('build: skipped');
      expect(runs()).toBe(1);
      // A changed input.
      appendFileSync(join(dir, 'src.txt'), ' two');
      run();
      expect(runs()).toBe(2);
      // A new file, even one git does not track yet.
      mkdirSync(join(dir, 'more'));
      writeFileSync(join(dir, 'more', 'new.txt'), 'new');
      run();
      expect(runs()).toBe(3);
      // The output removed.
      rmSync(join(dir, 'dist'), { recursive: true });
      run();
      expect(runs()).toBe(4);
      // A failed build leaves no stamp: the next run builds (and fails) again.
      writeFileSync(join(dir, 'src.txt'), 'fail');
      expect(run().status).toBe(3);
      expect(run().status).toBe(3);
      writeFileSync(join(dir, 'src.txt'), 'three');
      run();
      expect(runs()).toBe(5);
      expect(run().stderr).toContain('build: skipped');
      expect(runs()).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
