import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FAILED_COMMAND_STATUS, matchesOutput, scriptOf, shellExamples } from './support/doc-examples.js';

const runScript = (md: string) => {
  const [example] = shellExamples(md, 'X.md');
  if (example === undefined) throw new Error('no example');
  return spawnSync('bash', ['--norc', '--noprofile', '-c', scriptOf(example)], { encoding: 'utf8' });
};

describe('the shell example convention', () => {
  it('reads commands, continuations, # exit N, the text block and not-run markers', () => {
    const md = [
      '<!-- not-run: needs a database -->',
      '```sh',
      'querymode inspect $URL',
      '```',
      '<!-- a marker -->',
      '```sh',
      '# a comment',
      'querymode a \\',
      '  --b   # exit 2',
      'querymode c',
      '```',
      '',
      '```text',
      'x',
      '...',
      '```',
    ].join('\n');
    const [skipped, run] = shellExamples(md, 'X.md');
    expect(skipped).toMatchObject({ where: 'X.md:2', notRun: 'needs a database' });
    expect(run).toEqual({
      where: 'X.md:6',
      notRun: undefined,
      commands: [
        { text: 'querymode a \\\n  --b', exit: 2 },
        { text: 'querymode c', exit: 0 },
      ],
      output: ['x', '...'],
    });
  });
  it('runs a block as one script: state carries over, each exit status is checked, background jobs end', () => {
    const ok = runScript(
      ['```sh', 'x=1; sleep 30 &', 'test "$x" = 1', 'false # exit 1', 'echo done', '```'].join('\n'),
    );
    expect([ok.status, ok.stdout]).toEqual([0, 'done\n']);
    const failed = runScript(['```sh', 'true', 'sh -c "exit 3"', 'echo never', '```'].join('\n'));
    expect(failed.status).toBe(FAILED_COMMAND_STATUS);
    expect(failed.stderr).toContain('command 2 exited 3, expected 0');
    expect(failed.stdout).toBe('');
  });
  it('reads a fence with a word after its language (```ts shape) as one block, not as two fences', () => {
    const md = ['```ts shape', '{ a: number }', '```', '```sh', 'echo x', '```'].join('\n');
    expect(shellExamples(md, 'X.md').map((e) => e.where)).toEqual(['X.md:4']);
  });
  it('matches ... against any lines, none included', () => {
    expect(matchesOutput(['a', 'b', 'c'], ['a', '...'])).toBe(true);
    expect(matchesOutput(['a'], ['a', '...'])).toBe(true);
    expect(matchesOutput(['a', 'b', 'c'], ['...', 'c'])).toBe(true);
    expect(matchesOutput(['a', 'b  '], ['a', 'b'])).toBe(true);
    expect(matchesOutput(['a', 'b'], ['a'])).toBe(false);
    expect(matchesOutput(['a', 'x', 'c'], ['a', '...', 'b'])).toBe(false);
  });
});
