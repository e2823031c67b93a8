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
import type { Readable } from 'node:stream';
import { chooseMode, type Issue, type RecommendOptions, recommend, recommendSummary } from '@querymode/core';
import { EXIT, usageError } from '../errors.js';
import { parseJsonLine } from '../io/json-line.js';
import { interruptedMessage, signalExitCode, watchStopSignals } from '../io/stop-signals.js';
import { type LineResult, streamNdjson } from '../ndjson/stream.js';
import type { NDJSON_ERROR_CODES } from '../output/ndjson-codes.js';
import { formatInt } from '../render/number.js';
import { detailRecord } from './recommend-detail.js';

/**
 * How much each ok record holds: `compact` (the verdict, `misses`, `warnings`), `reasons` (the
 * verdict and its sentences) or `detail` (the verdict, the input's traits, the sentences and
 * every candidate, as `recommend --json` gives them).
 */
export type NdjsonDetail = 'compact' | 'reasons' | 'detail';

/** The output record of a line that failed. */
export interface NdjsonErrorRecord {
  readonly line: number;
  readonly ok: false;
  readonly status: 'error';
  readonly error: {
    readonly code: (typeof NDJSON_ERROR_CODES)[number];
    readonly message: string;
    readonly issues?: readonly Issue[];
  };
}

const failure = (line: number, error: NdjsonErrorRecord['error']): LineResult => ({
  output: JSON.stringify({ line, ok: false, status: 'error', error } satisfies NdjsonErrorRecord),
  failed: true,
  message: error.message,
});

function issuesFailure(line: number, issues: readonly Issue[]): LineResult {
  const overflow = issues.every((i) => i.code === 'estimate_overflow');
  return failure(line, {
    code: overflow ? 'estimate_overflow' : 'invalid_traits',
    message: `line ${line}: ${issues[0]?.message ?? 'invalid traits'}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
    issues,
  });
}

const tableOf = (value: unknown): string | null => {
  const table = (value as { table?: unknown }).table;
  return typeof table === 'string' ? table : null;
};

/**
 * Processes one line: parse, then `chooseMode` (which validates the traits) and a compact result
 * record; at the `reasons` level, `recommendSummary` and the reasons too (slower); at the
 * `detail` level, `recommend` and the whole recommendation (slower still).
 */
export function recommendLine(
  text: string,
  line: number,
  options: RecommendOptions,
  detail: NdjsonDetail,
): LineResult {
  const parsed = parseJsonLine(text, line);
  if (!parsed.ok) return failure(line, { code: parsed.code, message: parsed.message });
  const value = parsed.value;
  if (detail === 'detail') {
    const r = recommend(value as never, options);
    if (!r.ok) return issuesFailure(line, r.issues);
    return { output: JSON.stringify(detailRecord(line, value as never, r.value)), failed: false };
  }
  if (detail === 'reasons') {
    const r = recommendSummary(value as never, options);
    if (!r.ok) return issuesFailure(line, r.issues);
    const v = r.value;
    return {
      output: JSON.stringify({
        line,
        ok: true,
        status: v.status,
        table: tableOf(value),
        mode: v.chosen,
        best: v.best,
        body: v.body,
        events: v.chosen === null ? null : (v.events?.billed ?? null),
        reasons: v.reasons,
      }),
      failed: false,
    };
  }
  const r = chooseMode(value as never, options);
  if (!r.ok) return issuesFailure(line, r.issues);
  const c = r.value;
  const table = tableOf(value);
  // Written out directly: the same JSON as JSON.stringify of the record, without building it.
  let misses = '';
  for (const kind of c.misses) misses += misses === '' ? `"${kind}"` : `,"${kind}"`;
  return {
    output: `{"line":${line},"ok":true,"status":"${c.status}","table":${table === null ? 'null' : JSON.stringify(table)},"mode":${
      c.chosen === null ? 'null' : JSON.stringify(c.chosen)
    },"best":${c.best === null ? 'null' : JSON.stringify(c.best)},"body":${c.body === null ? 'null' : JSON.stringify(c.body)},"events":${c.events ?? 'null'},"misses":[${misses}],"warnings":${c.warnings}}`,
    failed: false,
  };
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

/** Runs the NDJSON stream from `input` to stdout. */
export async function runRecommendNdjson(
  input: Readable,
  name: string,
  options: RecommendOptions,
  detail: NdjsonDetail = 'compact',
): Promise<number> {
  const tty = process.stderr.isTTY === true;
  let readError: NodeJS.ErrnoException | undefined;
  input.on('error', (error) => {
    readError = error;
  });
  let summary: Awaited<ReturnType<typeof streamNdjson>>;
  const stop = watchStopSignals();
  try {
    summary = await streamNdjson(
      input,
      process.stdout,
      (text, line) => recommendLine(text, line, options, detail),
      {
        empty: (line) =>
          failure(line, {
            code: 'empty_line',
            message: `line ${line}: empty line, expected a traits object`,
          }),
        tooLong: (line, length) =>
          failure(line, {
            code: 'line_too_long',
            message: `line ${line}: ${length} bytes, longer than the 16 MiB limit`,
          }),
        invalidUtf8: (line, bad) =>
          failure(line, {
            code: 'invalid_utf8',
            message: `line ${line}: not valid UTF-8 at byte ${bad.offset + 1} of the line: ${bad.reason}`,
          }),
        stop: stop.signal,
        ...(tty ? { onProgress: progressLine() } : {}),
      },
    );
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
  process.stderr.write(
    `recommend: ${summary.lines} line${summary.lines === 1 ? '' : 's'}, ${summary.lines - summary.failed} ok, ${summary.failed} failed in ${summary.seconds.toFixed(2)} s (${rate} lines/s)\n`,
  );
  for (const f of summary.firstFailures) process.stderr.write(`  ${f.message}\n`);
  if (summary.failed > summary.firstFailures.length) {
    process.stderr.write(`  ...and ${summary.failed - summary.firstFailures.length} more failed lines\n`);
  }
  return summary.failed > 0 ? EXIT.failed : EXIT.ok;
}
