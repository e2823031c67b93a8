/**
 * The shell examples of the documentation, as the convention of the repository states them:
 *
 * - a ```sh block is run as one bash script (so variables, sourced files and background jobs carry
 *   from one command to the next), from a temporary directory that holds a copy of `examples/`,
 *   with `querymode` on PATH (the built CLI) and `set -o pipefail`; each command (a line, or lines
 *   joined by a final backslash: a loop or an `if` is written on one line) must exit 0;
 * - a command expected to exit otherwise ends its line with `# exit N`;
 * - a ```text block right after a ```sh block (blank lines between are allowed) is compared with
 *   the block's stdout, all commands together; a line `...` matches any lines (none included),
 *   and trailing spaces are ignored;
 * - a block that cannot run in a test is preceded by `<!-- not-run: the reason -->`, alone or
 *   among other HTML comment lines right above the fence.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Markdown files whose examples are tested, from the repository root: README.md and
 * docs/*.md, and with `packages`, each package's README.md too.
 */
export function documentationFiles(root: string, packages = false): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  const readmes = packages
    ? readdirSync(join(root, 'packages'))
        .map((p) => `packages/${p}/README.md`)
        .filter((f) => existsSync(join(root, f)))
    : [];
  return ['README.md', ...docs, ...readmes];
}

/** One shell example. */
export interface ShellExample {
  /** `README.md:45`: the file and the line of the opening fence. */
  readonly where: string;
  /** The reason given by `<!-- not-run: ... -->`, or undefined for an example that runs. */
  readonly notRun: string | undefined;
  readonly commands: readonly { readonly text: string; readonly exit: number }[];
  /** The expected stdout lines, when a ```text block follows. */
  readonly output: readonly string[] | undefined;
}

/** An opening fence: the language, then maybe one word (` ```ts shape `: see {@link typescriptExamples}). */
const FENCE = /^```(\w*)(?:\s+\S+)?\s*$/;
const NOT_RUN = /^<!--\s*not-run:\s*(.*?)\s*-->\s*$/;
const COMMENT = /^<!--.*-->\s*$/;
const EXIT = /\s+#\s*exit\s+(\d+)\s*$/;

/** The commands of a block: backslash continuations joined, blank and comment-only lines dropped. */
function commandsOf(lines: readonly string[]): ShellExample['commands'] {
  const commands: { text: string; exit: number }[] = [];
  let pending = '';
  for (const raw of lines) {
    const line = pending === '' ? raw : `${pending}\n${raw}`;
    if (/\\\s*$/.test(raw)) {
      pending = line;
      continue;
    }
    pending = '';
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const exit = EXIT.exec(line);
    commands.push({ text: exit ? line.slice(0, exit.index) : line, exit: exit ? Number(exit[1]) : 0 });
  }
  return commands;
}

/** Every ```sh block of a Markdown text, with its expected output and not-run marker. */
export function shellExamples(markdown: string, file: string): ShellExample[] {
  const lines = markdown.split('\n');
  const examples: ShellExample[] = [];
  /** The end (index of the closing fence) of the block opened at `start`. */
  const closing = (start: number): number => {
    for (let k = start + 1; k < lines.length; k++) if (/^```\s*$/.test(lines[k] ?? '')) return k;
    throw new Error(`${file}:${start + 1}: unclosed code block`);
  };
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) continue;
    const end = closing(i);
    if (open[1] === 'sh') {
      let notRun: string | undefined;
      for (let k = i - 1; k >= 0 && COMMENT.test(lines[k] ?? ''); k--) {
        const m = NOT_RUN.exec(lines[k] ?? '');
        if (m) notRun = m[1];
      }
      let next = end + 1;
      while (next < lines.length && (lines[next] ?? '').trim() === '') next++;
      let output: string[] | undefined;
      if (/^```text\s*$/.test(lines[next] ?? '')) {
        const outEnd = closing(next);
        output = lines.slice(next + 1, outEnd);
      }
      examples.push({
        where: `${file}:${i + 1}`,
        notRun,
        commands: commandsOf(lines.slice(i + 1, end)),
        output,
      });
    }
    i = end;
  }
  return examples;
}

/** The status a failed command leaves the script with, so that it is told apart from the commands' own. */
export const FAILED_COMMAND_STATUS = 97;

/**
 * The bash script of an example: its commands in order, each followed by a check of its exit
 * status that stops the script with {@link FAILED_COMMAND_STATUS} and a line
 * `doc-example: command N exited S, expected E` on stderr.
 */
export function scriptOf(example: ShellExample): string {
  // Background jobs (a mock server) never outlive the example, whether it passes or fails.
  const lines = ['set -o pipefail', "trap 'kill $(jobs -p) 2>/dev/null' EXIT"];
  example.commands.forEach((command, n) => {
    lines.push(
      command.text,
      `s=$?; if [ "$s" -ne ${command.exit} ]; then echo "doc-example: command ${n + 1} exited $s, expected ${command.exit}" >&2; exit ${FAILED_COMMAND_STATUS}; fi`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** Whether `actual` lines match `expected` lines, where a line `...` matches any lines. */
export function matchesOutput(actual: readonly string[], expected: readonly string[]): boolean {
  const a = actual.map((l) => l.trimEnd());
  const e = expected.map((l) => l.trimEnd());
  // memo[i][j]: a[i..] matches e[j..]
  const memo = new Map<number, boolean>();
  const match = (i: number, j: number): boolean => {
    const key = i * (e.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (j === e.length) result = i === a.length;
    else if (e[j] === '...') result = match(i, j + 1) || (i < a.length && match(i + 1, j));
    else result = i < a.length && a[i] === e[j] && match(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

/**
 * The TypeScript examples of the documentation, as the convention of the repository states them:
 *
 * - a ```ts (or ```typescript) block is a module that type-checks on its own against the
 *   packages' sources (`@querymode/*` imports resolve as in the repository's tests), under the
 *   repository's strict compiler options; top-level `await` is allowed;
 * - a block that is not code to compile says so in its info string, with one word after the
 *   language: `shape` for the shape of a record written as a TypeScript type (the generated
 *   shapes of docs/cli.md), `fragment` for a piece of code that cannot stand alone. There should be
 *   very few fragments: an example a user copies should compile.
 */
export interface TypeScriptExample {
  /** `README.md:248`: the file and the line of the opening fence. */
  readonly where: string;
  /** The line of the block's first line of code (the fence's line + 1). */
  readonly firstLine: number;
  /** `shape` or `fragment` for a block that is not checked; undefined for one that is. */
  readonly kind: 'shape' | 'fragment' | undefined;
  readonly code: string;
}

const TS_FENCE = /^```(ts|typescript)(?:\s+(\S+))?\s*$/;

/**
 * Every ```ts block of a Markdown text. A word after the language other than `shape` or
 * `fragment` is an error, so that a typo never silently skips a block.
 */
export function typescriptExamples(markdown: string, file: string): TypeScriptExample[] {
  const lines = markdown.split('\n');
  const examples: TypeScriptExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!line.startsWith('```')) continue;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end++;
    if (end === lines.length) throw new Error(`${file}:${i + 1}: unclosed code block`);
    const open = TS_FENCE.exec(line);
    if (open) {
      const word = open[2];
      if (word !== undefined && word !== 'shape' && word !== 'fragment')
        throw new Error(
          `${file}:${i + 1}: \`\`\`${open[1]} ${word}: expected \`shape\`, \`fragment\` or nothing after the language`,
        );
      examples.push({
        where: `${file}:${i + 1}`,
        firstLine: i + 2,
        kind: word,
        code: lines.slice(i + 1, end).join('\n'),
      });
    }
    i = end;
  }
  return examples;
}
