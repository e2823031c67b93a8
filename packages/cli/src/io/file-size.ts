/**
 * The size of an input that is a regular file, for decisions that pay only on long inputs (the
 * worker threads of `recommend --ndjson`). A pipe, a terminal, a device or a path that cannot be
 * read has no size known in advance: undefined, and the caller goes on without it.
 *
 * @module
 */
import { fstatSync, statSync } from 'node:fs';

/** The size in bytes of the regular file at `path`, or open as descriptor `fd`; undefined for anything else. */
export function regularFileSize(file: string | number): number | undefined {
  try {
    const stats = typeof file === 'number' ? fstatSync(file) : statSync(file);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    // Not there or not readable: the read itself reports it.
    return undefined;
  }
}
