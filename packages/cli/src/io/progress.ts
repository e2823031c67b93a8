/**
 * The progress line of a long read (`inspect` of a database or of a Salesforce org): one line on a
 * terminal's stderr, rewritten in place; nothing where stderr is not a terminal (CI logs, pipes).
 *
 * @module
 */

/** A progress line on a TTY stderr, rewritten in place; nothing otherwise. */
export function progress(text: string): void {
  if (process.stderr.isTTY === true) process.stderr.write(`\r\u001b[K${text}`);
}

/** Clears the progress line. */
export function endProgress(): void {
  if (process.stderr.isTTY === true) process.stderr.write('\r\u001b[K');
}
