/**
 * Writing results: atomically to a file (a temporary file, then a rename), or to stdout.
 *
 * @module
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { usageError } from '../errors.js';

/**
 * Writes `content` to `path` so that readers see the old file or the whole new one, never a
 * half-written file: it writes a temporary file beside it, flushes it, then renames it.
 */
export function writeFileAtomic(path: string, content: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', 0o644);
    writeSync(fd, content);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw usageError(`cannot write ${path}: its directory does not exist`);
    if (code === 'EACCES') throw usageError(`cannot write ${path}: permission denied`);
    if (code === 'EISDIR') throw usageError(`cannot write ${path}: it is a directory`);
    throw usageError(`cannot write ${path}: ${code ?? String(error)}`);
  }
}

/** Writes text to stdout, adding a final newline when it has none. */
export function printOut(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Writes a message line to stderr. */
export function printErr(text: string): void {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
}
