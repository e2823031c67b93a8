/**
 * Reads an org live, as `querymode inspect salesforce://<host>` does: its API limits first
 * (`/limits`), the global list of objects (`/sobjects`), each object's describe in composite
 * requests of up to 25 subrequests (each composite request counts as one API request:
 * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_composite_post.htm),
 * a few at a time, with `lookBack` each object's change counts (`count-changes.ts`, COUNT()
 * queries in composite requests too), and the record counts (`/limits/recordCount`, every
 * object's in one request). What it returns is the raw JSON the `--describe` files hold, for the
 * same converter, and the measured counts beside it.
 *
 * Before the describes, it says how many requests the run takes and stops when they would take
 * the org under the reserve; it stops, too, when a request would (other clients spend the same
 * requests). A failure of one object's describe is a warning (its traits come from the global
 * list alone); a failure that concerns the run (the token, the limit, a whole batch) ends it with
 * nothing returned, so that nothing half-read is written.
 *
 * @module
 */
import { countOf, shownString } from '@querymode/core';
import type { Secret } from '../../connect/secret.js';
import { tableSelector } from '../../read/options.js';
import { failure, type InspectResult } from '../../result.js';
import type { ChangeWindow, MeasuredChanges } from '../measured-changes.js';
import { maskToken, type RestFetch, type RestTimer, SYSTEM_TIMER } from './answer.js';
import {
  type ApiReserve,
  type DailyRequests,
  DEFAULT_API_RESERVE,
  dailyRequests,
  RequestBudget,
  reserveRequests,
} from './budget.js';
import { COMPOSITE_MAX_SUBREQUESTS, compositeBatches, compositeGet } from './composite.js';
import { countChanges, plannedCounts } from './count-changes.js';
import { DEFAULT_CONCURRENCY, eachLimited } from './each-limited.js';
import {
  DEFAULT_SALESFORCE_RETRY,
  endsRun,
  errorWords,
  type RestSession,
  type RetryPolicy,
  request,
} from './session.js';
import type { SalesforceOrg } from './url.js';

/** The REST API version read by default: 62.0 (Winter '25), served by every org in service today. */
export const DEFAULT_API_VERSION = '62.0';

/** The timeout of one attempt: 2 minutes (a composite of 25 large describes takes seconds). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/** The largest answer read: 64 MiB (25 describes of 500 fields each are about 25 MiB). */
export const DEFAULT_SALESFORCE_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** What the run reads, before it reads it: said to the user, and checked against the reserve. */
export interface SalesforcePlan {
  /** The objects to describe. */
  readonly objects: number;
  /** The composite requests that describe them. */
  readonly batches: number;
  /** The composite requests of the change counts (`--look-back`), at most: 0 when not measured. */
  readonly countBatches: number;
  /** The API requests of the whole run (without retries), those already sent included. */
  readonly requests: number;
  /** The org's daily API requests as `/limits` gave them (undefined when not read). */
  readonly daily: DailyRequests | undefined;
  /** The reserve in requests (undefined when the daily figures are unknown). */
  readonly reserve: number | undefined;
}

/** Where the run is, for a progress line. */
export interface SalesforceProgress {
  readonly step: 'limits' | 'objects' | 'describes' | 'change counts' | 'record counts';
  /** Objects described (`describes`) or counts read (`change counts`) so far. */
  readonly done: number;
  readonly total: number;
}

/** How to read. */
export interface SalesforceReadOptions {
  /** `62.0`; see {@link parseApiVersion}. */
  readonly apiVersion?: string;
  readonly reserve?: ApiReserve;
  /** Only these objects (API names, exact). */
  readonly tables?: readonly string[];
  /** Not the objects matching these patterns (`*`, `?`). */
  readonly exclude?: readonly string[];
  readonly concurrency?: number;
  readonly timeoutMs?: number;
  readonly maxResponseBytes?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly fetch?: RestFetch;
  readonly timer?: RestTimer;
  /** A number in [0, 1): the backoff's jitter. */
  readonly random?: () => number;
  readonly onPlan?: (plan: SalesforcePlan) => void;
  /** Measure change rates over this window (`--look-back`): two COUNT() queries an object. */
  readonly lookBack?: ChangeWindow;
  readonly onProgress?: (progress: SalesforceProgress) => void;
}

/** What an org gave: the raw JSON of the converter's input, and the run's account. */
export interface SalesforceOrgReading {
  /** The `/sobjects` answer, its `sobjects` narrowed to the objects read. */
  readonly global: unknown;
  /** Each object's describe, in the global list's order. */
  readonly describes: unknown[];
  /** The `/limits/recordCount` answer; absent when it could not be read (see `warnings`). */
  readonly recordCounts?: unknown;
  /** The change counts of `lookBack`, when asked. */
  readonly measured?: MeasuredChanges;
  /** The API requests sent (attempts included). */
  readonly requests: number;
  /** What could not be read without ending the run, one line each. */
  readonly warnings: string[];
  /** The org's daily API requests as last known. */
  readonly daily: DailyRequests | undefined;
}

/** `62.0` from `62`, `62.0` or `v62.0`; undefined for anything else. */
export function parseApiVersion(text: string): string | undefined {
  const m = /^v?(\d{2,3})(?:\.(\d))?$/i.exec(text.trim());
  return m === null ? undefined : `${m[1]}.${m[2] ?? '0'}`;
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The entries of the global list, or undefined when the answer is not one. */
function globalEntries(body: unknown): unknown[] | undefined {
  const list = asRecord(body)?.sobjects;
  return Array.isArray(list) ? list : undefined;
}

/** An entry's API name, when it has one. */
const nameOf = (entry: unknown): string | undefined => {
  const name = asRecord(entry)?.name;
  return typeof name === 'string' ? name : undefined;
};

/** The describes of one batch of names, by a composite request; a failed subrequest is a warning. */
async function describeBatch(
  session: RestSession,
  names: readonly string[],
  warnings: string[],
): Promise<InspectResult<unknown[]>> {
  const answer = await compositeGet(
    session,
    names.map((name) => `/sobjects/${encodeURIComponent(name)}/describe`),
    'd',
  );
  if (!answer.ok) return answer;
  const describes: unknown[] = [];
  names.forEach((name, i) => {
    const sub = answer.value[i];
    if (sub === undefined) {
      warnings.push(
        `${shownString(name)}: the composite answer has no describe of it; its traits come from the global list alone`,
      );
      return;
    }
    const status = sub.httpStatusCode;
    if (status === 200 && asRecord(sub.body) !== undefined) describes.push(sub.body);
    else
      warnings.push(
        `${shownString(name)}: its describe answered ${typeof status === 'number' ? status : 'without a status'}${errorWords(sub.body)}; its traits come from the global list alone`,
      );
  });
  return { ok: true, value: describes };
}

/**
 * Reads the org; never throws. See the module comment for the order of requests, the budget and
 * what ends the run.
 */
export async function readSalesforceOrg(
  org: SalesforceOrg,
  token: Secret,
  options: SalesforceReadOptions = {},
): Promise<InspectResult<SalesforceOrgReading>> {
  const version = parseApiVersion(options.apiVersion ?? DEFAULT_API_VERSION);
  if (version === undefined)
    return failure(
      'invalid_option',
      `--api-version expects a REST API version such as ${DEFAULT_API_VERSION}; received ${shownString(options.apiVersion ?? '')}`,
      ['apiVersion'],
    );
  const reserve = options.reserve ?? DEFAULT_API_RESERVE;
  const budget = new RequestBudget(reserve);
  const session: RestSession = {
    org,
    token,
    root: `/services/data/v${version}`,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timer: options.timer ?? SYSTEM_TIMER,
    random: options.random ?? Math.random,
    timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_SALESFORCE_MAX_RESPONSE_BYTES,
    retry: { ...DEFAULT_SALESFORCE_RETRY, ...(options.retry ?? {}) },
    budget,
    halted: false,
  };
  const warnings: string[] = [];
  const progress = options.onProgress ?? (() => undefined);
  try {
    // 1. The limits: what the org has left, before anything else is spent.
    progress({ step: 'limits', done: 0, total: 0 });
    const limits = await request(session, { method: 'GET', path: '/limits' });
    // A reserve of 0 reads without the check, so unreadable limits (a user without "View Setup
    // and Configuration") are then a warning; with a reserve they end the run.
    const noCheck = reserveRequests(reserve, 1) === 0;
    if (!limits.ok) {
      const issue = limits.issues[0];
      const unreadable =
        issue !== undefined && ['forbidden', 'http_error', 'unexpected_answer'].includes(issue.code);
      if (!unreadable) return limits;
      if (!noCheck)
        return failure(
          issue.code,
          `${issue.message}. querymode reads the org's daily API requests first, to keep the reserve (--api-reserve); to read without that check, pass --api-reserve 0`,
        );
      warnings.push(
        `the org's API limits could not be read (${issue.message}); read without the reserve check (--api-reserve 0)`,
      );
    } else {
      const daily = dailyRequests(limits.value.body);
      if (daily !== undefined) budget.start(daily);
      else if (!noCheck)
        return failure(
          'unexpected_answer',
          `${session.root}/limits answered without DailyApiRequests { Max, Remaining }: the reserve cannot be kept; to read without that check, pass --api-reserve 0`,
        );
    }
    // 2. The global list of objects.
    progress({ step: 'objects', done: 0, total: 0 });
    const global = await request(session, { method: 'GET', path: '/sobjects' });
    if (!global.ok) return global;
    const listed = globalEntries(global.value.body);
    if (listed === undefined)
      return failure(
        'unexpected_answer',
        `${session.root}/sobjects answered without a list of sobjects: not the global describe`,
      );
    const wanted = tableSelector({
      ...(options.tables === undefined ? {} : { tables: [...options.tables] }),
      ...(options.exclude === undefined ? {} : { exclude: [...options.exclude] }),
    });
    // An entry without a name stays, for the converter to report; the others as selected.
    const entries = listed.filter((e) => {
      const name = nameOf(e);
      return name === undefined || wanted('', name);
    });
    const names = [...new Set(entries.map(nameOf).filter((n): n is string => n !== undefined))];
    const batches = compositeBatches(names);
    // 3. The plan, said before it is spent, and held to the reserve.
    // At most two counts an object (its describe may show fewer), in composite requests of 25.
    const countBatches =
      options.lookBack === undefined ? 0 : Math.ceil((2 * names.length) / COMPOSITE_MAX_SUBREQUESTS);
    const more = batches.length + countBatches + 1;
    options.onPlan?.({
      objects: names.length,
      batches: batches.length,
      countBatches,
      requests: budget.sent + more,
      daily: budget.daily,
      reserve: budget.reserve,
    });
    if (!budget.fits(more))
      return failure(
        'reserve_reached',
        `not read: the run takes ${countOf(budget.sent + more, 'API request')} (${countOf(names.length, 'object')} in ${countOf(batches.length, 'composite request')} of up to ${COMPOSITE_MAX_SUBREQUESTS}, ${countBatches > 0 ? `at most ${countOf(countBatches, 'composite request')} of change counts, ` : ''}and the record counts), ${countOf(budget.sent, 'request')} of them spent; ${budget.leftText()}, and the reserve is ${budget.reserveText()} (--api-reserve); nothing was written. Read fewer objects (--table, --exclude), lower --api-reserve, or run when the org has more requests left`,
      );
    // 4. The describes, a few composite requests at a time, kept in the list's order.
    const described: unknown[][] = batches.map(() => []);
    let done = 0;
    let stop: InspectResult<SalesforceOrgReading> | undefined;
    progress({ step: 'describes', done, total: names.length });
    await eachLimited(
      batches,
      options.concurrency ?? DEFAULT_CONCURRENCY,
      () => session.halted,
      async (batch, index) => {
        const result = await describeBatch(session, batch, warnings);
        if (!result.ok) {
          if (stop === undefined) stop = result;
          session.halted = true;
          return;
        }
        described[index] = result.value;
        done += batch.length;
        progress({ step: 'describes', done, total: names.length });
      },
    );
    if (stop !== undefined) return stop;
    // 5. The change counts, when asked: a count that fails is a warning, its rate unknown.
    let measured: MeasuredChanges | undefined;
    if (options.lookBack !== undefined) {
      const planned = plannedCounts(names, described.flat(), options.lookBack);
      progress({ step: 'change counts', done: 0, total: planned.queries.length });
      const counted = await countChanges(session, planned, options.lookBack, warnings, {
        concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
        onBatch: (n, total) => progress({ step: 'change counts', done: n, total }),
      });
      if (!counted.ok) return counted;
      measured = counted.value;
    }
    // 6. The record counts: without them every count is unknown, which the converter says.
    progress({ step: 'record counts', done: 0, total: 0 });
    const counts = await request(session, { method: 'GET', path: '/limits/recordCount' });
    if (!counts.ok) {
      const issue = counts.issues[0];
      if (issue === undefined || endsRun(issue)) return counts;
      warnings.push(
        `the record counts could not be read (${issue.message}): every object's count is unknown`,
      );
    }
    return {
      ok: true,
      value: {
        global: { ...(asRecord(global.value.body) as Record<string, unknown>), sobjects: entries },
        describes: described.flat(),
        ...(counts.ok ? { recordCounts: counts.value.body } : {}),
        ...(measured === undefined ? {} : { measured }),
        requests: budget.sent,
        warnings,
        daily: budget.daily,
      },
    };
  } catch (error) {
    // A bug, not the org: said without the token.
    const text = error instanceof Error ? error.message : String(error);
    return failure(
      'connection_failed',
      `reading the org failed: ${shownString(maskToken(text, token).slice(0, 200))}`,
    );
  }
}
