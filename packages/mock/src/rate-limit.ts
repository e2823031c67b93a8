/**
 * The rate limit, documented at 100 requests a minute per user, answered over the
 * limit with the message "Request rate limit exceeded". The mock counts each authenticated request
 * on arrival in a sliding window per API key. Its 429 carries a `Retry-After` in seconds, until the
 * oldest request of the window leaves it: the mock's choice, since the service documents no
 * Retry-After.
 *
 * @module
 */
import type { MockClock } from './clock.js';

/** The limit: `requests` per `windowMs`. */
export interface MockRateLimit {
  readonly requests: number;
  readonly windowMs: number;
}

/** The service's limit, the service's public documentation. */
export const SERVICE_LIMIT: MockRateLimit = Object.freeze({ requests: 100, windowMs: 60_000 });

/** The message of the service's 429, the service's public documentation. */
export const RATE_LIMIT_MESSAGE = 'Request rate limit exceeded';

/** A sliding-window counter of requests per key. */
export class SlidingWindow {
  readonly limit: MockRateLimit;
  readonly #clock: MockClock;
  readonly #arrivals = new Map<string, number[]>();
  /** The most requests any window of one key held, counting those answered 429. */
  maxInWindow = 0;
  /** Requests answered 429 by the limit. */
  limited = 0;

  constructor(limit: MockRateLimit, clock: MockClock) {
    this.limit = limit;
    this.#clock = clock;
  }

  /** Counts a request of `key`; returns undefined when allowed, else the seconds until a slot frees. */
  admit(key: string): number | undefined {
    const now = this.#clock.now();
    let arrivals = this.#arrivals.get(key);
    if (arrivals === undefined) {
      arrivals = [];
      this.#arrivals.set(key, arrivals);
    }
    while (arrivals.length > 0 && (arrivals[0] as number) <= now - this.limit.windowMs) arrivals.shift();
    if (arrivals.length >= this.limit.requests) {
      this.limited += 1;
      this.maxInWindow = Math.max(this.maxInWindow, arrivals.length + 1);
      return Math.max(1, Math.ceil(((arrivals[0] as number) + this.limit.windowMs - now) / 1000));
    }
    arrivals.push(now);
    this.maxInWindow = Math.max(this.maxInWindow, arrivals.length);
    return undefined;
  }
}
