/**
 * `pnpm bench`'s label of another build (`--against REV`, or `QUERYMODE_BENCH_OTHER_CLI` by
 * hand): the commit the build was made from, as recorded beside its `dist/`, never the HEAD its
 * work tree has moved on to since.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtAtFile, commitAt, otherCli } from '../bench/lib/other-build.js';

const dir = mkdtempSync(join(tmpdir(), 'querymode-other-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs git in the scratch repository. */
function git(...args: string[]): string {
  const r = spawnSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

describe('the label of another build', () => {
  it('is the commit the build was made from, after its work tree moved on', () => {
    git('init', '-q');
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    git('add', '.');
    git('commit', '-qm', 'a');
    const built = git('rev-parse', '--short=7', 'HEAD');
    const bin = join(dir, 'packages', 'cli', 'dist', 'querymode.cjs');
    mkdirSync(join(dir, 'packages', 'cli', 'dist'), { recursive: true });
    writeFileSync(bin, '');
    writeFileSync(join(dir, '.gitignore'), 'packages/\n');
    expect(otherCli(bin)?.name).toBe(`other build (${bin})`);
    mkdirSync(join(dir, 'packages', 'cli', '.tmp'));
    writeFileSync(builtAtFile(bin), `${commitAt(dir)}\n`);
    writeFileSync(join(dir, 'a.txt'), 'b\n');
    git('add', '.');
    git('commit', '-qm', 'b');
    expect(commitAt(dir)).not.toBe(built);
    expect(otherCli(bin)?.name).toBe(`querymode built at ${built}`);
  });

  it("is recorded by this repository's build", () => {
    const recorded = readFileSync(
      join(import.meta.dirname, '..', 'packages', 'cli', '.tmp', 'built-at'),
      'utf8',
    );
    expect(recorded).toMatch(/^[0-9a-f]{7}/);
  });
});
