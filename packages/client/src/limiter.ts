/**
 * The client-side rate limiter. The API allows 100 requests a minute per user, documented at
 * https://api-docs.hevodata.com/reference/rate-limits (docs/service.md#rate-limit). The limiter holds a well-behaved client under
 * that limit so that it never meets a 429.
 *
 * Each request takes a slot before it is sent. The slot stays taken while the request is in
 * flight and for one window after its response arrived, so that, whatever the latency, no window
 * of `windowMs` at the server can see more than `requests` arrivals: the server receives a request
 * between its sending and its response, and the next request that reuses the slot is sent a whole
 * window after that response. Waiters are served first come, first served. One limiter is shared
 * by every call of a client (and may be shared by several clients of one credential).
 *
 * @module
 */
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';

/** The limit: `requests` per `windowMs`. */
export interface RateLimit {
  /** Requests allowed per window. */
  readonly requests: number;
  /** The window, in ms. */
  readonly windowMs: number;
}

/** The service's limit, documented at 100 requests a minute per user. */
export const SERVICE_RATE_LIMIT: RateLimit = Object.freeze({ requests: 100, windowMs: 60_000 });

interface Waiter {
  readonly grant: () => void;
}

/** Gives back a slot once the request's response has arrived (or the request failed). */
export type ReleaseSlot = () => void;

/** A sliding-window limiter of requests; see the module comment. */
export class RateLimiter {
  /** The limit. */
  readonly limit: RateLimit;
  readonly #clock: Clock;
  /** When each slot released within the last window was released, oldest first. */
  readonly #released: number[] = [];
  readonly #waiters: Waiter[] = [];
  #inFlight = 0;
  #timer: AbortController | undefined;
  #waited = 0;

  constructor(limit: RateLimit = SERVICE_RATE_LIMIT, clock: Clock = systemClock) {
    this.limit = limit;
    this.#clock = clock;
  }

  /** How many slots are taken now (in flight, or released less than a window ago). */
  get taken(): number {
    this.#expire();
    return this.#inFlight + this.#released.length;
  }

  /** How many acquisitions had to wait for a slot, in total. */
  get waited(): number {
    return this.#waited;
  }

  #expire(): void {
    const horizon = this.#clock.now() - this.limit.windowMs;
    while (this.#released.length > 0 && (this.#released[0] as number) <= horizon) this.#released.shift();
  }

  #take(): ReleaseSlot {
    this.#inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight -= 1;
      this.#released.push(this.#clock.now());
      this.#pump();
    };
  }

  /** Grants waiting slots while there is room, then sleeps until the oldest slot expires. */
  #pump(): void {
    this.#expire();
    while (this.#waiters.length > 0 && this.#inFlight + this.#released.length < this.limit.requests) {
      (this.#waiters.shift() as Waiter).grant();
    }
    if (this.#waiters.length === 0 || this.#timer !== undefined || this.#released.length === 0) return;
    const wait = (this.#released[0] as number) + this.limit.windowMs - this.#clock.now();
    const timer = new AbortController();
    this.#timer = timer;
    this.#clock.sleep(Math.max(0, wait), timer.signal).then(
      () => {
        this.#timer = undefined;
        this.#pump();
      },
      () => {
        this.#timer = undefined;
      },
    );
  }

  /** Takes a slot when one is free and nobody waits; undefined otherwise (then use {@link acquire}). */
  tryAcquire(): ReleaseSlot | undefined {
    this.#expire();
    if (this.#waiters.length === 0 && this.#inFlight + this.#released.length < this.limit.requests)
      return this.#take();
    return undefined;
  }

  /**
   * Takes a slot, waiting for one when all are taken; resolves to the function that releases it.
   * Rejects with the signal's reason when `signal` aborts while waiting.
   */
  acquire(signal?: AbortSignal): Promise<ReleaseSlot> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.#expire();
    if (this.#waiters.length === 0 && this.#inFlight + this.#released.length < this.limit.requests) {
      return Promise.resolve(this.#take());
    }
    this.#waited += 1;
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const onAbort = (): void => {
        const i = this.#waiters.indexOf(waiter);
        if (i >= 0) this.#waiters.splice(i, 1);
        // Nobody waits any more: the timer would only keep the process alive until the window ends.
        if (this.#waiters.length === 0) this.#timer?.abort();
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.#take());
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
      this.#pump();
    });
  }
}
