/**
 * A streaming NDJSON driver: reads lines in chunks, calls a function per line, and writes one
 * output line per input line, in order. Memory stays bounded whatever the input size: it waits
 * for stdout to drain before reading on, and a line longer than the limit becomes an error
 * record instead of an ever-growing buffer.
 *
 * Input is read as bytes and split at newline bytes (0x0A never occurs inside a UTF-8
 * character), and each line must be UTF-8: a line with an invalid byte becomes an error record
 * with the byte's position instead of text with U+FFFD in it.
 *
 * With a `stop` signal (SIGINT, SIGTERM: see `io/stop-signals.ts`), the run stops after the
 * chunk in hand, writes only whole lines, waits until they are flushed, and reports
 * `stopped: true`; the incomplete line being read is dropped, never half-written.
 *
 * @module
 */
import { isUtf8 } from 'node:buffer';
import type { Readable, Writable } from 'node:stream';
import { flushed } from '../io/stdio.js';
import { findInvalidUtf8, type Utf8Error } from '../io/utf8.js';

/** The result of one line: the output line (JSON, no newline) and whether it failed. */
export interface LineResult {
  readonly output: string;
  readonly failed: boolean;
  /** For a failed line: the message for the summary. */
  readonly message?: string;
}

/** What a run counted. */
export interface StreamSummary {
  /** Lines read and records written (one per line, all flushed when the run returns). */
  readonly lines: number;
  readonly failed: number;
  /** The first few failed line numbers with their messages. */
  readonly firstFailures: readonly { readonly line: number; readonly message: string }[];
  readonly seconds: number;
  /** Whether the `stop` signal ended the run before the end of the input. */
  readonly stopped: boolean;
}

/** Options of {@link streamNdjson}. */
export interface StreamOptions {
  /** The longest line accepted, in bytes. */
  readonly maxLineLength?: number;
  /** Called after each chunk with the lines done so far and the seconds spent (for a progress display; it throttles). */
  readonly onProgress?: (lines: number, seconds: number) => void;
  /** Builds the error record of a line that is too long (`length` in bytes). */
  readonly tooLong: (line: number, length: number) => LineResult;
  /** Builds the record of an empty line. */
  readonly empty: (line: number) => LineResult;
  /** Builds the error record of a line that is not UTF-8 (the offset is within the line). */
  readonly invalidUtf8: (line: number, error: Utf8Error) => LineResult;
  /** Stops the run at the next chunk boundary when aborted (see the module comment). */
  readonly stop?: AbortSignal;
}

const DEFAULT_MAX_LINE = 16 * 1024 * 1024;
const NEWLINE = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];

/**
 * Runs `processLine` over every line of `input`, writing its output lines to `output`.
 * A final line without a newline counts; the empty remainder after a final newline does not.
 */
export async function streamNdjson(
  input: Readable,
  output: Writable,
  processLine: (text: string, line: number) => LineResult,
  options: StreamOptions,
): Promise<StreamSummary> {
  const maxLine = options.maxLineLength ?? DEFAULT_MAX_LINE;
  const start = performance.now();
  let lines = 0;
  let failed = 0;
  const firstFailures: { line: number; message: string }[] = [];
  let rest: Buffer[] = []; // the bytes of the line being read, before its newline
  let restLength = 0;
  let skipping = false; // inside an over-long line, dropping bytes until its newline
  let skippedLength = 0;

  const emit = (result: LineResult, out: string[]) => {
    out.push(result.output);
    if (result.failed) {
      failed++;
      if (firstFailures.length < 5)
        firstFailures.push({ line: lines, message: result.message ?? result.output });
    }
  };
  /** A line known to be valid UTF-8, decoded. */
  const handleText = (text: string, out: string[]) => {
    lines++;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    emit(line.trim() === '' ? options.empty(lines) : processLine(line, lines), out);
  };
  /** A line as bytes. */
  const handleBytes = (bytes: Buffer, out: string[]) => {
    const bad = findInvalidUtf8(bytes);
    if (bad === undefined) handleText(bytes.toString('utf8'), out);
    else {
      lines++;
      emit(options.invalidUtf8(lines, bad), out);
    }
  };
  /** The complete lines of `region` (bytes that end just before a newline). */
  const handleRegion = (region: Buffer, out: string[]) => {
    if (isUtf8(region)) {
      // The common case: the whole region is UTF-8; decode it once and split the text.
      const text = region.toString('utf8');
      let from = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
        handleText(text.slice(from, nl), out);
        from = nl + 1;
      }
      handleText(text.slice(from), out);
      return;
    }
    let from = 0;
    for (let nl = region.indexOf(NEWLINE); nl !== -1; nl = region.indexOf(NEWLINE, from)) {
      handleBytes(region.subarray(from, nl), out);
      from = nl + 1;
    }
    handleBytes(region.subarray(from), out);
  };
  /** The end of the pending line, up to a newline at `nl` in `chunk`. */
  const finishPending = (chunk: Buffer, nl: number, out: string[]) => {
    if (skipping) {
      skipping = false;
      lines++;
      emit(options.tooLong(lines, skippedLength + nl), out);
      skippedLength = 0;
      return;
    }
    const head = chunk.subarray(0, nl);
    handleBytes(restLength === 0 ? head : Buffer.concat([...rest, head]), out);
    rest = [];
    restLength = 0;
  };
  /** Bytes after the last newline of a chunk: kept for the next one, or dropped when too long. */
  const keep = (tail: Buffer) => {
    if (skipping) {
      skippedLength += tail.length;
      return;
    }
    if (tail.length === 0) return;
    rest.push(tail);
    restLength += tail.length;
    if (restLength > maxLine) {
      skipping = true;
      skippedLength = restLength;
      rest = [];
      restLength = 0;
    }
  };
  const write = async (out: string[]) => {
    if (out.length === 0) return;
    if (!output.write(`${out.join('\n')}\n`)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          output.off('drain', done);
          output.off('error', done);
          if (error) reject(error);
          else resolve();
        };
        output.on('drain', done);
        output.on('error', done);
      });
    }
  };

  const stop = options.stop;
  const wake = () => input.destroy(); // ends a read that waits for more input
  stop?.addEventListener('abort', wake, { once: true });
  let first = true;
  try {
    for await (const data of input as AsyncIterable<Buffer | string>) {
      let chunk = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      if (first) {
        first = false;
        if (chunk[0] === BOM[0] && chunk[1] === BOM[1] && chunk[2] === BOM[2]) chunk = chunk.subarray(3);
      }
      const out: string[] = [];
      const firstNl = chunk.indexOf(NEWLINE);
      if (firstNl === -1) keep(chunk);
      else {
        finishPending(chunk, firstNl, out);
        const lastNl = chunk.lastIndexOf(NEWLINE);
        if (lastNl > firstNl) handleRegion(chunk.subarray(firstNl + 1, lastNl), out);
        keep(chunk.subarray(lastNl + 1));
      }
      await write(out);
      if (options.onProgress) options.onProgress(lines, (performance.now() - start) / 1000);
      if (stop?.aborted) break;
    }
  } catch (error) {
    if (!stop?.aborted) throw error;
  } finally {
    stop?.removeEventListener('abort', wake);
  }
  const stopped = stop?.aborted === true;
  if (!stopped) {
    const out: string[] = [];
    if (skipping) {
      lines++;
      emit(options.tooLong(lines, skippedLength), out);
    } else if (restLength > 0) handleBytes(Buffer.concat(rest), out);
    await write(out);
  }
  await flushed(output);
  return { lines, failed, firstFailures, seconds: (performance.now() - start) / 1000, stopped };
}
