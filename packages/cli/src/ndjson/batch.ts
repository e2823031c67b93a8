/**
 * A batch of NDJSON lines, the unit that the stream driver (`stream.ts`) hands to the main thread
 * or to a worker thread (`pool.ts`), and the one function that processes it in either place, so
 * that a line gives the same output wherever it ran.
 *
 * A batch holds raw bytes (complete lines, each ending in a newline byte): the main thread only
 * cuts the input at newlines, and decoding, the UTF-8 check and the line function run where the
 * batch is processed. Each line must be UTF-8: a line with an invalid byte gives an error result
 * with the byte's position instead of text with U+FFFD in it. A carriage return before the
 * newline is dropped; a line of white space only is an empty line.
 *
 * @module
 */
import { isUtf8 } from 'node:buffer';
import { findInvalidUtf8, type Utf8Error } from '../io/utf8.js';

/** The result of one line: the output line (JSON, no newline) and whether it failed. */
export interface LineResult {
  readonly output: string;
  readonly failed: boolean;
  /** For a failed line: the message for the summary. */
  readonly message?: string;
  /** Numbers the line marked, gathered over the run (the answers file's entries that matched the line's table). */
  readonly marks?: readonly number[];
  /** Data the line gives beside its record (plain data): a batch's are folded by `LineHandlers.foldSides`. */
  readonly side?: unknown;
}

/** What a command does with each line of a batch (the same functions in the main thread and in a worker). */
export interface LineHandlers {
  /** Processes the text of the line numbered `line` (1-based). */
  readonly processLine: (text: string, line: number) => LineResult;
  /** The record of an empty line. */
  readonly empty: (line: number) => LineResult;
  /** The error record of a line that is not UTF-8 (the offset is within the line). */
  readonly invalidUtf8: (line: number, error: Utf8Error) => LineResult;
  /**
   * A new fold of one batch's `side` data, where the batch runs: each line's side is added as the
   * line is done (in line order), and the fold's value, plain data, goes to `onSides` in input
   * order. Without it, the value is the array of the sides.
   */
  readonly foldSides?: () => SideFold;
}

/**
 * The `side` data of one batch's lines folded into one value, a line at a time: a side folded as
 * soon as its line is done is garbage at once, where the sides held to the end of the batch were
 * copied by each young collection meanwhile (`--questions` with 2 threads, medians of 19 interleaved
 * rounds: 0.93x the CPU on the questions plan, 0.96x on cli-ndjson's tables).
 */
export interface SideFold {
  /** Adds the side of the next line. */
  readonly add: (side: unknown) => void;
  /** The value of the sides added (plain data, so that a worker can post it). */
  readonly value: () => unknown;
}

/** Complete lines of the input; plain data, so it can be posted to a worker thread. */
export interface LineBatch {
  /** The number of the first line (1-based). */
  readonly first: number;
  /** The lines' bytes, each line ending in a newline byte. */
  readonly bytes: Uint8Array;
}

/** What a batch gave; plain data, so it can be posted back from a worker thread. */
export interface BatchOutput {
  /** The output lines, each ending in a newline. */
  readonly text: string;
  /** How many lines the batch held. */
  readonly lines: number;
  /** The lines that failed, in order: their number and their message. */
  readonly failures: readonly { readonly line: number; readonly message: string }[];
  /** The numbers the batch's lines marked, each once. */
  readonly marks?: readonly number[];
  /** The lines' `side` data (those that gave one), folded by `LineHandlers.foldSides` or as an array in line order. */
  readonly sides?: unknown;
}

const NEWLINE = 0x0a;

/** Processes every line of `batch` with `handlers`. */
export function runBatch(batch: LineBatch, handlers: LineHandlers): BatchOutput {
  const outputs: string[] = [];
  const failures: { line: number; message: string }[] = [];
  const marks = new Set<number>();
  const fold = handlers.foldSides?.();
  const sides: unknown[] = [];
  let sided = 0;
  let line = batch.first;
  const add = (result: LineResult) => {
    outputs.push(result.output);
    if (result.marks !== undefined) for (const m of result.marks) marks.add(m);
    if (result.side !== undefined) {
      if (fold === undefined) sides.push(result.side);
      else fold.add(result.side);
      sided++;
    }
    if (result.failed) failures.push({ line, message: result.message ?? result.output });
    line++;
  };
  const text = (raw: string) => {
    const t = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    add(t.trim() === '' ? handlers.empty(line) : handlers.processLine(t, line));
  };
  const bytes = batch.bytes;
  if (isUtf8(bytes)) {
    // The common case: every line is UTF-8; decode them at once and split the text.
    const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    for (let from = 0, nl = all.indexOf('\n'); nl !== -1; from = nl + 1, nl = all.indexOf('\n', from))
      text(all.slice(from, nl));
  } else {
    for (
      let from = 0, nl = bytes.indexOf(NEWLINE);
      nl !== -1;
      from = nl + 1, nl = bytes.indexOf(NEWLINE, from)
    ) {
      const lineBytes = bytes.subarray(from, nl);
      const bad = findInvalidUtf8(lineBytes);
      if (bad === undefined)
        text(Buffer.from(lineBytes.buffer, lineBytes.byteOffset, lineBytes.byteLength).toString('utf8'));
      else add(handlers.invalidUtf8(line, bad));
    }
  }
  const joined = outputs.length === 0 ? '' : `${outputs.join('\n')}\n`;
  const out: BatchOutput = { text: joined, lines: line - batch.first, failures };
  return marks.size === 0 && sided === 0
    ? out
    : Object.assign(
        out,
        marks.size === 0 ? {} : { marks: [...marks] },
        sided === 0 ? {} : { sides: fold === undefined ? sides : fold.value() },
      );
}
