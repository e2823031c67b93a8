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
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from './cli/run-cli.js';
import {
  documentationFiles,
  matchesOutput,
  type ShellExample,
  scriptOf,
  shellExamples,
} from './support/doc-examples.js';

const root = join(import.meta.dirname, '..');
const files = documentationFiles(root);
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

/**
 * A block run at the repository root (the README's whole way) leaves there only what git ignores:
 * each new entry of the workspace's top level is one `git check-ignore` matches at the root.
 */
function expectRootLeftClean(dir: string, where: string): void {
  const added = readdirSync(dir).filter((f) => f !== 'examples' && f !== 'node_modules');
  const tracked = added.filter((f) => {
    // A folder is named with its slash, as the patterns that ignore only folders (`.tmp/`) want.
    const path = statSync(join(dir, f)).isDirectory() ? `${f}/` : f;
    return spawnSync('git', ['-C', root, 'check-ignore', '--no-index', '-q', path]).status !== 0;
  });
  expect(tracked, `${where}: files left at the repository root that git does not ignore`).toEqual([]);
}

/** Every `*.env` file an example writes (the mock's credentials) is its owner's alone (mode 0600). */
function expectSecretsPrivate(dir: string, where: string): void {
  for (const f of envFiles(dir, ''))
    expect((statSync(join(dir, f)).mode & 0o777).toString(8), `${where}: ${f}`).toBe('600');
}

/**
 * The `*.env` files under `dir`, not entering `node_modules` or `examples`: a recursive readdir follows
 * the linked packages into folders other tests make and remove meanwhile (ENOENT in CI, stop 45).
 */
function envFiles(dir: string, rel: string): string[] {
  const found: string[] = [];
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel === '' ? e.name : join(rel, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && path !== 'examples') found.push(...envFiles(dir, path));
    } else if (e.name.endsWith('.env')) found.push(path);
  }
  return found;
}

function runExample(example: ShellExample): void {
  const { dir, path } = workspace(example);
  try {
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', scriptOf(example)], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: path, NO_COLOR: '1', HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A guard against a hung example, not a measure: the whole way took 60 to 280 s on a busy machine.
      timeout: 450_000,
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
    if (setsItsOwnPath(example)) expectRootLeftClean(dir, example.where);
    expectSecretsPrivate(dir, example.where);
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
    it(`${example.where} runs`, () => runExample(example), 480_000);
  }
});
