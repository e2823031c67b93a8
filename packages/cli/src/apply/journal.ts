/**
 * The journal of `querymode apply --journal FILE`: one JSON line per change that succeeded,
 * appended and flushed to disk (fsync) before the next result is reported, so that a rerun after a
 * crash, a kill or Ctrl-C sends nothing that already succeeded. A last line cut short by a crash is
 * ignored. A change is the object and its config: the same object with another config is sent again.
 *
 * @module
 */
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { usageError } from '../errors.js';
import { changeKey, type PlanItem } from './records.js';

/** An open journal. */
export interface Journal {
  /** The changes recorded, by change key. */
  readonly done: ReadonlySet<string>;
  /** Lines that could not be read (a line cut short by a crash). */
  readonly unreadable: number;
  /** Records a change that succeeded, flushed to disk. */
  record(item: PlanItem, status: number): void;
  /** Closes the file. */
  close(): void;
}

function fileError(path: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return usageError(`cannot open the journal ${path}: its directory does not exist`);
  if (code === 'EACCES') return usageError(`cannot open the journal ${path}: permission denied`);
  if (code === 'EISDIR') return usageError(`cannot open the journal ${path}: it is a directory`);
  return usageError(`cannot open the journal ${path}: ${code ?? String(error)}`);
}

/** Reads the changes a journal holds (none when it does not exist yet), without opening it for writing. */
export function readJournal(path: string): { done: Set<string>; unreadable: number } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { done: new Set(), unreadable: 0 };
    throw fileError(path, error);
  }
  const done = new Set<string>();
  let unreadable = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const entry = JSON.parse(line) as { pipeline_id?: unknown; object_name?: unknown; config?: unknown };
      if (
        typeof entry.pipeline_id === 'string' &&
        typeof entry.object_name === 'string' &&
        entry.config !== undefined
      ) {
        done.add(changeKey(entry.pipeline_id, entry.object_name, entry.config));
      } else unreadable += 1;
    } catch {
      unreadable += 1;
    }
  }
  return { done, unreadable };
}

/** Opens a journal for appending (creating it), after reading what it holds. */
export function openJournal(path: string): Journal {
  const { done, unreadable } = readJournal(path);
  let fd: number;
  try {
    fd = openSync(path, 'a', 0o644);
  } catch (error) {
    throw fileError(path, error);
  }
  // A line cut short by a crash has no newline: start on a fresh line so the next entry is whole.
  let fresh = false;
  try {
    const text = readFileSync(path, 'utf8');
    fresh = text.length > 0 && !text.endsWith('\n');
  } catch {
    fresh = false;
  }
  return {
    done,
    unreadable,
    record(item, status) {
      const entry = {
        pipeline_id: item.pipelineId,
        object_name: item.objectName,
        config: item.body.config,
        status,
        at: new Date().toISOString(),
      };
      writeSync(fd, `${fresh ? '\n' : ''}${JSON.stringify(entry)}\n`);
      fresh = false;
      fsyncSync(fd);
    },
    close() {
      closeSync(fd);
    },
  };
}
