/**
 * A streaming NDJSON driver: reads lines in chunks, calls a function per line, and writes one
 * output line per input line, in order. Memory stays bounded whatever the input size: it waits
 * for stdout to drain before reading on, and a line longer than the limit becomes an error
 * record instead of an ever-growing buffer.
 *
 * @module
 */
import type { Readable, Writable } from 'node:stream';

/** The result of one line: the output line (JSON, no newline) and whether it failed. */
export interface LineResult {
  readonly output: string;
  readonly failed: boolean;
  /** For a failed line: the message for the summary. */
  readonly message?: string;
}

/** What a run counted. */
export interface StreamSummary {
  readonly lines: number;
  readonly failed: number;
  /** The first few failed line numbers with their messages. */
  readonly firstFailures: readonly { readonly line: number; readonly message: string }[];
  readonly seconds: number;
}

/** Options of {@link streamNdjson}. */
export interface StreamOptions {
  /** The longest line accepted, in UTF-16 code units. */
  readonly maxLineLength?: number;
  /** Called after each chunk with the lines done so far and the seconds spent (for a progress display; it throttles). */
  readonly onProgress?: (lines: number, seconds: number) => void;
  /** Builds the error record of a line that is too long. */
  readonly tooLong: (line: number, length: number) => LineResult;
  /** Builds the record of an empty line. */
  readonly empty: (line: number) => LineResult;
}

const DEFAULT_MAX_LINE = 16 * 1024 * 1024;

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
  let rest = '';
  let skipping = false; // inside an over-long line, dropping text until its newline
  let skippedLength = 0;

  const emit = (result: LineResult, out: string[]) => {
    out.push(result.output);
    if (result.failed) {
      failed++;
      if (firstFailures.length < 5)
        firstFailures.push({ line: lines, message: result.message ?? result.output });
    }
  };
  const handle = (text: string, out: string[]) => {
    lines++;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    emit(line.trim() === '' ? options.empty(lines) : processLine(line, lines), out);
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

  input.setEncoding('utf8');
  let first = true;
  for await (let chunk of input as AsyncIterable<string>) {
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1); // a UTF-8 byte-order mark
    }
    const out: string[] = [];
    let from = 0;
    let nl = chunk.indexOf('\n');
    while (nl !== -1) {
      if (skipping) {
        skipping = false;
        lines++;
        emit(options.tooLong(lines, skippedLength + nl), out);
        skippedLength = 0;
      } else {
        handle(rest === '' ? chunk.slice(from, nl) : rest + chunk.slice(from, nl), out);
        rest = '';
      }
      from = nl + 1;
      nl = chunk.indexOf('\n', from);
    }
    if (skipping) skippedLength += chunk.length - from;
    else {
      rest += chunk.slice(from);
      if (rest.length > maxLine) {
        skipping = true;
        skippedLength = rest.length;
        rest = '';
      }
    }
    await write(out);
    if (options.onProgress) options.onProgress(lines, (performance.now() - start) / 1000);
  }
  const out: string[] = [];
  if (skipping) {
    lines++;
    emit(options.tooLong(lines, skippedLength), out);
  } else if (rest !== '') handle(rest, out);
  await write(out);
  return { lines, failed, firstFailures, seconds: (performance.now() - start) / 1000 };
}
