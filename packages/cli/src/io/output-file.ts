/**
 * `-o FILE`: the one way every command writes a result file. The target ends up holding either
 * its old content or the whole new content, never a part, whatever happens (a full disk, a file
 * size limit, an I/O error, a crash): the content goes to a temporary file beside the target,
 * every byte of it is written (short writes are resumed), it is flushed to the disk, and only
 * then renamed over the target.
 *
 * Only a regular file or a new path is a target. A device, a FIFO, a socket, a directory or a
 * symbolic link is refused with one line before anything is written: renaming over it would
 * replace it with a regular file (as root, `-o /dev/null` would replace the device node). To
 * write into a FIFO or a device, redirect stdout instead (`> path`).
 *
 * Usage in a command: `writeFileAtomic(flags.output, text, '-o')` (or `writeOutput` in `write.ts`,
 * which picks stdout when there is no `-o`). The last argument is the flag that named the file
 * (`-o`, `--junit`, `--report`): every message names it, so the user knows which flag to fix. Errors are `CliError`s: exit 2 for a target that
 * cannot be used (refused, missing directory, a directory that takes no new files), exit 1 for
 * a write that failed (ENOSPC, EFBIG, EIO, ...).
 *
 * @module
 */
import {
  closeSync,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readlinkSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError, EXIT, usageError } from '../errors.js';
import { errnoCode, errnoReason } from './errno.js';

/** What a non-regular file is, for the refusal message; undefined for a regular file. */
export function specialKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** How to get what the user wanted, for each kind of refused target. */
function refusalHint(kind: string, path: string, flag: string): string {
  if (kind === 'a symbolic link') {
    let target = '';
    try {
      target = ` to ${readlinkSync(path)}`;
    } catch {
      // The link could not be read; the message names the link alone.
    }
    return `it is a symbolic link${target}; ${flag} never writes through a link: give the path of the file itself`;
  }
  if (kind === 'a directory') return 'it is a directory; give the path of a file inside it';
  return `it is ${kind}; ${flag} writes only regular files: to write into it, redirect stdout instead (> ${path})`;
}

/** The names of standard output as an output path: `-` (as `-` names stdin for an input) and its device paths. */
const STDOUT_PATHS: ReadonlySet<string> = new Set(['-', '/dev/stdout', '/dev/fd/1']);

/**
 * The file `-o` names, or undefined when it names standard output (`-`, `/dev/stdout`): the
 * result then goes to stdout as without `-o`, never to a file named `-`.
 */
export function outputFile(path: string | undefined): string | undefined {
  return path === undefined || STDOUT_PATHS.has(path) ? undefined : path;
}

/**
 * Checks that `path` can be the target of `flag` (`-o`, `--junit`): a regular file, or a new
 * name in an existing directory. Standard output (`-`, `/dev/stdout`) is refused here: a command
 * whose `-o` may name it reads the flag through `outputFile` first; for the others (`--junit`,
 * `--report`) stdout carries the command's own output. Returns the existing file's stats (undefined for a new path); throws a one-line
 * usage error otherwise. `writeFileAtomic` calls it; a command that works for long may call it
 * first, to fail before the work.
 */
export function checkOutputTarget(path: string, flag: string): Stats | undefined {
  if (STDOUT_PATHS.has(path))
    throw usageError(
      `cannot write ${flag} to standard output (${path}): stdout carries the command's own output; give a file`,
    );
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw usageError(`cannot use ${flag} ${path}: ${errnoReason(error)}`);
    checkDirectory(path, flag);
    return undefined;
  }
  const kind = specialKind(stats);
  if (kind !== undefined)
    throw usageError(`refusing to write ${flag} ${path}: ${refusalHint(kind, path, flag)}`);
  return stats;
}

/**
 * Refuses a target (of `flag`) that is the command's input (the same file, by device and inode, so that
 * another path to it or stdin redirected from it counts too): writing it would replace what the
 * command reads. `input` is a path, or `-` for stdin.
 */
export function checkNotInput(output: string, input: string, flag: string): void {
  let target: Stats;
  let source: Stats;
  try {
    target = statSync(output);
    source = input === '-' ? fstatSync(0) : statSync(input);
  } catch {
    return; // A new target, or an input that cannot be read (its reader says so): not the same file.
  }
  if (source.isFile() && target.dev === source.dev && target.ino === source.ino) {
    const from = input === '-' ? 'stdin comes from it' : `it is the input file ${input}`;
    throw usageError(
      `refusing ${flag} ${output}: ${from}, which the output would replace; write to another file`,
    );
  }
}

/** The directory of a new target must exist and be a directory. */
function checkDirectory(path: string, flag: string): void {
  const dir = dirname(path);
  let stats: Stats;
  try {
    stats = statSync(dir);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') {
      throw usageError(`cannot write ${flag} ${path}: its directory ${dir} does not exist; create it first`);
    }
    throw usageError(`cannot write ${flag} ${path}: ${dir}: ${errnoReason(error)}`);
  }
  if (!stats.isDirectory()) throw usageError(`cannot write ${flag} ${path}: ${dir} is not a directory`);
}

/** The mode of a file that holds a secret (`secret: true`): read and written by its owner alone. */
export const SECRET_MODE = 0o600;

/** A name for the temporary file beside the target, unique to this process and moment. */
const temporaryPath = (path: string, attempt: number): string =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now().toString(36)}${attempt}.tmp`);

/** Creates the temporary file (never an existing one), or fails with a message about the directory. */
function createTemporary(path: string, flag: string, mode: number): { fd: number; tmp: string } {
  for (let attempt = 0; ; attempt++) {
    const tmp = temporaryPath(path, attempt);
    try {
      return { fd: openSync(tmp, 'wx', mode), tmp };
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'EEXIST' && attempt < 5) continue;
      const dir = dirname(path);
      if (code === 'ENOENT') {
        // The directory exists (checked before), yet takes no new file: /proc, /sys and the like.
        throw usageError(
          `cannot write ${flag} ${path}: ${dir} does not accept new files (ENOENT); choose a directory on a regular file system`,
        );
      }
      throw usageError(`cannot write ${flag} ${path}: cannot create a file in ${dir}: ${errnoReason(error)}`);
    }
  }
}

/** Writes every byte of `bytes` to `fd`, resuming after short writes. */
function writeAll(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    const written = writeSync(fd, bytes, offset, bytes.length - offset);
    // A write that accepts nothing and reports no error would loop forever.
    if (written <= 0) throw Object.assign(new Error('the device accepted no bytes'), { code: 'EIO' });
    offset += written;
  }
}

/**
 * Writes `text` as UTF-8, encoded by the write itself rather than into a buffer first: the 30 MB
 * answers file of `--questions` took 35 ms of CPU a Buffer a part, 14 ms so (in-process, 12 rounds).
 */
function writeText(fd: number, text: string): void {
  const written = writeSync(fd, text);
  // A short write (a full disk, a signal) is finished from the bytes, or fails there.
  if (written < Buffer.byteLength(text, 'utf8')) writeAll(fd, Buffer.from(text, 'utf8').subarray(written));
}

/** Flushes a directory entry (the rename) to the disk, where the file system supports it. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a directory; the rename has happened all the same.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes `content` (text as UTF-8, bytes, or text in parts) to `path`, the file `flag` named, so that the file holds its old content or
 * the whole new one, never a part (see the module comment). An existing file keeps its
 * permission bits; a file that holds a secret (`secret: true`) is made mode 0600 whatever it was. Any failure removes the temporary file, leaves the target as it was, and
 * throws a one-line `CliError` (exit 1 for a failed write, 2 for a target that cannot be used).
 */
export function writeFileAtomic(
  path: string,
  content: string | Uint8Array | readonly string[],
  flag: string,
  options: { readonly secret?: boolean } = {},
): void {
  const existing = checkOutputTarget(path, flag);
  // Parts are encoded one at a time, not joined: the file of `--questions` over 100,000 tables is 30 MB.
  const parts = typeof content === 'string' || content instanceof Uint8Array ? [content] : content;
  const { fd, tmp } = createTemporary(path, flag, options.secret === true ? SECRET_MODE : 0o666);
  let open = true;
  try {
    // A file holding a secret is its owner's alone, whatever the old file's mode was.
    if (options.secret === true) fchmodSync(fd, SECRET_MODE);
    else if (existing !== undefined) fchmodSync(fd, existing.mode & 0o7777);
    for (const part of parts) {
      if (typeof part === 'string') writeText(fd, part);
      else writeAll(fd, part);
    }
    fsyncSync(fd);
    open = false;
    closeSync(fd);
    renameSync(tmp, path);
  } catch (error) {
    if (open) {
      try {
        closeSync(fd);
      } catch {
        // Already failing; the first error is the one to report.
      }
    }
    try {
      unlinkSync(tmp);
    } catch {
      // Nothing to remove, or the directory went away.
    }
    throw new CliError(
      `cannot write ${flag} ${path}: ${errnoReason(error)}; ${existing === undefined ? 'no file was created' : 'the file was left as it was'}`,
      EXIT.failed,
    );
  }
  syncDirectory(dirname(path));
}
