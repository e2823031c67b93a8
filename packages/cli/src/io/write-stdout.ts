/**
 * Writing a command's records to standard output, resolving whether the write went through (a
 * closed pipe resolves false rather than throwing).
 *
 * @module
 */

/** Writes text to stdout, waiting for it to drain; a closed pipe ends the output quietly (false). */
export function write(text: string): Promise<boolean> {
  if (process.stdout.listenerCount('error') === 0) process.stdout.on('error', () => undefined);
  return new Promise((resolve) => {
    process.stdout.write(text, (error) => resolve(!error));
  });
}
