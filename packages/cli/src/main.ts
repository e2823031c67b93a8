/**
 * The `querymode` bin: parses the command line, runs the command, and exits with its code.
 * User errors print one line (`querymode: ...`); `--debug` adds the stack.
 *
 * @module
 */
import { CommanderError } from '@commander-js/extra-typings';
import { CliError, EXIT } from './errors.js';
import { guardStdio } from './io/stdio.js';
import { styleFor } from './io/style.js';
import { buildProgram } from './program.js';

const debug = process.argv.includes('--debug');

/** A CliError, also one thrown by the heavy chunk's own copy of the class (see build.mjs). */
const isCliError = (error: unknown): error is CliError =>
  error instanceof CliError ||
  (error instanceof Error && error.name === 'CliError' && typeof (error as CliError).exitCode === 'number');

function report(error: unknown): number {
  if (isCliError(error)) {
    process.stderr.write(`${styleFor(process.stderr).red('querymode:')} ${error.message}\n`);
    if (debug && error.stack) process.stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  if (error instanceof CommanderError) {
    // Commander has already printed its one-line message (or the help, or the version). It exits
    // with 0 after `--help`, `--version` and `querymode help [command]` (code commander.help).
    if (error.exitCode === 0) return EXIT.ok;
    return EXIT.usage;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `${styleFor(process.stderr).red('querymode:')} internal error: ${message}${debug ? '' : ' (run with --debug for the stack trace)'}\n`,
  );
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return EXIT.failed;
}

async function main(): Promise<void> {
  guardStdio();
  const program = buildProgram(async (action) => {
    try {
      process.exitCode = await action();
    } catch (error) {
      process.exitCode = report(error);
    }
  });
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    process.exitCode = report(error);
  }
}

void main();
