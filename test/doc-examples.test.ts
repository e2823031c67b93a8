/**
 * Examples and docs that cannot drift (issue 8): every shell example of README.md and
 * docs/*.md runs under the convention of `support/doc-examples.ts`, against the built CLI and a
 * copy of `examples/`, with its exit code and, where shown, its output checked.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from './cli/run-cli.js';
import { matchesOutput, type ShellExample, scriptOf, shellExamples } from './support/doc-examples.js';

const root = join(import.meta.dirname, '..');
const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const examples = files.flatMap((f) => shellExamples(readFileSync(join(root, f), 'utf8'), f));

/**
 * A plain PATH, as a new shell of a user has it after the main command: Node (which npm and pnpm
 * need) and the system's folders, nothing of this repository.
 */
const PLAIN_PATH = `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`;

/**
 * Whether an example puts `querymode` on the PATH itself (its first command is `export PATH=`, as
 * the README's whole-way block does): it then runs as written with a plain PATH and this
 * repository's `node_modules`, as at the repository root.
 */
const setsItsOwnPath = (example: ShellExample): boolean =>
  example.commands[0]?.text.startsWith('export PATH=') === true;

/**
 * A temporary directory with a copy of examples/ and either a bin folder holding `querymode` first
 * on PATH, or (for an example that sets its own PATH) a link to this repository's node_modules
 * and a plain PATH.
 */
function workspace(example: ShellExample): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'querymode-docs-'));
  cpSync(join(root, 'examples'), join(dir, 'examples'), { recursive: true });
  if (setsItsOwnPath(example)) {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    return { dir, path: PLAIN_PATH };
  }
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'querymode'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'querymode'), 0o755);
  return { dir, path: `${bin}:${process.env.PATH ?? ''}` };
}

function runExample(example: ShellExample): void {
  const { dir, path } = workspace(example);
  try {
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', scriptOf(example)], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: path, NO_COLOR: '1', HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    expect(r.status, `${example.where}: the example failed\n${r.stderr}`).toBe(0);
    if (example.output !== undefined) {
      const actual = r.stdout.replace(/\n$/, '').split('\n');
      expect(
        matchesOutput(actual, example.output),
        `${example.where}: the output differs from the text block\n--- expected\n${example.output.join('\n')}\n--- actual\n${actual.join('\n')}`,
      ).toBe(true);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('shell examples in README.md and docs/*.md', () => {
  it('exist, and each one that does not run says why', () => {
    expect(examples.filter((e) => e.notRun === undefined).length).toBeGreaterThan(5);
    for (const e of examples) if (e.notRun !== undefined) expect(e.notRun, e.where).not.toBe('');
  });
  it("has the README's whole way put querymode on the PATH itself, so it runs when pasted in a new shell", () => {
    const readme = examples.filter((e) => e.where.startsWith('README.md') && e.notRun === undefined);
    expect(readme.some(setsItsOwnPath)).toBe(true);
  });
  for (const example of examples.filter((e) => e.notRun === undefined)) {
    it(`${example.where} runs`, () => runExample(example));
  }
});
