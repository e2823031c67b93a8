/**
 * `querymode recommend --ndjson`: one traits object per input line, one result per output line,
 * in the same order. Every record carries `status`: the recommendation's (`recommended`,
 * `needs_facts`, `none`), or `error` for a line that failed, which yields an error record with its
 * line number while the run goes on; a summary goes to stderr, and the exit is 1 if any line
 * failed. Three levels of detail (`NdjsonDetail`): compact records (`chooseMode`), with the reasons
 * (`--reasons`, `recommendSummary`), or with the traits, reasons and candidates (`--detail`,
 * `recommend`: what `querymode report` shows per table).
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { type Readable, Writable } from 'node:stream';
import type { AnswerLayers, NdjsonDetail, RecommendOptions, TableTraits, TallyPart } from '@querymode/core';
import { countOf, detailWriter, QuestionTally, questionsFileParts } from '@querymode/core';
import { answerLayers, flagsLayer } from '../../answers/load.js';
import { unmatchedEntries } from '../../answers/unmatched.js';
import { EXIT, usageError } from '../../errors.js';
import { regularFileSize } from '../../io/file-size.js';
import { checkNotInput, checkOutputTarget, outputFile } from '../../io/output-file.js';
import { interruptedMessage, signalExitCode, watchStopSignals } from '../../io/stop-signals.js';
import { summaryHead } from '../../io/style.js';
import { writeOutput } from '../../io/write.js';
import type { WorkerEvent } from '../../ndjson/pool.js';
import { streamNdjson } from '../../ndjson/stream.js';
import { ndjsonWorkerFile } from '../../ndjson/worker-file.js';
import { spanWords } from '../../options/span.js';
import { formatInt } from '../../render/number.js';
import { BATCH_FLAGS, hasTraitFlags, tableOnlyFlagsGiven, traitsFromFlags } from '../../traits/flags.js';
import { failedLine, type RecommendWorkerData, recommendHandlers } from './line.js';
import { parseThreads, type RecommendFlags } from './options.js';

/**
 * Lines done in the main thread before worker threads start (`QUERYMODE_THREADS_AFTER_LINES`
 * overrides it). A new worker runs its first lines several times slower than a warm thread (its
 * JIT has yet to compile the advisor: 154 µs a line in its first batch of 329 lines, 32 µs by its
 * fourth, on the bench's traits), so workers only pay on long inputs. Medians of 5 runs with 2
 * threads against 1: starting after 2,000 lines, 20,000 tables took 0.80 s against 0.77 s and
 * 50,000 took 1.24 s against 1.31 s; starting after 10,000, 50,000 took 1.19 s and 100,000 took
 * 1.72 s against 2.22 s.
 */
const DEFAULT_THREADS_AFTER_LINES = 10_000;

/** The lines done in the main thread before worker threads start. */
function threadsAfterLines(): number {
  const text = process.env.QUERYMODE_THREADS_AFTER_LINES;
  if (text === undefined || text === '') return DEFAULT_THREADS_AFTER_LINES;
  const n = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n))
    throw usageError(
      `QUERYMODE_THREADS_AFTER_LINES expects a whole number of lines (0 or more); received ${JSON.stringify(text)}`,
    );
  return n;
}

/**
 * A progress display for a TTY stderr: a line rewritten in place, first after
 * `QUERYMODE_PROGRESS_AFTER_MS` (default 1000) and then every 250 ms.
 */
function progressLine(): (lines: number, seconds: number) => void {
  const after = Number(process.env.QUERYMODE_PROGRESS_AFTER_MS ?? 1000) / 1000;
  let last = Number.NEGATIVE_INFINITY;
  return (lines, seconds) => {
    if (seconds < after || seconds - last < 0.25) return;
    last = seconds;
    process.stderr.write(
      `\rrecommend: ${formatInt(lines)} lines (${formatInt(seconds > 0 ? lines / seconds : lines)}/s)`,
    );
  };
}

/**
 * `recommend --ndjson` from its flags: the input (`--input` or stdin), the level of detail
 * (`--reasons`, `--detail`), the threads, and the pipeline-wide facts as every line's defaults.
 * The flags that describe one table are refused.
 */
export async function recommendNdjsonFromFlags(
  flags: RecommendFlags,
  options: RecommendOptions,
): Promise<number> {
  const tableOnly = [...(flags.traits !== undefined ? ['--traits'] : []), ...tableOnlyFlagsGiven(flags)];
  if (tableOnly.length > 0) {
    throw usageError(
      `--ndjson reads one traits object per input line, so what describes one table does not apply to it: ${tableOnly.join(', ')}. The facts of the whole pipeline do, as the default of every line that lacks them: ${BATCH_FLAGS.map((f) => `--${f.flag.name}`).join(', ')}`,
    );
  }
  const defaults = hasTraitFlags(flags) ? traitsFromFlags(flags, {}, BATCH_FLAGS) : undefined;
  const detail = flags.detail === true ? 'detail' : flags.reasons === true ? 'reasons' : 'compact';
  // The layers replace the flags' defaults when there is an answers file, or a detail to give.
  const answers =
    flags.answers !== undefined || detail === 'detail'
      ? (await answerLayers(flags.answers, defaults === undefined ? undefined : flagsLayer(flags, defaults)))
          .layers
      : undefined;
  // A --questions target that cannot be written fails before the input is opened.
  const questions = questionsTarget(flags);
  const input =
    flags.input === undefined ? process.stdin : createReadStream(flags.input, { highWaterMark: 64 * 1024 });
  // node:os loaded here, not at start: a single-table recommend has no use for it.
  const threads = parseThreads(flags.threads, (await import('node:os')).availableParallelism());
  const inputBytes = regularFileSize(flags.input ?? 0);
  return runRecommendNdjson({
    input,
    name: flags.input ?? 'stdin',
    options,
    detail,
    threads,
    ...(inputBytes === undefined ? {} : { inputBytes }),
    ...(defaults === undefined ? {} : { defaults }),
    ...(answers === undefined ? {} : { answers }),
    ...(questions === undefined ? {} : { questions }),
  });
}

/** What `runRecommendNdjson` reads: the input, the options, how the records are made and where they go. */
export interface NdjsonRun {
  /** The traits, one object per line. */
  readonly input: Readable;
  /** The input's name in messages (`stdin` or the file). */
  readonly name: string;
  readonly options: RecommendOptions;
  /** The level of detail of the records (default `compact`). */
  readonly detail?: NdjsonDetail;
  /** The threads that do the work once the input is long (default 1: the main thread alone). */
  readonly threads?: number;
  /** The input's size when it is a regular file. */
  readonly inputBytes?: number;
  /** The pipeline-wide facts, every line's defaults. */
  readonly defaults?: TableTraits;
  /** The answers' layers (`--answers`, the flags). */
  readonly answers?: AnswerLayers;
  /** Where `--questions` writes its file. */
  readonly questions?: QuestionsTarget;
}

/** Where `--questions` writes its file: a path, or stdout (`-`) in place of the records; undefined without the flag. */
export interface QuestionsTarget {
  /** The file; undefined for stdout. */
  readonly file: string | undefined;
  /** The span of the savings, in words. */
  readonly span: string;
}

/** The target of `--questions`, checked before the input is read (a directory or a device is refused). */
function questionsTarget(flags: RecommendFlags): QuestionsTarget | undefined {
  if (flags.questions === undefined) return undefined;
  const file = outputFile(flags.questions);
  if (file !== undefined) {
    checkOutputTarget(file, '--questions');
    if (flags.input !== undefined) checkNotInput(file, flags.input, '--questions');
    if (flags.answers !== undefined) checkNotInput(file, flags.answers, '--questions');
  }
  return { file, span: spanWords(flags) };
}

/** A stream that takes the records and keeps none: `--questions -` writes the questions to stdout instead. */
const discard = (): Writable =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** Writes the answers file of `--questions` (atomically to a file, or to stdout) and says so on stderr. */
function writeQuestions(tally: QuestionTally, target: QuestionsTarget): void {
  const groups = tally.groups();
  writeOutput(questionsFileParts(tally, { span: target.span }, groups), target.file, '--questions');
  const asked = groups.reduce((n, g) => n + g.tables.length, 0);
  process.stderr.write(
    `recommend: ${countOf(groups.length, 'open question')} (asked ${countOf(asked, 'time')} over ${countOf(tally.tables, 'table')}); wrote ${target.file ?? 'stdout'}\n`,
  );
}

/** `recommend: 1 worker thread starts after 3,000 lines (about 11,000 lines left)`, on stderr. */
const workersStartNote =
  (threads: number) =>
  (lines: number, left: number | undefined): void => {
    const workers = threads - 1;
    const rest =
      left === undefined ? 'input of unknown size' : `about ${formatInt(Math.round(left))} lines left`;
    process.stderr.write(
      `recommend: ${countOf(workers, 'worker thread')} start${workers === 1 ? 's' : ''} after ${countOf(lines, 'line')} (${rest})\n`,
    );
  };

/**
 * `recommend: a worker thread is ready after 600 lines` or `recommend: a worker thread failed
 * after 600 lines (why)`, on stderr, when it happens (the summary says a failure again at the end).
 */
const workerNote = (event: WorkerEvent, lines: number): void => {
  const what = 'ready' in event ? 'is ready' : `failed (${event.failed})`;
  process.stderr.write(`recommend: a worker thread ${what} after ${countOf(lines, 'line')}\n`);
};

/**
 * Runs the NDJSON stream from `input` to stdout. Once the input is long, `threads` threads do the
 * work: the main thread and `threads - 1` worker threads (from source too: see
 * `ndjson/worker-file.ts`). `inputBytes`, the input's size when it is a
 * regular file, keeps the workers from starting when too few lines are left to pay for them.
 */
export async function runRecommendNdjson(run: NdjsonRun): Promise<number> {
  const {
    input,
    name,
    options,
    detail = 'compact',
    threads = 1,
    inputBytes,
    defaults,
    answers,
    questions,
  } = run;
  const data: RecommendWorkerData = {
    options,
    detail,
    ...(defaults === undefined ? {} : { defaults }),
    ...(answers === undefined ? {} : { answers }),
    ...(questions === undefined ? {} : { questions: true }),
  };
  const tally = questions === undefined ? undefined : new QuestionTally();
  const after = threadsAfterLines();
  const tty = process.stderr.isTTY === true;
  let readError: NodeJS.ErrnoException | undefined;
  input.on('error', (error) => {
    readError = error;
  });
  let summary: Awaited<ReturnType<typeof streamNdjson>>;
  const stop = watchStopSignals();
  try {
    const records = questions !== undefined && questions.file === undefined ? discard() : process.stdout;
    // `--detail`'s first line: the texts its records cite by key, written once (docs/cli.md).
    const writer = detail === 'detail' ? detailWriter() : undefined;
    if (writer !== undefined) records.write(`${JSON.stringify(writer.legend)}\n`);
    summary = await streamNdjson(input, records, recommendHandlers(data, writer), {
      tooLong: (line, length) =>
        failedLine(line, {
          code: 'line_too_long',
          message: `line ${line}: ${length} bytes, longer than the 16 MiB limit`,
        }),
      stop: stop.signal,
      ...(tally === undefined ? {} : { onSides: (part) => tally.addPart(part as TallyPart) }),
      ...(tty ? { onProgress: progressLine() } : {}),
      // `--debug` says when the workers start, are ready and fail: signals that are not timing.
      ...(process.argv.includes('--debug')
        ? { onWorkersStart: workersStartNote(threads), onWorker: workerNote }
        : {}),
      ...(threads < 2
        ? {}
        : {
            parallel: {
              file: ndjsonWorkerFile(),
              workerData: data,
              threads,
              after,
              ...(inputBytes === undefined ? {} : { inputBytes }),
            },
          }),
    });
  } catch (error) {
    const e = (readError ?? error) as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') throw usageError(`input file not found: ${name}`);
    if (e.code === 'EISDIR') throw usageError(`input path is a directory, expected a file: ${name}`);
    if (e.code === 'EPIPE') return EXIT.ok;
    throw error;
  } finally {
    stop.dispose();
  }
  if (tty) process.stderr.write('\r\u001b[K');
  if (summary.stopped && stop.received !== undefined) {
    process.stderr.write(interruptedMessage('recommend', stop.received, summary.lines));
    return signalExitCode(stop.received);
  }
  if (summary.lines === 0) throw usageError(`no input lines on ${name}: expected one traits object per line`);
  const rate = summary.seconds > 0 ? Math.round(summary.lines / summary.seconds) : summary.lines;
  const threadsNote = summary.threads > 1 ? `, ${summary.threads} threads` : '';
  process.stderr.write(
    `${summaryHead('recommend')} ${countOf(summary.lines, 'line')}, ${formatInt(summary.lines - summary.failed)} ok, ${formatInt(summary.failed)} failed in ${summary.seconds.toFixed(2)} s (${rate} lines/s${threadsNote})\n`,
  );
  if (summary.workerFailure !== undefined)
    process.stderr.write(
      `recommend: a worker thread failed (${summary.workerFailure}); the main thread did its lines instead, none is lost\n`,
    );
  for (const f of summary.firstFailures) process.stderr.write(`  ${f.message}\n`);
  if (summary.failed > summary.firstFailures.length) {
    process.stderr.write(`  ...and ${summary.failed - summary.firstFailures.length} more failed lines\n`);
  }
  const unmatched = answers === undefined ? [] : unmatchedEntries(answers, summary.marks);
  for (const u of unmatched) process.stderr.write(`recommend: ${u}\n`);
  if (tally !== undefined && questions !== undefined) writeQuestions(tally, questions);
  return summary.failed > 0 || unmatched.length > 0 ? EXIT.failed : EXIT.ok;
}
