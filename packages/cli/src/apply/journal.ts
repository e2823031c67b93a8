/**
 * The journal of `querymode apply --journal FILE`: evidence of what the server accepted, so that a
 * rerun after a crash, a kill or Ctrl-C sends nothing that already succeeded, and everything else.
 *
 * Each change that was sent gets one JSON line, appended and flushed to disk (fsync) before its
 * result is reported: the base URL it went to, the pipeline, the object, the exact config sent,
 * the HTTP status (null when no answer came: a timeout, a dropped connection) and the time. A
 * change counts as done only when the latest entry for its object at the same base URL is a 2xx
 * without an error (a 2xx that was not the API's answer carries `error: "invalid_response"`)
 * for the same config: so a rollback A → B → A sends A again, a failure after a success makes the
 * object uncertain again, and a journal made against one host says nothing about another.
 *
 * The file must be a journal: a file whose first entry, or any JSON line, is not a journal entry
 * (the plan itself, another tool's output) is refused. A last line cut short by a crash is ignored.
 * It is opened as `-o` targets are: only a regular file or a new path, never through a symbolic
 * link, a device, a FIFO or a socket. While a run appends to it, a lock file beside it (`FILE.lock`,
 * holding the process id) makes a second `apply` on the same journal refuse rather than send the
 * same changes again; a lock left by a process that no longer runs is taken over.
 *
 * @module
 */
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  readSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { usageError } from '../errors.js';
import { errnoCode, errnoReason } from '../io/errno.js';
import { specialKind } from '../io/output-file.js';
import { changeKey, objectKey, type PlanItem } from './records.js';
import type { SentChange } from './run.js';

/** The version of the entries' format, in every entry's `querymode_journal` key. */
export const JOURNAL_VERSION = 1;

/** One line of a journal. */
export interface JournalEntry {
  readonly querymode_journal: typeof JOURNAL_VERSION;
  /** The base URL the request went to (origin and path, without the API prefix). */
  readonly base_url: string;
  readonly pipeline_id: string;
  readonly object_name: string;
  /** The config sent, exactly. */
  readonly config: unknown;
  /** The HTTP status; null when no answer came. */
  readonly status: number | null;
  /** The client error's kind, for a failure. */
  readonly error?: string;
  /** When the answer came (ISO 8601). */
  readonly at: string;
}

/** What a journal holds for one base URL. */
export interface JournalContent {
  /** The changes done at this base URL, by change key (see the module comment). */
  readonly done: Set<string>;
  /** Lines that could not be read (a line cut short by a crash). */
  readonly unreadable: number;
  /** Entries about other base URLs, which count for nothing here. */
  readonly otherBaseUrl: number;
}

/** An open journal. */
export interface Journal extends JournalContent {
  /** Records a change that was sent and what came of it, flushed to disk. Throws when the write fails. */
  record(item: PlanItem, sent: SentChange): void;
  /** Closes the file and releases the lock. */
  close(): void;
}

const isEntry = (v: unknown): v is JournalEntry => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const e = v as Record<string, unknown>;
  return (
    e.querymode_journal === JOURNAL_VERSION &&
    typeof e.base_url === 'string' &&
    typeof e.pipeline_id === 'string' &&
    typeof e.object_name === 'string' &&
    e.config !== undefined &&
    (e.status === null || (typeof e.status === 'number' && Number.isInteger(e.status)))
  );
};

const notAJournal = (path: string, line: number, why: string) =>
  usageError(
    `refusing --journal ${path}: it is not an apply journal (line ${line} ${why}); give a new file or a journal that apply wrote`,
  );

/** The longest journal line read, in bytes (an entry is a few hundred bytes). */
const MAX_ENTRY_BYTES = 1024 * 1024;

/**
 * Calls `onLine` with each line of the open file `fd` (as UTF-8, without its newline), read in
 * chunks so that a large journal is never one string; a line over {@link MAX_ENTRY_BYTES} is
 * passed as `undefined`. Returns whether the file ends in a newline (or is empty).
 */
function eachLine(fd: number, onLine: (line: string | undefined, n: number) => void): boolean {
  const chunk = Buffer.allocUnsafe(1024 * 1024);
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let tooLong = false;
  let n = 0;
  let last = 0x0a;
  const flush = (): void => {
    n += 1;
    onLine(tooLong ? undefined : Buffer.concat(pending, pendingLength).toString('utf8'), n);
    pending = [];
    pendingLength = 0;
    tooLong = false;
  };
  for (;;) {
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    last = chunk[read - 1] as number;
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, 0); nl !== -1 && nl < read; nl = chunk.indexOf(0x0a, start)) {
      if (!tooLong) pending.push(Buffer.from(chunk.subarray(start, nl)));
      pendingLength += nl - start;
      flush();
      start = nl + 1;
    }
    if (start < read) {
      pendingLength += read - start;
      if (pendingLength > MAX_ENTRY_BYTES) {
        tooLong = true;
        pending = [];
      } else pending.push(Buffer.from(chunk.subarray(start, read)));
    }
  }
  if (pendingLength > 0 || tooLong) flush();
  return last === 0x0a;
}

/** Reads a journal from the open file `fd`; see the module comment for what counts. */
export function parseJournal(
  fd: number,
  path: string,
  baseUrl: string,
): JournalContent & { endsWell: boolean } {
  const latest = new Map<string, JournalEntry>();
  let unreadable = 0;
  let otherBaseUrl = 0;
  let entries = 0;
  const endsWell = eachLine(fd, (line, n) => {
    const i = n - 1;
    if (line === undefined) {
      if (entries === 0) throw notAJournal(path, n, `is longer than ${MAX_ENTRY_BYTES} bytes`);
      unreadable += 1;
      return;
    }
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (entries === 0) throw notAJournal(path, i + 1, 'is not JSON');
      unreadable += 1;
      return;
    }
    if (!isEntry(value)) {
      const what =
        typeof value === 'object' && value !== null && 'config' in value
          ? 'is a plan record, not a journal entry'
          : 'is not a journal entry';
      throw notAJournal(path, i + 1, what);
    }
    entries += 1;
    if (value.base_url !== baseUrl) {
      otherBaseUrl += 1;
      return;
    }
    latest.set(objectKey(value.pipeline_id, value.object_name), value);
  });
  const done = new Set<string>();
  for (const e of latest.values()) {
    if (e.status !== null && e.status >= 200 && e.status < 300 && e.error === undefined) {
      done.add(changeKey(e.pipeline_id, e.object_name, e.config));
    }
  }
  return { done, unreadable, otherBaseUrl, endsWell };
}

/** Refuses a path that is not a regular file (a link, a device, a FIFO, a directory, a socket). */
function checkJournalPath(path: string): void {
  let kind: string | undefined;
  try {
    kind = specialKind(lstatSync(path));
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return;
    throw usageError(`cannot use --journal ${path}: ${errnoReason(error)}`);
  }
  if (kind !== undefined) {
    throw usageError(
      `refusing --journal ${path}: it is ${kind}; a journal is a regular file: give its own path`,
    );
  }
}

function openError(path: string, error: unknown): Error {
  const code = errnoCode(error);
  if (code === 'ENOENT') return usageError(`cannot open the journal ${path}: its directory does not exist`);
  if (code === 'ELOOP') return usageError(`refusing --journal ${path}: it is a symbolic link`);
  return usageError(`cannot open the journal ${path}: ${errnoReason(error)}`);
}

/** Reads the changes a journal holds for `baseUrl` (none when it does not exist yet), without opening it for writing. */
export function readJournal(path: string, baseUrl: string): JournalContent {
  checkJournalPath(path);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { done: new Set(), unreadable: 0, otherBaseUrl: 0 };
    throw openError(path, error);
  }
  try {
    const kind = specialKind(fstatSync(fd));
    if (kind !== undefined) throw usageError(`refusing --journal ${path}: it is ${kind}`);
    return parseJournal(fd, path, baseUrl);
  } finally {
    closeSync(fd);
  }
}

/** Whether a process with this id runs (a signal 0 reaches it, or it exists but is not ours). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM';
  }
}

/** The process id in a lock file; `gone` when the file went away meanwhile. */
function lockHolder(path: string, lockPath: string): number | 'gone' {
  try {
    if (!lstatSync(lockPath).isFile()) {
      throw usageError(`refusing --journal ${path}: ${lockPath} exists and is not a lock file`);
    }
    return Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return 'gone';
    if (error instanceof Error && 'exitCode' in error) throw error;
    throw openError(lockPath, error);
  }
}

/**
 * The mode of a journal and its lock when this run creates them: the owner's alone, since a
 * journal names the account's pipelines, objects and base URL.
 */
const PRIVATE = 0o600;

/** Takes the lock file of a journal, or refuses when another running process holds it. */
function lock(path: string): () => void {
  const lockPath = `${path}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE });
      return () => {
        try {
          unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') throw openError(lockPath, error);
    }
    const holder = lockHolder(path, lockPath);
    if (holder === 'gone') continue;
    // A lock being written (no id yet) or held by a running process: another apply uses the journal.
    if (!Number.isInteger(holder) || holder <= 0 || running(holder)) {
      throw usageError(
        `the journal ${path} is in use by another apply${Number.isInteger(holder) ? ` (process ${holder})` : ''}: wait for it to finish, or give another --journal; if no apply runs, remove ${lockPath}`,
      );
    }
    // Left by a process that no longer runs (killed): take it over.
    try {
      unlinkSync(lockPath);
    } catch {
      // Another run took it over first; the next attempt sees its lock.
    }
  }
  throw usageError(`cannot lock the journal ${path}: remove ${lockPath} and try again`);
}

/** Opens a journal for appending (creating it) after locking it and reading what it holds for `baseUrl`. */
export function openJournal(path: string, baseUrl: string): Journal {
  checkJournalPath(path);
  const unlock = lock(path);
  let fd: number | undefined;
  try {
    try {
      fd = openSync(
        path,
        constants.O_RDWR |
          constants.O_CREAT |
          constants.O_APPEND |
          constants.O_NOFOLLOW |
          constants.O_NONBLOCK,
        PRIVATE,
      );
    } catch (error) {
      throw openError(path, error);
    }
    // Checked again on the open file: the path may have changed since it was checked.
    const kind = specialKind(fstatSync(fd));
    if (kind !== undefined) throw usageError(`refusing --journal ${path}: it is ${kind}`);
    const { endsWell, ...content } = parseJournal(fd, path, baseUrl);
    // A line cut short by a crash has no newline: start on a fresh line so the next entry is whole.
    let fresh = !endsWell;
    const file = fd;
    return {
      ...content,
      record(item, sent) {
        const entry: JournalEntry = {
          querymode_journal: JOURNAL_VERSION,
          base_url: baseUrl,
          pipeline_id: item.pipelineId,
          object_name: item.objectName,
          config: item.body.config,
          status: sent.httpStatus ?? null,
          ...(sent.errorKind === undefined ? {} : { error: sent.errorKind }),
          at: new Date().toISOString(),
        };
        try {
          writeSync(file, `${fresh ? '\n' : ''}${JSON.stringify(entry)}\n`);
          fresh = false;
          fsyncSync(file);
        } catch (error) {
          throw new Error(`cannot write the journal ${path}: ${errnoReason(error)}`);
        }
      },
      close() {
        closeSync(file);
        unlock();
      },
    };
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    unlock();
    throw error;
  }
}
