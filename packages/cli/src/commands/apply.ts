/**
 * `querymode apply FILE|-`: sets query modes from a plan of NDJSON records (see `apply/records.ts`).
 * Every record is checked before anything is sent; without `--yes` it is a dry run that prints what
 * would be sent. With `--yes`, changes go through `@querymode/client` (its limiter keeps to the rate
 * limit), a journal (`--journal FILE`, see `apply/journal.ts`) makes reruns skip what the server
 * accepted, progress shows on a TTY, one NDJSON result per record goes to stdout (in input order)
 * and a summary to stderr. A 401, a 403, an unreachable host, a redirect or a 2xx that is not the
 * API's answer (a web page: the client's `put-answer.ts`) halts the run (the rest
 * are `not_sent`); Ctrl-C starts nothing more, gives the requests in flight a short grace period,
 * prints the summary and exits 130. Exit 0 when every record was applied (or, in a dry run, is
 * valid), 1 otherwise, 2 for usage errors.
 *
 * @module
 */
import {
  BASE_URL_ENV,
  type ClientIssue,
  checkBaseUrl,
  createClient,
  encodeSegment,
  InvalidResponseError,
  isWebPage,
  type QueryModeClientError,
} from '@querymode/client';
import {
  API_PREFIX,
  type ApplyRecord,
  appliedRecord,
  countOf,
  failedApplyRecord,
  invalidPlanRecord,
  notSentRecord,
  skippedRecord,
  visibleText,
  wouldApplyRecord,
} from '@querymode/core';
import { type JournalContent, openJournal, readJournal } from '../apply/journal.js';
import {
  type CheckedPlan,
  PlanChecker,
  type PlanDefaults,
  type PlanItem,
  type RecordError,
} from '../apply/records.js';
import { type ApplyOutcome, runApply } from '../apply/run.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { sourceName } from '../io/read.js';
import { type StopSignalName, signalExitCode } from '../io/stop-signals.js';
import { summaryHead } from '../io/style.js';
import { printErr } from '../io/write.js';
import { readLines } from '../ndjson/read-lines.js';
import { parseDurationMinutes } from '../traits/duration.js';

/** Options of `apply`. */
export interface ApplyOptions {
  readonly yes?: boolean;
  readonly journal?: string;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly apiSecret?: string;
  readonly rateLimit?: string;
  readonly concurrency?: string;
  readonly resendUncertain?: boolean;
  readonly maxResponseBytes?: string;
  readonly maxRecords?: string;
  readonly pipeline?: string;
  readonly objectNameFromTable?: boolean;
  readonly stopTimeout?: string;
}

/** How long the requests in flight may take to finish after Ctrl-C before they are cancelled (`--stop-timeout`). */
const GRACE_MS = 5_000;

/** The longest `--stop-timeout`: a day, well within what a timer holds (about 24.8 days). */
const MAX_GRACE_MS = 86_400_000;

/** `--stop-timeout` in milliseconds (a bare number is seconds), at most a day. */
function graceOption(value: string | undefined): number {
  if (value === undefined) return GRACE_MS;
  const ms = Math.round(parseDurationMinutes(value, '--stop-timeout', 'seconds') * 60_000);
  if (ms > MAX_GRACE_MS)
    throw usageError(`--stop-timeout expects a duration of at most 1d; received ${JSON.stringify(value)}`);
  return ms;
}

function integerOption(value: string | undefined, name: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw usageError(`--${name} must be an integer >= ${min}, received ${JSON.stringify(value)}`);
  }
  return Number(value);
}

const path = (item: PlanItem): string =>
  `${API_PREFIX}/pipelines/${encodeSegment(item.pipelineId)}/objects/${encodeSegment(item.objectName)}/query-mode`;

function invalidRecord(error: RecordError): ApplyRecord {
  return invalidPlanRecord(error.line, error.pipelineId, error.objectName, {
    code: error.code,
    message: error.message,
    ...(error.issues ? { issues: error.issues } : {}),
  });
}

function outcomeRecord(outcome: ApplyOutcome): ApplyRecord {
  const { line, pipelineId, objectName } = outcome.item;
  switch (outcome.status) {
    case 'applied':
      return appliedRecord(line, pipelineId, objectName, outcome.httpStatus, outcome.attempts);
    case 'skipped':
      return skippedRecord(line, pipelineId, objectName);
    case 'not_sent':
      return notSentRecord(line, pipelineId, objectName, outcome.reason);
    case 'failed': {
      const e = outcome.error;
      return failedApplyRecord(line, pipelineId, objectName, {
        kind: e.kind,
        message: e.message,
        ...(e.httpStatus === undefined ? {} : { http_status: e.httpStatus }),
        attempts: e.attempts,
        ...(e.body === undefined ? {} : { body: e.body }),
      });
    }
  }
}

/**
 * What the server said, in one short line for the summary: the body's `message` or `error` when
 * it has one, else the body itself, quoted (so that no control character reaches the terminal).
 */
export function serverSaid(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  const b = body as Record<string, unknown>;
  const inner =
    typeof b.error === 'object' && b.error !== null ? (b.error as Record<string, unknown>) : undefined;
  const said =
    typeof body === 'string'
      ? body
      : ([b.message, b.error, inner?.message].find((v): v is string => typeof v === 'string') ??
        JSON.stringify(body));
  const short = said.length > 200 ? `${said.slice(0, 200)}...` : said;
  return `; the server said ${JSON.stringify(short)}`;
}

const writeLine = (record: ApplyRecord): void => {
  process.stdout.write(`${JSON.stringify(record)}\n`);
};

/** The plan has invalid records: report every record, send nothing. */
function reportInvalid(items: readonly PlanItem[], errors: readonly RecordError[], records: number): number {
  const lines: { line: number; record: ApplyRecord }[] = [
    ...errors.map((e) => ({ line: e.line, record: invalidRecord(e) })),
    ...items.map((i) => ({
      line: i.line,
      record: notSentRecord(i.line, i.pipelineId, i.objectName, 'the plan has invalid records'),
    })),
  ].sort((a, b) => a.line - b.line);
  for (const l of lines) writeLine(l.record);
  printErr(`apply: ${countOf(records, 'record')}, ${errors.length} invalid: nothing was sent.`);
  for (const e of errors.slice(0, 5)) printErr(`  ${e.message}`);
  if (errors.length > 5) printErr(`  ...and ${errors.length - 5} more invalid records`);
  return EXIT.failed;
}

function dryRun(items: readonly PlanItem[], done: ReadonlySet<string>): number {
  let skipped = 0;
  for (const item of items) {
    if (done.has(item.changeKey)) {
      skipped += 1;
      writeLine(skippedRecord(item.line, item.pipelineId, item.objectName));
    } else {
      writeLine(wouldApplyRecord(item.line, item.pipelineId, item.objectName, path(item), item.body));
    }
  }
  printErr(
    `apply: dry run: ${countOf(items.length, 'record')} valid, ${items.length - skipped} would be sent, ${skipped} skipped (journal); nothing was sent. Add --yes to send.`,
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

/** The library's option names, as the CLI's flags, in the client's messages. */
const FLAG_OF: readonly [RegExp, string][] = [
  [/\bbaseUrl\b/g, '--base-url'],
  [/\bapiKey\b/g, '--api-key'],
  [/\bapiSecret\b/g, '--api-secret'],
];

/** A client message with the library's option names replaced by the CLI's flags. */
const flagText = (message: string): string =>
  FLAG_OF.reduce((m, [name, flag]) => m.replace(name, flag), message).replace(/^pass /, 'give ');

function clientIssues(issues: readonly ClientIssue[]): never {
  throw usageError(`cannot send: ${issues.map((i) => flagText(i.message)).join('; ')}`);
}

/**
 * Why a failure halts the run: every other request would fail the same way. A 2xx that is not the
 * API's answer (`invalid_response`) says the base URL reaches something else: a web page, another
 * service.
 */
function haltReason(error: QueryModeClientError, baseUrl: string): string | undefined {
  switch (error.kind) {
    case 'invalid_response': {
      const what =
        error instanceof InvalidResponseError &&
        isWebPage({ status: 200, body: error.body, contentType: error.contentType })
          ? 'with a web page, not the API'
          : "with something other than the API's answer (see below)";
      return `not sent: the server at ${baseUrl} answered ${what}: check --base-url (or ${BASE_URL_ENV}); nothing it answered counts as applied`;
    }
    case 'unauthorized':
      return `not sent: the server refused the credential (401); check --api-key and --api-secret (or ${'QUERYMODE_API_KEY'} and ${'QUERYMODE_API_SECRET'})`;
    case 'forbidden':
      return 'not sent: the credential lacks permission (403); ask for the permission to change pipelines on this account, or use a credential that has it';
    case 'redirect':
      return `not sent: the base URL answers with a redirect, which is never followed; check --base-url (or ${BASE_URL_ENV})`;
    case 'connection':
      return 'notSent' in error && error.notSent === true
        ? `not sent: the host is unreachable; check --base-url (or ${BASE_URL_ENV}) and the network`
        : undefined;
    default:
      return undefined;
  }
}

/** The base URL a dry run's journal is read for: the one the run would send to. */
function dryRunBaseUrl(given: string | undefined): string {
  const issues: ClientIssue[] = [];
  const root = checkBaseUrl(given ?? process.env[BASE_URL_ENV], issues);
  if (root === undefined) {
    throw usageError(
      `--journal holds entries per base URL, and a dry run needs to know which: ${flagText(issues[0]?.message ?? 'give --base-url')}`,
    );
  }
  return root.slice(0, root.length - API_PREFIX.length);
}

function journalNotes(journal: JournalContent): void {
  if (journal.unreadable > 0) {
    printErr(
      `apply: ${countOf(journal.unreadable, 'journal line')} could not be read and were ignored (a line cut short by a crash)`,
    );
  }
  if (journal.otherBaseUrl > 0) {
    printErr(
      `apply: ${countOf(journal.otherBaseUrl, 'journal entry')} ${journal.otherBaseUrl === 1 ? 'is' : 'are'} for another base URL and count for nothing here`,
    );
  }
}

/**
 * The most records a plan may hold by default. Every record is checked, and held, before anything
 * is sent: about 1.1 KB each (1,000,000 records took 1.1 GB and 20 s in a dry run), so the cap
 * bounds memory. At the service's 100 requests a minute, 100,000 records take about 17 hours.
 */
export const MAX_PLAN_RECORDS = 100_000;

/** Reads and checks a plan as a stream: memory holds the checked records, never the whole text. */
async function readPlan(source: string, defaults: PlanDefaults, maxRecords: number): Promise<CheckedPlan> {
  const checker = new PlanChecker(defaults);
  const stop = new AbortController();
  const over = (): void => {
    if (checker.result().records > maxRecords) stop.abort();
  };
  await readLines(
    source,
    'plan',
    {
      line: (text, line) => {
        checker.add(text, line);
        over();
      },
      empty: () => undefined,
      unreadable: (line, message) => {
        checker.unreadable(line, message);
        over();
      },
    },
    stop.signal,
  );
  if (stop.signal.aborted) {
    throw new CliError(
      `the plan ${sourceName(source)} holds more than ${maxRecords} records: nothing was sent; split it into smaller plans (one journal may serve them all), or raise --max-records`,
      EXIT.failed,
    );
  }
  return checker.result();
}

/** Runs `apply`; returns the exit code. */
export async function runApplyCommand(source: string, options: ApplyOptions): Promise<number> {
  const concurrency = integerOption(options.concurrency, 'concurrency', 1, 4);
  const rate = integerOption(options.rateLimit, 'rate-limit', 0, 100);
  const graceMs = graceOption(options.stopTimeout);
  const maxResponseBytes = integerOption(options.maxResponseBytes, 'max-response-bytes', 1, 4 * 1024 * 1024);
  if (options.pipeline !== undefined && options.pipeline.trim() === '')
    throw usageError('--pipeline must be a pipeline id, received an empty string');
  const maxRecords = integerOption(options.maxRecords, 'max-records', 1, MAX_PLAN_RECORDS);
  const plan = await readPlan(
    source,
    {
      ...(options.pipeline === undefined ? {} : { pipelineId: options.pipeline }),
      objectNameFromTable: options.objectNameFromTable === true,
    },
    maxRecords,
  );
  if (plan.records === 0)
    throw usageError(`no records in ${sourceName(source)}: expected one JSON object per line`);
  if (plan.errors.length > 0) return reportInvalid(plan.items, plan.errors, plan.records);
  if (!options.yes) {
    if (options.journal === undefined) return dryRun(plan.items, new Set());
    const content = readJournal(options.journal, dryRunBaseUrl(options.baseUrl));
    journalNotes(content);
    return dryRun(plan.items, content.done);
  }

  const made = createClient({
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.apiSecret === undefined ? {} : { apiSecret: options.apiSecret }),
    rateLimit: rate === 0 ? false : { requests: rate, windowMs: 60_000 },
    maxResponseBytes,
    retry: { resendUncertain: options.resendUncertain === true },
  });
  if (!made.ok) clientIssues(made.issues);
  const client = made.value;
  const journal = options.journal === undefined ? undefined : openJournal(options.journal, client.baseUrl);
  if (journal !== undefined) journalNotes(journal);

  // Ctrl-C: nothing more starts at once; what is in flight has graceMs, or a second Ctrl-C, to end.
  let received: StopSignalName | undefined;
  const stop = new AbortController();
  const abort = new AbortController();
  let grace: NodeJS.Timeout | undefined;
  const onSignal = (name: StopSignalName): void => {
    if (received === undefined) {
      received = name;
      stop.abort(name);
      printErr(
        `\napply: stopped by ${name}: no new request starts; the requests in flight have ${graceMs / 1000} s to finish (press Ctrl-C again to cancel them)`,
      );
      grace = setTimeout(() => abort.abort(name), graceMs);
    } else abort.abort(name);
  };
  const onInt = (): void => onSignal('SIGINT');
  const onTerm = (): void => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);

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
      send: (item, signal, halt) =>
        client.setQueryMode(item.pipelineId, item.objectName, item.body, { signal, stop: halt }),
      ...(journal === undefined
        ? {}
        : { done: journal.done, onSent: (item, sent) => journal.record(item, sent) }),
      concurrency,
      stop: stop.signal,
      signal: abort.signal,
      haltOn: (error) => haltReason(error, client.baseUrl),
      onOutcome: (outcome) => {
        finished += 1;
        if (outcome.status === 'failed') failed += 1;
        pending.set(indexOf.get(outcome.item.line) as number, outcome);
        while (pending.has(nextIndex)) {
          const next = pending.get(nextIndex) as ApplyOutcome;
          // The first failures in input order, for the summary.
          if (next.status === 'failed' && failures.length < 5) {
            failures.push(
              visibleText(`line ${next.item.line}: ${next.error.message}${serverSaid(next.error.body)}`),
            );
          }
          writeLine(outcomeRecord(next));
          pending.delete(nextIndex);
          nextIndex += 1;
        }
        bar.update(finished, failed);
      },
    }));
  } finally {
    clearTimeout(grace);
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    journal?.close();
    bar.clear();
  }
  const seconds = (performance.now() - start) / 1000;
  printErr(
    `${summaryHead('apply')} ${countOf(plan.items.length, 'record')}: ${summary.applied} applied, ${summary.skipped} skipped (journal), ${summary.failed} failed, ${summary.notSent} not sent in ${seconds.toFixed(2)} s`,
  );
  if (summary.halted !== undefined && received === undefined) printErr(`apply: halted: ${summary.halted}`);
  for (const f of failures) printErr(`  ${f}`);
  if (summary.failed > failures.length)
    printErr(`  ...and ${summary.failed - failures.length} more failed records`);
  if (received !== undefined) return signalExitCode(received);
  return summary.failed === 0 && summary.notSent === 0 ? EXIT.ok : EXIT.failed;
}
