import { describe, expect, it } from 'vitest';
import { matchesOutput, shellExamples } from './support/doc-examples.js';

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
  it('matches ... against any lines, none included', () => {
    expect(matchesOutput(['a', 'b', 'c'], ['a', '...'])).toBe(true);
    expect(matchesOutput(['a'], ['a', '...'])).toBe(true);
    expect(matchesOutput(['a', 'b', 'c'], ['...', 'c'])).toBe(true);
    expect(matchesOutput(['a', 'b  '], ['a', 'b'])).toBe(true);
    expect(matchesOutput(['a', 'b'], ['a'])).toBe(false);
    expect(matchesOutput(['a', 'x', 'c'], ['a', '...', 'b'])).toBe(false);
  });
});
