/**
 * Plain words for the system errors a command meets when it reads or writes, so that every
 * one-line message says what happened instead of a bare code.
 *
 * @module
 */

const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EFBIG: 'the file would exceed the file size limit (see `ulimit -f`)',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EIO: 'an input/output error occurred on the device',
  EPIPE: 'the reading end of the pipe was closed',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'the file name is too long',
  EMFILE: 'too many open files',
  ENXIO: 'no reader or device is attached to it',
  EAGAIN: 'it is not ready for writing',
  EXDEV: 'it is on another file system',
  ETXTBSY: 'the file is busy',
};

/** The errno code of a thrown value (`ENOSPC`, ...), or undefined. */
export const errnoCode = (error: unknown): string | undefined => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * A short reason for a failed system call, with its code: `no space left on the device (ENOSPC)`.
 * An error without a code gives its message.
 */
export function errnoReason(error: unknown): string {
  const code = errnoCode(error);
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  const reason = REASONS[code];
  return reason === undefined ? code : `${reason} (${code})`;
}
