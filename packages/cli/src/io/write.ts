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
import { writeFileAtomic } from './output-file.js';

export { checkOutputTarget, writeFileAtomic } from './output-file.js';

/** Writes text to stdout, adding a final newline when it has none. */
export function printOut(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Writes a message line to stderr. */
export function printErr(text: string): void {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * Writes a command's result: to the file `output` (the `-o` flag) with `writeFileAtomic`, or
 * to stdout when `output` is undefined. A final newline is added when the text has none.
 */
export function writeOutput(text: string, output: string | undefined): void {
  const content = text.endsWith('\n') ? text : `${text}\n`;
  if (output === undefined) process.stdout.write(content);
  else writeFileAtomic(output, content);
}
