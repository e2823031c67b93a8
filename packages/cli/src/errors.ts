/**
 * CLI errors and exit codes. A user error prints one clear line, never a stack trace (unless
 * `--debug`).
 *
 * @module
 */

/** Exit codes of every command. */
export const EXIT = {
  /** Success: the body is valid, the recommendation was made. */
  ok: 0,
  /** The input was read but is not acceptable: an invalid body, bad JSON, a failed NDJSON line. */
  failed: 1,
  /** A usage error: unknown flag or mode, missing file, empty stdin, bad flag value. */
  usage: 2,
} as const;

/** An error meant for the user: its message is printed as one line, and the process exits with `exitCode`. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
  }
}

/** A usage error (exit 2). */
export const usageError = (message: string): CliError => new CliError(message, EXIT.usage);

/** An error in the content of the input (exit 1). */
export const inputError = (message: string): CliError => new CliError(message, EXIT.failed);
