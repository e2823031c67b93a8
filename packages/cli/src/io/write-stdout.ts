/**
 * Writing a command's records to standard output, resolving whether the write went through (a
 * closed pipe resolves false rather than throwing).
 *
 * @module
 */

/** Writes text to stdout, waiting for it to drain; a closed pipe ends the output quietly (false). */
export function write(text: string): Promise<boolean> {
  if (process.stdout.listenerCount('error') === 0) process.stdout.on('error', () => undefined);
  let done: (ok: boolean) => void = () => undefined;
  const written = new Promise<boolean>((resolve) => {
    done = resolve;
  });
  // The callback holds `done`, not the text: a callback written inside the promise's executor
  // kept the text until it ran, after a synchronous loop of writes (inspect's records: 33 MB).
  process.stdout.write(text, (error) => done(!error));
  return written;
}
