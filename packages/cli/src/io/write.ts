/**
 * Writing results: to stdout, or with `-o` to a file that is replaced whole or not at all.
 *
 * The CLI's I/O helpers, which every command uses (and a new command should too):
 * - `printOut` / `printErr` (here): one result or message, on stdout or stderr. Errors of the
 *   streams themselves (EPIPE, ENOSPC on `> /dev/full`) are handled once for every command by
 *   `guardStdio` (`stdio.ts`), installed by `main`.
 * - `writeOutput` (here) for a command with `-o, --output <file>`; `writeFileAtomic` and
 *   `checkOutputTarget` (`output-file.ts`) behind it.
 * - `readText` / `readJson` (`read.ts`): inputs, strict UTF-8 and JSON without duplicate keys.
 * - `watchStopSignals` (`stop-signals.ts`): SIGINT/SIGTERM in a command that streams records.
 *
 * @module
 */
import { visibleText } from '@querymode/core';
import { outputFile, writeFileAtomic } from './output-file.js';
import { useColor } from './style.js';

export { checkOutputTarget, outputFile, writeFileAtomic } from './output-file.js';

/** The colour codes `style.ts` writes: the only escape sequences shown raw, and only in colour. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes start with ESC.
const OWN_STYLE = /(\u001b\[(?:1|2|22|31|32|33|36|39)m)/;

/**
 * Text for a person's terminal: names holding control characters, escape sequences or bidi
 * overrides shown escaped (`\u001b`, `\u202e`; in JSON output, the same escapes JSON reads back
 * as the same text), never acting on the terminal. In colour, the CLI's own colour codes stay.
 */
function shown(text: string, stream: NodeJS.WriteStream): string {
  if (!useColor(stream)) return visibleText(text);
  return text
    .split(OWN_STYLE)
    .map((part, i) => (i % 2 === 1 ? part : visibleText(part)))
    .join('');
}

/** Writes text to stdout, adding a final newline when it has none. */
export function printOut(text: string): void {
  const out = shown(text, process.stdout);
  process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
}

/** Writes a message line to stderr. */
export function printErr(text: string): void {
  const out = shown(text, process.stderr);
  process.stderr.write(out.endsWith('\n') ? out : `${out}\n`);
}

/**
 * Writes a command's result: to the file `output` (named by `flag`, such as `-o`) with
 * `writeFileAtomic`, or to stdout when `output` is undefined or names stdout (`-`, `/dev/stdout`).
 * A final newline is added when the text has none. The text may come in parts, written in order.
 */
export function writeOutput(
  text: string | readonly string[],
  output: string | undefined,
  flag: string,
): void {
  const parts = typeof text === 'string' ? [text] : text;
  const last = parts.at(-1) ?? '';
  const content = last.endsWith('\n') ? parts : [...parts, '\n'];
  const file = outputFile(output);
  if (file === undefined) for (const part of content) process.stdout.write(part);
  else writeFileAtomic(file, content, flag);
}
