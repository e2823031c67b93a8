/**
 * One HTTP attempt at the org's REST API, held to the reader's limits: a redirect is never followed
 * (the token would go with it), an answer is read up to a size cap and no further, the attempt ends
 * at its timeout (a stalled server), and every answer's text has the token masked before it is
 * parsed, so that no part of it can reach a message or the output.
 *
 * @module
 */
import { jsonDepthExceeds, shownString, TOO_DEEP_MESSAGE } from '@querymode/core';
import type { Secret } from '../../connect/secret.js';
import type { InspectIssueCode } from '../../result.js';

/** The `fetch` the reader calls: the global one, or one of the same shape. */
export type RestFetch = (input: string, init: RequestInit) => Promise<Response>;

/** Why a wait is scheduled: an attempt's timeout, or the backoff before a retry. */
export type WaitPurpose = 'timeout' | 'backoff';

/** Schedules callbacks: real timers, or a test's (so that no test depends on time). */
export interface RestTimer {
  /** Calls `callback` after `ms` milliseconds; returns the function that cancels it. */
  schedule(ms: number, callback: () => void, purpose: WaitPurpose): () => void;
}

/** Real time: `setTimeout`. */
export const SYSTEM_TIMER: RestTimer = Object.freeze({
  schedule(ms: number, callback: () => void): () => void {
    const timer = setTimeout(callback, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
});

/** What one attempt needs. */
export interface AttemptConfig {
  readonly token: Secret;
  readonly fetch: RestFetch;
  readonly timer: RestTimer;
  /** The timeout of one attempt (connecting, waiting, reading the whole answer), in ms. */
  readonly timeoutMs: number;
  /** The largest answer read, in bytes. */
  readonly maxResponseBytes: number;
}

/** An answer the server gave, its text masked and parsed. */
export interface RestAnswer {
  readonly status: number;
  /** The parsed JSON; undefined for an empty body. */
  readonly body: unknown;
  /** Whether the body was JSON (or empty). */
  readonly json: boolean;
  /** Why a JSON body was not taken (nested too deep), when it was not. */
  readonly refused?: string;
  /** `Sforce-Limit-Info`, when present: `api-usage=used/max`. */
  readonly limitInfo: string | undefined;
  /** `Location`, masked, for a redirect. */
  readonly location: string | undefined;
  /** The `Content-Type` header. */
  readonly contentType: string | undefined;
}

/** An attempt that got no whole answer. */
export interface AttemptFailure {
  readonly code: Extract<InspectIssueCode, 'timeout' | 'too_large' | 'connection_failed'>;
  readonly message: string;
}

/** The outcome of one attempt. */
export type AttemptOutcome =
  | { readonly ok: true; readonly answer: RestAnswer }
  | { readonly ok: false; readonly failure: AttemptFailure };

const MASK = '***';

/** `text` with every occurrence of the token (as written and percent-encoded) replaced by `***`. */
export function maskToken(text: string, token: Secret): string {
  const value = token.reveal();
  let out = text;
  for (const form of new Set([value, encodeURIComponent(value)]))
    if (out.includes(form)) out = out.split(form).join(MASK);
  return out;
}

/** A parsed JSON value with every string and key masked (for a text whose escapes may spell the token). */
function maskValue(value: unknown, token: Secret): unknown {
  if (typeof value === 'string') return maskToken(value, token);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, token));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [maskToken(k, token), maskValue(v, token)]),
    );
  return value;
}

/** Thrown inside {@link readCapped} when an answer passes the cap. */
class TooLarge extends Error {}

/** The body as UTF-8 text, at most `maxBytes`: a larger declared length is refused unread, a longer stream cut. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let length = 0;
  for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
    length += piece.value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    text += decoder.decode(piece.value, { stream: true });
  }
  return text + decoder.decode();
}

/** Parses masked text: JSON, with strings masked again where escapes could hide the token. */
function parseMasked(text: string, token: Secret): { body: unknown; json: boolean; refused?: string } {
  if (text.trim() === '') return { body: undefined, json: true };
  const masked = maskToken(text, token);
  try {
    const value: unknown = JSON.parse(masked);
    if (jsonDepthExceeds(value)) return { body: undefined, json: false, refused: `JSON ${TOO_DEEP_MESSAGE}` };
    return { body: masked.includes('\\') ? maskValue(value, token) : value, json: true };
  } catch {
    return { body: masked, json: false };
  }
}

const MIB = 1024 * 1024;

/** A size in MiB for messages (`64 MiB`). */
export const mebibytes = (bytes: number): string => `${Math.round((bytes / MIB) * 10) / 10} MiB`;

/**
 * Sends one request and reads its answer; never throws. The failure messages name the URL's path
 * (never the token, which travels only in the `Authorization` header).
 */
export async function attempt(
  config: AttemptConfig,
  url: string,
  init: { readonly method: 'GET' | 'POST'; readonly body?: string },
): Promise<AttemptOutcome> {
  const scope = new AbortController();
  let timedOut = false;
  const cancel = config.timer.schedule(
    config.timeoutMs,
    () => {
      timedOut = true;
      scope.abort();
    },
    'timeout',
  );
  const where = new URL(url).pathname;
  try {
    const response = await config.fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${config.token.reveal()}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: scope.signal,
      // A redirect would carry the token to wherever it points: it is an answer, never followed.
      redirect: 'manual',
    });
    let text: string;
    try {
      text = await readCapped(response, config.maxResponseBytes);
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      return {
        ok: false,
        failure: {
          code: 'too_large',
          message: `${where} answered with more than ${mebibytes(config.maxResponseBytes)} (the size cap of one answer): not read further`,
        },
      };
    }
    const location = response.headers.get('location');
    return {
      ok: true,
      answer: {
        status: response.status,
        ...parseMasked(text, config.token),
        limitInfo: response.headers.get('sforce-limit-info') ?? undefined,
        location: location === null ? undefined : maskToken(location, config.token),
        contentType: response.headers.get('content-type') ?? undefined,
      },
    };
  } catch (error) {
    if (timedOut)
      return {
        ok: false,
        failure: {
          code: 'timeout',
          message: `${where}: no whole answer within ${Math.round(config.timeoutMs / 1000)} s (--request-timeout)`,
        },
      };
    // The cause's text (a socket error) may quote the URL, never the header; masked all the same.
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return {
      ok: false,
      failure: {
        code: 'connection_failed',
        message: `${where}: the connection failed: ${shownString(maskToken(cause, config.token).slice(0, 200))}`,
      },
    };
  } finally {
    cancel();
  }
}
