/**
 * docs/benchmarks.md is rewritten by `pnpm bench` one suite at a time: a reader relies on every
 * other section, and on the sections written by hand between and after them (the history of the
 * speed work, which comments in the code point to), being kept as they are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateReport } from '../bench/lib/report.js';

const ORDER = ['advisor', 'cli-start', 'inspect', 'verify'];
const section = (id: string, body: string) => `<!-- bench:${id}:start -->\n${body}<!-- bench:${id}:end -->`;
const DOC = [
  '# Benchmarks\n\nintro\n',
  section('advisor', 'old advisor\n'),
  '',
  section('inspect', 'old inspect\n'),
  '\n### Written by hand after inspect\n\nkept text\n',
  section('verify', 'old verify\n'),
  '\n## History of the speed work\n\n- kept\n',
].join('\n');

describe('updateReport', () => {
  it('replaces one section in place and keeps the others and the text written by hand, byte for byte', () => {
    const out = updateReport(DOC, new Map([['inspect', 'new inspect $& $1\n']]), ORDER);
    expect(out).toBe(DOC.replace('old inspect', () => 'new inspect $& $1'));
  });

  it('places a new section after the last section before it in the order', () => {
    const out = updateReport(DOC, new Map([['cli-start', 'start\n']]), ORDER);
    expect(out).toBe(
      DOC.replace(
        `${section('advisor', 'old advisor\n')}\n`,
        `${section('advisor', 'old advisor\n')}\n\n${section('cli-start', 'start\n')}\n`,
      ),
    );
    expect(out).toContain('### Written by hand after inspect\n\nkept text\n');
    expect(out.endsWith('## History of the speed work\n\n- kept\n')).toBe(true);
  });

  it('writes a new document with its sections in order', () => {
    const out = updateReport(
      undefined,
      new Map([
        ['verify', 'v'],
        ['advisor', 'a'],
      ]),
      ORDER,
    );
    expect(out.indexOf('bench:advisor:start')).toBeLessThan(out.indexOf('bench:verify:start'));
    expect(out).toContain(section('verify', 'v\n'));
    expect(updateReport(out, new Map(), ORDER)).toBe(out);
  });
});

describe('docs/benchmarks.md', () => {
  it('has the section each comment in the code points to', () => {
    const root = join(import.meta.dirname, '..');
    const headings = readFileSync(join(root, 'docs/benchmarks.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('#'));
    const missing: string[] = [];
    for (const pkg of readdirSync(join(root, 'packages'))) {
      const src = join(root, 'packages', pkg, 'src');
      for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts')) continue;
        // A comment's lines joined, so that a name wrapped over two lines is read whole.
        const text = readFileSync(join(src, file), 'utf8').replace(/\n\s*(\*|\/\/)\s*/g, ' ');
        for (const m of text.matchAll(/docs\/benchmarks\.md[,;:]? "([^"]+)"/g))
          if (!headings.some((h) => h.includes(m[1] as string)))
            missing.push(`${pkg}/src/${file}: "${m[1]}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});
