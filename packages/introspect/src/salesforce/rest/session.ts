/**
 * A request to the org's REST API with its retries: an attempt (`answer.ts`) per try, counted
 * against the run's budget before it is sent (`budget.ts`); a 5xx answer, `REQUEST_LIMIT_EXCEEDED`,
 * a timeout or a lost connection is tried again after an exponential backoff with full jitter (a
 * uniform wait from 0 to `min(maxDelayMs, baseDelayMs * 2^(retry - 1))`), on the session's timer
 * and random source, so that tests run it without waiting. Every request the reader sends only
 * reads (a GET, or a composite POST of GETs): sending one again changes nothing in the org.
 *
 * @module
 */
import { shownString } from '@querymode/core';
import { failure, type InspectIssue, type InspectIssueCode, type InspectResult } from '../../result.js';
import { type AttemptConfig, attempt, type RestAnswer } from './answer.js';
import type { RequestBudget } from './budget.js';
import { HOW_TO_GET_A_TOKEN } from './token.js';
import type { SalesforceOrg } from './url.js';

/** How often and how long to retry. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** The backoff ceiling of the first retry, in ms. */
  readonly baseDelayMs: number;
  /** The largest backoff ceiling, in ms. */
  readonly maxDelayMs: number;
}

/** 3 retries (4 attempts), backoff up to 1 s, 2 s, 4 s (querymode's choice). */
export const DEFAULT_SALESFORCE_RETRY: RetryPolicy = Object.freeze({
  maxRetries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
});

/** What every request of a run shares. */
export interface RestSession extends AttemptConfig {
  readonly org: SalesforceOrg;
  /** `/services/data/v62.0`: the versioned root of every path. */
  readonly root: string;
  readonly random: () => number;
  readonly retry: RetryPolicy;
  readonly budget: RequestBudget;
  /** Set once a request failed in a way that ends the run: no new attempt starts. */
  halted: boolean;
}

/** A request: method, path under the session's root (`/sobjects`), and a JSON body for a POST. */
export interface RestRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
}

/** A failed request: its issue, and whether trying again may succeed. */
interface Refusal {
  readonly issue: InspectIssue;
  readonly retryable: boolean;
}

/** The first `{ errorCode, message }` of a Salesforce error answer (`[{ message, errorCode }]`). */
export function salesforceError(body: unknown): { code?: string; message?: string } {
  const first = Array.isArray(body) ? body[0] : body;
  if (typeof first !== 'object' || first === null) return {};
  const { errorCode, message } = first as { errorCode?: unknown; message?: unknown };
  return {
    ...(typeof errorCode === 'string' ? { code: errorCode } : {}),
    ...(typeof message === 'string' ? { message } : {}),
  };
}

/** ` (INVALID_SESSION_ID: "Session expired or invalid")`: the error's code and words, short and shown safely. */
export function errorWords(body: unknown): string {
  const { code, message } = salesforceError(body);
  const parts = [
    ...(code === undefined ? [] : [visibleCode(code)]),
    ...(message === undefined ? [] : [shownString(message.slice(0, 200))]),
  ];
  return parts.length === 0 ? '' : ` (${parts.join(': ')})`;
}

const visibleCode = (code: string): string =>
  /^[A-Z0-9_]{1,80}$/.test(code) ? code : shownString(code.slice(0, 80));

/** What the body of an answer that is not JSON looks like, for the message. */
const notJson = (answer: RestAnswer): string =>
  answer.refused ??
  (/html/i.test(answer.contentType ?? '') || /^\s*</.test(String(answer.body))
    ? 'a web page'
    : 'text that is not JSON');

const refuse = (code: InspectIssueCode, message: string, retryable = false): Refusal => ({
  issue: { code, path: [], message },
  retryable,
});

/** The refusal an answer that is not a success stands for. */
function refusal(session: RestSession, path: string, answer: RestAnswer): Refusal {
  const where = `${session.root}${path}`;
  const status = answer.status;
  const { code } = salesforceError(answer.body);
  const words = answer.json ? errorWords(answer.body) : '';
  if (status >= 300 && status < 400) {
    let to = 'elsewhere';
    try {
      to = `to ${shownString(new URL(answer.location ?? '', session.org.origin).host)}`;
    } catch {
      // An unreadable Location: the message says "elsewhere".
    }
    return refuse(
      'redirect',
      `${where} answered ${status}, a redirect ${to}: not followed, the token is sent to ${shownString(session.org.host)} only. Give the org's My Domain host (salesforce://<name>.my.salesforce.com), as \`sf org display\` shows it in instanceUrl`,
    );
  }
  if (status === 401 || code === 'INVALID_SESSION_ID')
    return refuse(
      'unauthorized',
      `${shownString(session.org.host)} refused the access token: ${where} answered ${status}${words}; the token is invalid or expired (a session's token expires with the session): ${HOW_TO_GET_A_TOKEN}`,
    );
  if (code === 'REQUEST_LIMIT_EXCEEDED')
    return refuse(
      'request_limit',
      `${where} answered ${status}${words}: the org's API request limit is reached; nothing was written. Run again once the org's API requests allow it`,
      true,
    );
  if (status === 403)
    return refuse(
      'forbidden',
      `${where} answered 403${words}: the user of the token may not read it (the REST API needs the "API Enabled" permission; /limits and record counts need "View Setup and Configuration")`,
    );
  if (status >= 500 || status === 429)
    return refuse('http_error', `${where} answered ${status}${words}`, true);
  return refuse('http_error', `${where} answered ${status}${words}`);
}

/** Waits `ms` on the session's timer. */
const backoff = (session: RestSession, ms: number): Promise<void> =>
  new Promise((resolve) => {
    session.timer.schedule(ms, resolve, 'backoff');
  });

/** The backoff before retry `retry` (from 1): full jitter under the doubling ceiling. */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Sends a request until it succeeds with a JSON answer, fails in a way another try cannot
 * mend, or runs out of retries; never throws. `halted` on the session stops it before the next
 * attempt (another request ended the run).
 */
export async function request(session: RestSession, req: RestRequest): Promise<InspectResult<RestAnswer>> {
  const url = `${session.org.origin}${session.root}${req.path}`;
  for (let tries = 1; ; tries += 1) {
    if (session.halted) return failure('http_error', 'stopped: another request ended the run');
    const taken = session.budget.take();
    if (!taken.ok) return taken;
    const outcome = await attempt(session, url, req);
    let failed: Refusal;
    if (outcome.ok) {
      const answer = outcome.answer;
      session.budget.observe(answer.limitInfo);
      if (answer.status >= 200 && answer.status < 300) {
        if (answer.json) return { ok: true, value: answer };
        return failure(
          'unexpected_answer',
          `${session.root}${req.path} answered ${answer.status} with ${notJson(answer)}: check that ${shownString(session.org.host)} is the org's My Domain host (salesforce://<name>.my.salesforce.com)`,
        );
      }
      failed = refusal(session, req.path, answer);
    } else {
      failed = refuse(outcome.failure.code, outcome.failure.message, outcome.failure.code !== 'too_large');
    }
    if (!failed.retryable || tries > session.retry.maxRetries) {
      const after = failed.retryable ? `after ${tries} attempts: ` : '';
      return { ok: false, issues: [{ ...failed.issue, message: `${after}${failed.issue.message}` }] };
    }
    await backoff(session, backoffMs(tries, session.retry, session.random));
  }
}

/** The codes that end a run whatever step it is at: the token, the org's limit, the reserve. */
const RUN_ENDING: readonly InspectIssueCode[] = ['unauthorized', 'request_limit', 'reserve_reached'];

/** Whether a failed request ends the run (else the step it served may go without it). */
export const endsRun = (issue: InspectIssue | undefined): boolean =>
  issue === undefined || RUN_ENDING.includes(issue.code);
