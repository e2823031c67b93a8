/**
 * A streaming NDJSON driver: reads lines in chunks, runs a command's line handlers on every line,
 * and writes one output line per input line, in order. Memory stays bounded whatever the input
 * size: it waits for stdout to drain before reading on, and a line longer than the limit becomes
 * an error record instead of an ever-growing buffer.
 *
 * Input is read as bytes and cut at newline bytes (0x0A never occurs inside a UTF-8 character)
 * into batches of whole lines (`batch.ts`, which decodes them and checks that each is UTF-8). A
 * batch is processed in the main thread, one per chunk read. With `parallel`, once the input has
 * proved long enough to be worth it, worker threads (`pool.ts`) start, and each batch goes to them
 * once they are ready and while they have fewer than four each in hand, and is processed in the
 * main thread otherwise (so `threads` threads in all do the work: the main thread and
 * `threads - 1` workers). Either way the outputs are written in input order and are the same,
 * line for line; only a few batches are in hand at once. So is the side data of each batch, folded
 * where the batch ran (`LineHandlers.foldSides`: a worker posts one value a batch, not one a line).
 *
 * With a `stop` signal (SIGINT, SIGTERM: see `io/stop-signals.ts`), the run stops after the
 * chunk in hand, writes only whole lines (the batches in hand are finished first), waits until
 * they are flushed, and reports `stopped: true`; the incomplete line being read is dropped, never
 * half-written.
 *
 * @module
 */
import type { Readable, Writable } from 'node:stream';
import { flushed } from '../io/stdio.js';
import { type BatchOutput, type LineHandlers, type LineResult, runBatch } from './batch.js';
import { startWorkerPool, type WorkerEvent, type WorkerPool } from './pool.js';
import { linesLeft, workersPayOff } from './workers-pay-off.js';

export type { LineHandlers, LineResult } from './batch.js';

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
  /** The threads that did the work: the main thread and the worker threads that processed lines. */
  readonly threads: number;
  /** Why a worker thread failed, if one did (the main thread then did its lines: none is lost). */
  readonly workerFailure?: string;
  /** The numbers the lines marked (`LineResult.marks`), each once. */
  readonly marks: ReadonlySet<number>;
}

/** Options of {@link streamNdjson}. */
export interface StreamOptions {
  /** The longest line accepted, in bytes. */
  readonly maxLineLength?: number;
  /** Called after each write with the lines written so far and the seconds spent (for a progress display; it throttles). */
  readonly onProgress?: (lines: number, seconds: number) => void;
  /** Builds the error record of a line that is too long (`length` in bytes). */
  readonly tooLong: (line: number, length: number) => LineResult;
  /** Stops the run at the next chunk boundary when aborted (see the module comment). */
  readonly stop?: AbortSignal;
  /**
   * Worker threads for the lines, when the handlers keep no state of their own (see `pool.ts`);
   * they start once `after` lines have been processed in the main thread.
   */
  readonly parallel?: ParallelOptions;
  /**
   * Called when the worker threads start, with the lines done and the lines left (estimated by
   * size; undefined from a pipe): a signal that does not depend on timing, unlike which threads
   * end up doing lines.
   */
  readonly onWorkersStart?: (lines: number, linesLeft: number | undefined) => void;
  /**
   * Called when a worker thread is ready for batches or fails, with the lines read so far: the
   * signals a test waits for to give a worker lines, rather than guess how long it takes to start.
   */
  readonly onWorker?: (event: WorkerEvent, lines: number) => void;
  /**
   * Called with each batch's `side` data (`LineResult.side`, folded by `LineHandlers.foldSides`),
   * in input order, as its records are written; not for a batch whose lines gave none.
   */
  readonly onSides?: (sides: unknown) => void;
}

/** How `streamNdjson` runs lines in worker threads. */
export interface ParallelOptions {
  /** The worker script, which serves batches with the same handlers (`serveBatches`). */
  readonly file: string | URL;
  /** The script's `workerData`. */
  readonly workerData: unknown;
  /** How many threads in all do the work: the main thread and `threads - 1` workers (1: no workers). */
  readonly threads: number;
  /** Lines processed in the main thread before the workers start (starting them costs tens of ms). */
  readonly after: number;
  /**
   * The input's size in bytes, when known (a regular file). The workers then start only if, by
   * the bytes per line so far, enough lines are left (`workers-pay-off.ts`).
   */
  readonly inputBytes?: number;
}

/** A batch being processed, and its output once it is there. */
interface Job {
  readonly output: Promise<BatchOutput>;
  done: BatchOutput | undefined;
}

/** The longest line read by default, in bytes: 16 MiB. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
const NEWLINE = 0x0a;
const NEWLINE_BYTE = Buffer.from('\n');
const BOM = [0xef, 0xbb, 0xbf];
/** With workers, a batch is sent once it holds this many bytes. */
const BATCH_BYTES = 256 * 1024;
/**
 * With workers, the batches in hand per worker: enough work queued that a worker does not wait while
 * the main thread does a batch of its own and then reads more input. Four rather than two: 200,000
 * tables with 2 threads took 3.48 s instead of 4.33 s from a pipe and 2.84 s instead of 3.11 s from
 * a file (medians of 5 interleaved runs).
 */
const JOBS_PER_WORKER = 4;
/** With workers, the batches in hand in all (the main thread's, done, wait behind the workers'). */
const JOBS_IN_HAND = 16;

/**
 * Runs `handlers` over every line of `input`, writing their output lines to `output`.
 * A final line without a newline counts; the empty remainder after a final newline does not.
 */
export async function streamNdjson(
  input: Readable,
  output: Writable,
  handlers: LineHandlers,
  options: StreamOptions,
): Promise<StreamSummary> {
  const maxLine = options.maxLineLength ?? MAX_LINE_BYTES;
  const parallel =
    options.parallel !== undefined && options.parallel.threads >= 2 ? options.parallel : undefined;
  const start = performance.now();
  let lines = 0; // lines cut from the input
  let written = 0; // lines whose output is written
  let failed = 0;
  const firstFailures: { line: number; message: string }[] = [];
  const marks = new Set<number>();
  let rest: Buffer[] = []; // the bytes of the line being read, before its newline
  let restLength = 0;
  let skipping = false; // inside an over-long line, dropping bytes until its newline
  let skippedLength = 0;
  let pieces: Buffer[] = []; // the batch being filled: whole lines, each ending in a newline
  let piecesLength = 0;
  let piecesFirst = 1; // the number of its first line
  const jobs: Job[] = []; // batches in hand, in input order
  let pool: WorkerPool | undefined;

  let writing: Promise<void> = Promise.resolve(); // the writes in progress, one after another
  let writeFailure: { readonly error: unknown } | undefined;

  /** Whether a ready worker has room for another batch (if not, the main thread does the batch). */
  const workersHaveRoom = () => pool !== undefined && pool.inHand() < pool.size() * JOBS_PER_WORKER;
  const addJob = (output: Promise<BatchOutput>) => {
    const job: Job = { output, done: undefined };
    jobs.push(job);
    void output.then((out) => {
      job.done = out;
      writeDoneJobs();
      // Lines that came while the workers were busy go now, rather than wait for more input.
      if (piecesLength > 0 && workersHaveRoom()) submit();
    });
  };
  /** Hands the batch being filled to a worker if one has room, or processes it here. */
  const submit = () => {
    if (piecesLength === 0) return;
    const batch = { first: piecesFirst, bytes: Buffer.concat(pieces, piecesLength) };
    pieces = [];
    piecesLength = 0;
    piecesFirst = lines + 1;
    addJob(workersHaveRoom() ? (pool as WorkerPool).run(batch) : Promise.resolve(runBatch(batch, handlers)));
  };
  /** Adds whole lines (`count` of them, each ending in a newline) to the batch being filled. */
  const addLines = (bytes: Buffer, count: number) => {
    pieces.push(bytes);
    piecesLength += bytes.length;
    lines += count;
  };
  /** A line whose result the driver knows itself (one too long to read). */
  const addKnown = (result: LineResult) => {
    submit();
    lines++;
    piecesFirst = lines + 1;
    const failures = result.failed ? [{ line: lines, message: result.message ?? result.output }] : [];
    addJob(Promise.resolve({ text: `${result.output}\n`, lines: 1, failures, marks: result.marks ?? [] }));
  };
  /** The end of the pending line, up to a newline at `nl` in `chunk`. */
  const finishPending = (chunk: Buffer, nl: number) => {
    if (skipping) {
      skipping = false;
      addKnown(options.tooLong(lines + 1, skippedLength + nl));
      skippedLength = 0;
      return;
    }
    for (const piece of rest) addLines(piece, 0);
    addLines(chunk.subarray(0, nl + 1), 1);
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
  const writeText = async (text: string) => {
    if (text === '' || output.write(text)) return;
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
  };
  /** Writes the batches in hand that are done, in order, after the writes already in progress. */
  const writeDoneJobs = () => {
    writing = writing
      .then(async () => {
        while (writeFailure === undefined && jobs[0]?.done !== undefined) {
          const out = (jobs.shift() as Job).done as BatchOutput;
          for (const f of out.failures) {
            failed++;
            if (firstFailures.length < 5) firstFailures.push(f);
          }
          if (out.marks !== undefined) for (const m of out.marks) marks.add(m);
          if (out.sides !== undefined) options.onSides?.(out.sides);
          await writeText(out.text);
          written += out.lines;
        }
      })
      .catch((error: unknown) => {
        writeFailure = { error };
      });
  };
  /** Waits until at most `inHand` batches are in hand (0: until all are written). */
  const waitForRoom = async (inHand: number) => {
    while (writeFailure === undefined && jobs.length > inHand) {
      await (jobs[0] as Job).output;
      await writing;
    }
    if (writeFailure !== undefined) throw writeFailure.error;
  };

  const stop = options.stop;
  const wake = () => input.destroy(); // ends a read that waits for more input
  stop?.addEventListener('abort', wake, { once: true });
  let first = true;
  let bytesRead = 0;
  /** Whether the workers should start now (see `workers-pay-off.ts`); says so through `onWorkersStart`. */
  const timeForWorkers = (p: ParallelOptions) => {
    const counts = { lines, after: p.after, bytesRead, inputBytes: p.inputBytes };
    if (!workersPayOff(counts)) return false;
    options.onWorkersStart?.(lines, linesLeft(counts));
    return true;
  };
  try {
    try {
      for await (const data of input as AsyncIterable<Buffer | string>) {
        let chunk = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        bytesRead += chunk.length;
        if (first) {
          first = false;
          if (chunk[0] === BOM[0] && chunk[1] === BOM[1] && chunk[2] === BOM[2]) chunk = chunk.subarray(3);
        }
        const firstNl = chunk.indexOf(NEWLINE);
        if (firstNl === -1) keep(chunk);
        else {
          finishPending(chunk, firstNl);
          const lastNl = chunk.lastIndexOf(NEWLINE);
          if (lastNl > firstNl) {
            let count = 0;
            for (let nl = firstNl; nl < lastNl; nl = chunk.indexOf(NEWLINE, nl + 1)) count++;
            addLines(chunk.subarray(firstNl + 1, lastNl + 1), count);
          }
          keep(chunk.subarray(lastNl + 1));
        }
        if (pool === undefined) {
          submit();
          if (parallel !== undefined && timeForWorkers(parallel))
            pool = await startWorkerPool({
              file: parallel.file,
              workerData: parallel.workerData,
              size: parallel.threads - 1,
              fallback: handlers,
              onWorker: (event: WorkerEvent) => options.onWorker?.(event, lines),
            });
          await waitForRoom(0);
        } else {
          if (piecesLength >= BATCH_BYTES || pool.inHand() === 0) submit();
          await waitForRoom(JOBS_IN_HAND);
        }
        if (options.onProgress) options.onProgress(written, (performance.now() - start) / 1000);
        if (stop?.aborted) break;
      }
    } catch (error) {
      if (!stop?.aborted) throw error;
    } finally {
      stop?.removeEventListener('abort', wake);
    }
    const stopped = stop?.aborted === true;
    if (!stopped) {
      if (skipping) addKnown(options.tooLong(lines + 1, skippedLength));
      else if (restLength > 0) {
        for (const piece of rest) addLines(piece, 0);
        addLines(NEWLINE_BYTE, 1);
      }
    }
    submit();
    await waitForRoom(0);
    await flushed(output);
    const workerFailure = pool?.failure();
    return {
      lines: written,
      failed,
      firstFailures,
      seconds: (performance.now() - start) / 1000,
      stopped,
      threads: 1 + (pool?.workersThatWorked() ?? 0),
      marks,
      ...(workerFailure === undefined ? {} : { workerFailure }),
    };
  } finally {
    await pool?.close();
  }
}
