/**
 * Applies a checked plan: each change not already in the journal is sent through the client (whose
 * limiter keeps to the rate limit), a few at a time; each success is journaled before it is
 * reported. Stopping (Ctrl-C) starts nothing new and lets the requests in flight finish; aborting
 * (a second Ctrl-C) cancels them too. Free of process and terminal concerns, so that tests and the
 * fake-clock benchmark run it directly.
 *
 * @module
 */
import type { ClientResult, SetQueryModeResponse } from '@querymode/client';
import type { PlanItem } from './records.js';

/** What happened to one change. */
export type ApplyOutcome =
  | {
      readonly item: PlanItem;
      readonly status: 'applied';
      readonly httpStatus: number;
      readonly attempts: number;
    }
  | { readonly item: PlanItem; readonly status: 'skipped' }
  | {
      readonly item: PlanItem;
      readonly status: 'failed';
      readonly error: {
        readonly kind: string;
        readonly message: string;
        readonly httpStatus?: number;
        readonly attempts: number;
        readonly body?: unknown;
      };
    }
  | { readonly item: PlanItem; readonly status: 'not_sent' };

/** Sends one change: the client's `setQueryMode`, or a stand-in in tests. */
export type SendChange = (item: PlanItem, signal: AbortSignal) => Promise<ClientResult<SetQueryModeResponse>>;

/** Options of {@link runApply}. */
export interface RunApplyOptions {
  /** Sends one change. */
  readonly send: SendChange;
  /** Changes already applied (the journal's), skipped. */
  readonly done?: ReadonlySet<string>;
  /** Called after each success, before its outcome is reported (the journal's `record`). */
  readonly onApplied?: (item: PlanItem, httpStatus: number) => void;
  /** Called once per item, in completion order. */
  readonly onOutcome?: (outcome: ApplyOutcome) => void;
  /** How many requests may be in flight at once (default 4). */
  readonly concurrency?: number;
  /** Once true, no new change is started; the rest are `not_sent`. */
  readonly stopping?: () => boolean;
  /** Cancels the requests in flight (they end `failed` with kind `aborted`) and stops. */
  readonly signal?: AbortSignal;
}

/** The counts of a run. */
export interface ApplySummary {
  readonly applied: number;
  readonly skipped: number;
  readonly failed: number;
  readonly notSent: number;
}

/** Applies the items; resolves with every outcome, in the items' order, and the counts. */
export async function runApply(
  items: readonly PlanItem[],
  options: RunApplyOptions,
): Promise<{ outcomes: ApplyOutcome[]; summary: ApplySummary }> {
  const outcomes: (ApplyOutcome | undefined)[] = new Array(items.length);
  const abort = new AbortController();
  const onAbort = (): void => abort.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = (): boolean => abort.signal.aborted || (options.stopping?.() ?? false);
  const report = (index: number, outcome: ApplyOutcome): void => {
    outcomes[index] = outcome;
    options.onOutcome?.(outcome);
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
      if (stopped()) {
        report(index, { item, status: 'not_sent' });
        continue;
      }
      const result = await options.send(item, abort.signal);
      if (result.ok) {
        options.onApplied?.(item, result.value.status);
        report(index, {
          item,
          status: 'applied',
          httpStatus: result.value.status,
          attempts: result.value.attempts,
        });
      } else {
        const e = result.error;
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
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 4);
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, items.length)) }, worker));
  options.signal?.removeEventListener('abort', onAbort);
  const done = outcomes as ApplyOutcome[];
  const count = (status: ApplyOutcome['status']): number => done.filter((o) => o.status === status).length;
  return {
    outcomes: done,
    summary: {
      applied: count('applied'),
      skipped: count('skipped'),
      failed: count('failed'),
      notSent: count('not_sent'),
    },
  };
}
