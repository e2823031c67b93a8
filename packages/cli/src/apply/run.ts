/**
 * Applies a checked plan: each change not already in the journal is sent through the client (whose
 * limiter keeps to the rate limit), a few at a time; each answer is journaled before it is
 * reported.
 *
 * Stopping is prompt. Once `stop` aborts (Ctrl-C), or a failure says every other request would
 * fail too (`haltOn`: a 401, a 403, an unreachable host), no request starts: the changes not yet
 * started and those waiting for a rate-limit slot end `not_sent`; the requests in flight run to
 * their end. Aborting `signal` (a second Ctrl-C, or the grace period's end) cancels those too: they
 * end `failed` with kind `aborted`, since the server may have acted on them. Free of process and
 * terminal concerns, so that tests and the fake-clock benchmark run it directly.
 *
 * @module
 */
import type {
  ClientErrorKind,
  ClientResult,
  QueryModeClientError,
  SetQueryModeResponse,
} from '@querymode/client';
import type { PlanItem } from './records.js';

/** The error of a failed change, as data. */
export interface ChangeError {
  readonly kind: ClientErrorKind;
  readonly message: string;
  readonly httpStatus?: number;
  readonly attempts: number;
  readonly body?: unknown;
}

/** What happened to one change. */
export type ApplyOutcome =
  | {
      readonly item: PlanItem;
      readonly status: 'applied';
      readonly httpStatus: number;
      readonly attempts: number;
    }
  | { readonly item: PlanItem; readonly status: 'skipped' }
  | { readonly item: PlanItem; readonly status: 'failed'; readonly error: ChangeError }
  | { readonly item: PlanItem; readonly status: 'not_sent'; readonly reason: string };

/** What the server answered to a change that was sent: for the journal. */
export interface SentChange {
  /** The HTTP status, when the server answered (undefined after a timeout or a dropped connection). */
  readonly httpStatus: number | undefined;
  /** The error's kind, for a failure. */
  readonly errorKind?: string;
}

/**
 * Sends one change: the client's `setQueryMode`, or a stand-in in tests. `signal` cancels the
 * request; `stop` only keeps it from starting (see the client's `CallOptions.stop`).
 */
export type SendChange = (
  item: PlanItem,
  signal: AbortSignal,
  stop: AbortSignal,
) => Promise<ClientResult<SetQueryModeResponse>>;

/** Options of {@link runApply}. */
export interface RunApplyOptions {
  /** Sends one change. */
  readonly send: SendChange;
  /** Changes already applied (the journal's), skipped. */
  readonly done?: ReadonlySet<string>;
  /**
   * Called for each change that was sent, success or failure, before its outcome is reported (the
   * journal's `record`). When it throws, the run halts with its message (the journal failed).
   */
  readonly onSent?: (item: PlanItem, sent: SentChange) => void;
  /** Called once per item, in completion order. */
  readonly onOutcome?: (outcome: ApplyOutcome) => void;
  /** How many requests may be in flight at once (default 4). */
  readonly concurrency?: number;
  /** Once aborted, no new request starts; the rest are `not_sent` (see the module comment). */
  readonly stop?: AbortSignal;
  /** Cancels the requests in flight (they end `failed` with kind `aborted`) and stops. */
  readonly signal?: AbortSignal;
  /**
   * Whether a failure means the others would fail the same way, so the run should halt; returns
   * the reason, which `not_sent` records carry. Default: never.
   */
  readonly haltOn?: (error: QueryModeClientError) => string | undefined;
}

/** The counts of a run. */
export interface ApplySummary {
  readonly applied: number;
  readonly skipped: number;
  readonly failed: number;
  readonly notSent: number;
  /** Why the run halted before the end of the plan, if it did. */
  readonly halted?: string;
}

/** Applies the items; resolves with every outcome, in the items' order, and the counts. */
export async function runApply(
  items: readonly PlanItem[],
  options: RunApplyOptions,
): Promise<{ outcomes: ApplyOutcome[]; summary: ApplySummary }> {
  const outcomes: (ApplyOutcome | undefined)[] = new Array(items.length);
  const abort = new AbortController();
  const halt = new AbortController();
  let halted: string | undefined;
  const haltWith = (reason: string): void => {
    if (halted === undefined) halted = reason;
    halt.abort(reason);
  };
  const onAbort = (): void => {
    haltWith('stopped before it was sent');
    abort.abort(options.signal?.reason);
  };
  const onStop = (): void => haltWith('stopped before it was sent');
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.stop?.aborted) onStop();
  else options.stop?.addEventListener('abort', onStop, { once: true });
  const report = (index: number, outcome: ApplyOutcome): void => {
    outcomes[index] = outcome;
    options.onOutcome?.(outcome);
  };

  const sent = (item: PlanItem, change: SentChange): void => {
    try {
      options.onSent?.(item, change);
    } catch (error) {
      haltWith(`not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next++;
      if (index >= items.length) return;
      const item = items[index] as PlanItem;
      if (options.done?.has(item.changeKey)) {
        report(index, { item, status: 'skipped' });
        continue;
      }
      if (halted !== undefined) {
        report(index, { item, status: 'not_sent', reason: halted });
        continue;
      }
      const result = await options.send(item, abort.signal, halt.signal);
      if (result.ok) {
        sent(item, { httpStatus: result.value.status });
        report(index, {
          item,
          status: 'applied',
          httpStatus: result.value.status,
          attempts: result.value.attempts,
        });
        continue;
      }
      const e = result.error;
      // Stopped while waiting for its turn: nothing of it was sent.
      if (e.attempts === 0 && e.kind === 'aborted' && halted !== undefined) {
        report(index, { item, status: 'not_sent', reason: halted });
        continue;
      }
      // A connection refused before sending changed nothing: no journal entry is needed.
      const reachedServer = e.attempts > 0 && !('notSent' in e && e.notSent === true);
      if (reachedServer) sent(item, { httpStatus: e.status, errorKind: e.kind });
      const why = options.haltOn?.(e);
      if (why !== undefined) haltWith(why);
      report(index, {
        item,
        status: 'failed',
        error: {
          kind: e.kind,
          message: e.message,
          attempts: e.attempts,
          ...(e.status === undefined ? {} : { httpStatus: e.status }),
          ...('body' in e && e.body !== undefined ? { body: e.body } : {}),
        },
      });
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 4);
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, items.length)) }, worker));
  options.signal?.removeEventListener('abort', onAbort);
  options.stop?.removeEventListener('abort', onStop);
  const done = outcomes as ApplyOutcome[];
  const count = (status: ApplyOutcome['status']): number => done.filter((o) => o.status === status).length;
  return {
    outcomes: done,
    summary: {
      applied: count('applied'),
      skipped: count('skipped'),
      failed: count('failed'),
      notSent: count('not_sent'),
      ...(halted === undefined ? {} : { halted }),
    },
  };
}
