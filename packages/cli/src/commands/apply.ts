/**
 * `querymode apply FILE|-`: sets query modes from a plan of NDJSON records (see `apply/records.ts`).
 * Every record is checked before anything is sent; without `--yes` it is a dry run that prints what
 * would be sent. With `--yes`, changes go through `@querymode/client` (its limiter keeps to the rate
 * limit), a journal (`--journal FILE`) makes reruns skip what already succeeded, progress shows on a
 * TTY, one NDJSON result per record goes to stdout (in input order) and a summary to stderr. Exit 0
 * when every record was applied (or, in a dry run, is valid), 1 otherwise, 2 for usage errors.
 *
 * @module
 */
import { type ClientIssue, createClient, encodeSegment } from '@querymode/client';
import { API_PREFIX } from '@querymode/core';
import { openJournal, readJournal } from '../apply/journal.js';
import { checkPlan, type PlanItem, type RecordError } from '../apply/records.js';
import { type ApplyOutcome, runApply } from '../apply/run.js';
import { EXIT, usageError } from '../errors.js';
import { readText, sourceName } from '../io/read.js';
import { printErr } from '../io/write.js';

/** Options of `apply`. */
export interface ApplyOptions {
  readonly yes?: boolean;
  readonly journal?: string;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly apiSecret?: string;
  readonly rateLimit?: string;
  readonly concurrency?: string;
  readonly pipeline?: string;
  readonly objectNameFromTable?: boolean;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function integerOption(value: string | undefined, name: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw usageError(`--${name} must be an integer >= ${min}, received ${JSON.stringify(value)}`);
  }
  return Number(value);
}

const where = (item: { line: number; pipelineId?: string; objectName?: string }) => ({
  line: item.line,
  ...(item.pipelineId === undefined ? {} : { pipeline_id: item.pipelineId }),
  ...(item.objectName === undefined ? {} : { object_name: item.objectName }),
});

const path = (item: PlanItem): string =>
  `${API_PREFIX}/pipelines/${encodeSegment(item.pipelineId)}/objects/${encodeSegment(item.objectName)}/query-mode`;

function invalidRecord(error: RecordError): Record<string, unknown> {
  return {
    ...where(error),
    ok: false,
    status: 'invalid',
    error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
  };
}

function outcomeRecord(outcome: ApplyOutcome): Record<string, unknown> {
  const base = where(outcome.item);
  switch (outcome.status) {
    case 'applied':
      return {
        ...base,
        ok: true,
        status: 'applied',
        http_status: outcome.httpStatus,
        attempts: outcome.attempts,
      };
    case 'skipped':
      return { ...base, ok: true, status: 'skipped', reason: 'already applied (journal)' };
    case 'not_sent':
      return { ...base, ok: false, status: 'not_sent', reason: 'stopped before it was sent' };
    case 'failed': {
      const e = outcome.error;
      return {
        ...base,
        ok: false,
        status: 'failed',
        error: {
          kind: e.kind,
          message: e.message,
          ...(e.httpStatus === undefined ? {} : { http_status: e.httpStatus }),
          attempts: e.attempts,
          ...(e.body === undefined ? {} : { body: e.body }),
        },
      };
    }
  }
}

const writeLine = (record: unknown): void => {
  process.stdout.write(`${JSON.stringify(record)}\n`);
};

/** The plan has invalid records: report every record, send nothing. */
function reportInvalid(items: readonly PlanItem[], errors: readonly RecordError[], records: number): number {
  const lines: { line: number; record: unknown }[] = [
    ...errors.map((e) => ({ line: e.line, record: invalidRecord(e) })),
    ...items.map((i) => ({
      line: i.line,
      record: { ...where(i), ok: false, status: 'not_sent', reason: 'the plan has invalid records' },
    })),
  ].sort((a, b) => a.line - b.line);
  for (const l of lines) writeLine(l.record);
  printErr(`apply: ${plural(records, 'record')}, ${errors.length} invalid: nothing was sent.`);
  for (const e of errors.slice(0, 5)) printErr(`  ${e.message}`);
  if (errors.length > 5) printErr(`  ...and ${errors.length - 5} more invalid records`);
  return EXIT.failed;
}

function dryRun(items: readonly PlanItem[], done: ReadonlySet<string>): number {
  let skipped = 0;
  for (const item of items) {
    if (done.has(item.changeKey)) {
      skipped += 1;
      writeLine({ ...where(item), ok: true, status: 'skipped', reason: 'already applied (journal)' });
    } else {
      writeLine({
        ...where(item),
        ok: true,
        status: 'would_apply',
        request: { method: 'PUT', path: path(item), body: item.body },
      });
    }
  }
  printErr(
    `apply: dry run: ${plural(items.length, 'record')} valid, ${items.length - skipped} would be sent, ${skipped} skipped (journal); nothing was sent. Add --yes to send.`,
  );
  return EXIT.ok;
}

/** A progress line on a TTY stderr, rewritten in place at most every 250 ms. */
function progress(total: number): { update(done: number, failed: number): void; clear(): void } {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  return {
    update(done, failed) {
      if (!tty) return;
      const now = performance.now();
      if (now - last < 250 && done < total) return;
      last = now;
      process.stderr.write(`\rapply: ${done}/${total} done, ${failed} failed\u001b[K`);
    },
    clear() {
      if (tty) process.stderr.write('\r\u001b[K');
    },
  };
}

function clientIssues(issues: readonly ClientIssue[]): never {
  throw usageError(`cannot send: ${issues.map((i) => i.message).join('; ')}`);
}

/** Runs `apply`; returns the exit code. */
export async function runApplyCommand(source: string, options: ApplyOptions): Promise<number> {
  const concurrency = integerOption(options.concurrency, 'concurrency', 1, 4);
  const rate = integerOption(options.rateLimit, 'rate-limit', 0, 100);
  if (options.pipeline !== undefined && options.pipeline.trim() === '')
    throw usageError('--pipeline must be a pipeline id, received an empty string');
  const plan = checkPlan(readText(source, 'plan'), {
    ...(options.pipeline === undefined ? {} : { pipelineId: options.pipeline }),
    objectNameFromTable: options.objectNameFromTable === true,
  });
  if (plan.records === 0)
    throw usageError(`no records in ${sourceName(source)}: expected one JSON object per line`);
  if (plan.errors.length > 0) return reportInvalid(plan.items, plan.errors, plan.records);
  if (!options.yes)
    return dryRun(plan.items, options.journal === undefined ? new Set() : readJournal(options.journal).done);

  const made = createClient({
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.apiSecret === undefined ? {} : { apiSecret: options.apiSecret }),
    rateLimit: rate === 0 ? false : { requests: rate, windowMs: 60_000 },
  });
  if (!made.ok) clientIssues(made.issues);
  const client = made.value;
  const journal = options.journal === undefined ? undefined : openJournal(options.journal);
  if (journal !== undefined && journal.unreadable > 0) {
    printErr(
      `apply: ${plural(journal.unreadable, 'journal line')} could not be read and were ignored (a line cut short by a crash)`,
    );
  }

  let stopping = false;
  const abort = new AbortController();
  const onSignal = (): void => {
    if (!stopping) {
      stopping = true;
      printErr('\napply: stopping after the requests in flight (press Ctrl-C again to abort them)');
    } else abort.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // One result per record, in input order, whatever order the requests finish in.
  const pending = new Map<number, ApplyOutcome>();
  let nextIndex = 0;
  let finished = 0;
  let failed = 0;
  const failures: string[] = [];
  const indexOf = new Map(plan.items.map((item, i) => [item.line, i]));
  const bar = progress(plan.items.length);
  const start = performance.now();
  let summary: Awaited<ReturnType<typeof runApply>>['summary'];
  try {
    ({ summary } = await runApply(plan.items, {
      send: (item, signal) => client.setQueryMode(item.pipelineId, item.objectName, item.body, { signal }),
      ...(journal === undefined
        ? {}
        : { done: journal.done, onApplied: (item, status) => journal.record(item, status) }),
      concurrency,
      stopping: () => stopping,
      signal: abort.signal,
      onOutcome: (outcome) => {
        finished += 1;
        if (outcome.status === 'failed') {
          failed += 1;
          if (failures.length < 5) failures.push(`line ${outcome.item.line}: ${outcome.error.message}`);
        }
        pending.set(indexOf.get(outcome.item.line) as number, outcome);
        while (pending.has(nextIndex)) {
          writeLine(outcomeRecord(pending.get(nextIndex) as ApplyOutcome));
          pending.delete(nextIndex);
          nextIndex += 1;
        }
        bar.update(finished, failed);
      },
    }));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    journal?.close();
    bar.clear();
  }
  const seconds = (performance.now() - start) / 1000;
  printErr(
    `apply: ${plural(plan.items.length, 'record')}: ${summary.applied} applied, ${summary.skipped} skipped (journal), ${summary.failed} failed, ${summary.notSent} not sent in ${seconds.toFixed(2)} s`,
  );
  for (const f of failures) printErr(`  ${f}`);
  if (summary.failed > failures.length)
    printErr(`  ...and ${summary.failed - failures.length} more failed records`);
  return summary.failed === 0 && summary.notSent === 0 ? EXIT.ok : EXIT.failed;
}
