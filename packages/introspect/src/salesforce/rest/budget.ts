/**
 * The run's budget of API requests. Salesforce counts an org's API requests against a daily
 * allowance, read from `GET /services/data/vXX.X/limits` (`DailyApiRequests: { Max, Remaining }`,
 * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_limits.htm)
 * and reported after each request in the `Sforce-Limit-Info: api-usage=used/max` header
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_api_usage.htm).
 * The reader keeps a reserve for the org's other integrations: it never sends a request that
 * would leave fewer remaining than the reserve. The default reserve, 10% of the daily maximum, is
 * querymode's choice, not a platform figure.
 *
 * @module
 */
import { countOf, shownString } from '@querymode/core';
import { failure, type InspectResult } from '../../result.js';

/** How many of the org's daily API requests to leave unused: a count, or a percentage of the maximum. */
export type ApiReserve = { readonly requests: number } | { readonly percent: number };

/** The default reserve: 10% of the org's daily maximum (querymode's choice). */
export const DEFAULT_API_RESERVE: ApiReserve = Object.freeze({ percent: 10 });

/** The reserve as the user writes it (`--api-reserve`): `1500` or `10%`. */
export function showReserve(reserve: ApiReserve): string {
  return 'percent' in reserve ? `${reserve.percent}%` : String(reserve.requests);
}

/** Reads `--api-reserve`: a whole number of requests (`1500`) or a percentage of the daily maximum (`10%`). */
export function parseApiReserve(text: string): InspectResult<ApiReserve> {
  const t = text.trim();
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(t);
  if (percent !== null && Number(percent[1]) <= 100)
    return { ok: true, value: { percent: Number(percent[1]) } };
  if (/^\d+$/.test(t) && Number.isSafeInteger(Number(t))) return { ok: true, value: { requests: Number(t) } };
  return failure(
    'invalid_option',
    `--api-reserve expects a number of API requests (1500) or a percentage of the daily maximum (10%); received ${shownString(text)}`,
    ['apiReserve'],
  );
}

/** The org's daily API requests. */
export interface DailyRequests {
  readonly max: number;
  readonly remaining: number;
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/** `DailyApiRequests` of a `/limits` answer; undefined when the answer lacks it. */
export function dailyRequests(limits: unknown): DailyRequests | undefined {
  const entry = (limits as { DailyApiRequests?: { Max?: unknown; Remaining?: unknown } } | null)
    ?.DailyApiRequests;
  const max = count(entry?.Max);
  const remaining = count(entry?.Remaining);
  return max === undefined || remaining === undefined ? undefined : { max, remaining };
}

/** `Sforce-Limit-Info: api-usage=18/5000` as daily requests (remaining = max - used); undefined otherwise. */
export function limitInfoRequests(header: string | undefined): DailyRequests | undefined {
  const m = header === undefined ? null : /(?:^|[;,\s])api-usage=(\d+)\/(\d+)/.exec(header);
  if (m === null) return undefined;
  const used = Number(m[1]);
  const max = Number(m[2]);
  return Number.isSafeInteger(used) && Number.isSafeInteger(max)
    ? { max, remaining: Math.max(0, max - used) }
    : undefined;
}

/** The reserve in requests for an org's daily maximum (a percentage rounds up). */
export function reserveRequests(reserve: ApiReserve, max: number): number {
  return 'percent' in reserve ? Math.ceil((max * reserve.percent) / 100) : reserve.requests;
}

/**
 * The run's account of API requests: what the org has left (from `/limits`, lowered by each
 * request sent and by each `Sforce-Limit-Info` header), and the reserve no request may touch.
 * Without the daily figures (a reserve of 0 and `/limits` unreadable) nothing is checked.
 */
export class RequestBudget {
  #daily: DailyRequests | undefined;
  readonly #reserve: ApiReserve;
  /** The requests sent so far (each attempt of each request). */
  sent = 0;

  constructor(reserve: ApiReserve) {
    this.#reserve = reserve;
  }

  /** The daily figures as last known. */
  get daily(): DailyRequests | undefined {
    return this.#daily;
  }

  /** The reserve in requests, once the daily maximum is known. */
  get reserve(): number | undefined {
    return this.#daily === undefined ? undefined : reserveRequests(this.#reserve, this.#daily.max);
  }

  /** The reserve as given, for messages: `10% of 15,000 requests = 1,500 requests`, `2000 requests`. */
  reserveText(): string {
    const n = this.reserve;
    if (!('percent' in this.#reserve)) return countOf(this.#reserve.requests, 'request');
    const given = showReserve(this.#reserve);
    return n === undefined
      ? given
      : `${given} of ${countOf(this.#daily?.max ?? 0, 'request')} = ${countOf(n, 'request')}`;
  }

  /** `the org has 1,499 daily API requests left (of 15,000)`, for messages. */
  leftText(): string {
    const daily = this.#daily;
    if (daily === undefined) return 'the daily API requests the org has left are unknown';
    return `the org has ${countOf(daily.remaining, 'daily API request')} left (of ${countOf(daily.max, 'request')})`;
  }

  /** Takes what `/limits` says. */
  start(daily: DailyRequests): void {
    this.#daily = daily;
  }

  /** Lowers what is left to what a `Sforce-Limit-Info` header says, when it says less. */
  observe(header: string | undefined): void {
    const seen = limitInfoRequests(header);
    if (seen === undefined || this.#daily === undefined) return;
    if (seen.remaining < this.#daily.remaining)
      this.#daily = { max: this.#daily.max, remaining: seen.remaining };
  }

  /** Whether `more` requests fit above the reserve (always, when the daily figures are unknown). */
  fits(more: number): boolean {
    const reserve = this.reserve;
    return this.#daily === undefined || reserve === undefined || this.#daily.remaining - more >= reserve;
  }

  /**
   * Counts one request about to be sent, or refuses it when it would take the org under the
   * reserve: `reserve_reached`, saying where the run stopped.
   */
  take(): InspectResult<void> {
    if (!this.fits(1)) {
      return failure(
        'reserve_reached',
        `stopped after ${countOf(this.sent, 'API request')}: ${this.leftText()}, and the reserve is ${this.reserveText()} (--api-reserve); nothing was written. Other clients are using the org's requests: run again later, or lower --api-reserve`,
      );
    }
    this.sent += 1;
    if (this.#daily !== undefined)
      this.#daily = { max: this.#daily.max, remaining: Math.max(0, this.#daily.remaining - 1) };
    return { ok: true, value: undefined };
  }
}
