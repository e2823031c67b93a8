/**
 * Failures of stdout and stderr themselves, for every command: `main` calls `guardStdio()` once,
 * before any command runs, so a command writes with `printOut` (or `process.stdout.write`) and
 * never handles these errors itself.
 *
 * - EPIPE on stdout (the reader went away: `querymode ... | head -c 10`): the process ends at
 *   once, quietly, as Unix tools do when the reader has all it wanted: exit 0, or the command's
 *   own exit code when it already has one.
 * - Any other stdout error (`> /dev/full` gives ENOSPC; EIO, EFBIG, ...): one line on stderr,
 *   `querymode: cannot write to stdout: no space left on the device (ENOSPC); the output is
 *   incomplete`, and exit 1. Never a stack trace.
 * - Errors of stderr are dropped: there is nowhere left to report them, and the exit code still
 *   says how the command went. (The handler is added when stderr is first written to.)
 *
 * @module
 */
import { EXIT } from '../errors.js';
import { errnoCode, errnoReason } from './errno.js';

let guarded = false;

/** The exit code and stderr line for a stdout error (exported for tests and for stream drivers). */
export function stdoutFailure(error: unknown): { readonly exitCode: number; readonly message?: string } {
  if (errnoCode(error) === 'EPIPE') {
    // Quiet, with the command's own result when it already has one (an invalid body stays 1).
    return { exitCode: typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok };
  }
  return {
    exitCode: EXIT.failed,
    message: `querymode: cannot write to stdout: ${errnoReason(error)}; the output is incomplete\n`,
  };
}

/** Installs the handlers described in the module comment. Idempotent. */
export function guardStdio(): void {
  if (guarded) return;
  guarded = true;
  process.stdout.on('error', (error) => {
    const { exitCode, message } = stdoutFailure(error);
    if (message !== undefined) {
      try {
        process.stderr.write(message);
      } catch {
        // stderr is gone too.
      }
    }
    process.exit(exitCode);
  });
  // Made only by a run that writes to it: a pipe's or a terminal's stream is ~3 ms of CPU, 5% of
  // `node -e 0` (issue 39), and a recommend that succeeds writes nothing there.
  whenRead('stderr', (stderr) => stderr.on('error', () => {}));
}

/**
 * Runs `made` with the stream `process[name]` when something first reads it (Node makes it then,
 * and keeps it), or at once when Node did not define it as such a getter. The getter is put back
 * as it was before the stream is made.
 */
function whenRead(name: 'stderr', made: (stream: NodeJS.WriteStream) => void): void {
  const own = Object.getOwnPropertyDescriptor(process, name);
  const get = own?.get;
  if (own === undefined || get === undefined || own.configurable !== true) {
    made(process[name]);
    return;
  }
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: own.enumerable ?? true,
    get() {
      Object.defineProperty(process, name, own);
      const stream = get.call(process) as NodeJS.WriteStream;
      made(stream);
      return stream;
    },
  });
}

/**
 * Resolves when everything written to `stream` so far has been handed to the operating system
 * (write callbacks run in order, so the callback of an empty write runs after all earlier ones).
 * Rejects with the stream's write error.
 */
export function flushed(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write('', (error?: Error | null) => (error ? reject(error) : resolve()));
  });
}
