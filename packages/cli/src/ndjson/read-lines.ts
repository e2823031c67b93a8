/**
 * Reads the lines of an NDJSON input (a path, or `-` for stdin) one at a time with the stream
 * driver (`stream.ts`): memory stays bounded whatever the input's size, a line longer than the
 * limit (16 MiB, as for `recommend`) is reported as such and never held whole, and a line that
 * is not UTF-8 is reported with its byte. For commands that take every line in before acting
 * (`apply` checks the whole plan before sending; `report` builds its rows).
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { type Readable, Writable } from 'node:stream';
import { usageError } from '../errors.js';
import { sourceName } from '../io/read.js';
import { MAX_LINE_BYTES, streamNdjson } from './stream.js';

/** What a reader does with each line; a line's handler may call `stop()` to end the reading. */
export interface LineReader {
  /** A line's text (no newline, no carriage return), numbered from 1. */
  readonly line: (text: string, line: number) => void;
  /** An empty line (or one of white space only). */
  readonly empty: (line: number) => void;
  /** A line that cannot be read: too long, or not UTF-8. */
  readonly unreadable: (line: number, message: string) => void;
}

/** A writable that keeps nothing: the readers build their own results, not output lines. */
const discard = (): Writable =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

const NOTHING = { output: '', failed: false } as const;

/**
 * Reads every line of `source` (`what` names it in messages: `plan`, `report input`); returns
 * the number of lines read. `stop` ends the reading early (after the chunk in hand).
 */
export async function readLines(
  source: string,
  what: string,
  reader: LineReader,
  stop?: AbortSignal,
): Promise<number> {
  const input: Readable =
    source === '-' ? process.stdin : createReadStream(source, { highWaterMark: 64 * 1024 });
  let openError: NodeJS.ErrnoException | undefined;
  input.on('error', (error) => {
    openError = error;
  });
  try {
    const summary = await streamNdjson(
      input,
      discard(),
      {
        processLine: (text, line) => {
          reader.line(text, line);
          return NOTHING;
        },
        empty: (line) => {
          reader.empty(line);
          return NOTHING;
        },
        invalidUtf8: (line, bad) => {
          reader.unreadable(line, `not valid UTF-8 at byte ${bad.offset + 1} of the line: ${bad.reason}`);
          return NOTHING;
        },
      },
      {
        maxLineLength: MAX_LINE_BYTES,
        tooLong: (line, length) => {
          reader.unreadable(line, `${length} bytes, longer than the 16 MiB limit of a line`);
          return NOTHING;
        },
        ...(stop === undefined ? {} : { stop }),
      },
    );
    return summary.lines;
  } catch (error) {
    const e = (openError ?? error) as NodeJS.ErrnoException;
    const name = sourceName(source);
    if (e.code === 'ENOENT') throw usageError(`${what} file not found: ${name}`);
    if (e.code === 'EISDIR') throw usageError(`${what} path is a directory, expected a file: ${name}`);
    if (e.code === 'EACCES') throw usageError(`${what} file is not readable (permission denied): ${name}`);
    throw error;
  }
}
