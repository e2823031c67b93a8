/**
 * Time, as the client reads it: the current time and a cancellable sleep. Every wait of the client
 * (backoff, Retry-After, the rate limiter, timeouts) goes through a {@link Clock}, so that tests and
 * benchmarks can run it on virtual time ({@link createVirtualClock}).
 *
 * @module
 */

/** The current time and a sleep. */
export interface Clock {
  /** Milliseconds since an arbitrary origin; never goes backwards. */
  now(): number;
  /** Resolves after `ms` milliseconds; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `callback` after `ms` milliseconds; returns the function that cancels it. */
  schedule(ms: number, callback: () => void): () => void;
}

/** The reason a sleep rejects with when its signal aborts without a reason of its own. */
const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

/** Real time: `Date.now()` and `setTimeout`. */
export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  schedule(ms: number, callback: () => void): () => void {
    const timer = setTimeout(callback, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal as AbortSignal));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
});

/** A clock whose time moves only when told; see {@link createVirtualClock}. */
export interface VirtualClock extends Clock {
  /** Moves time forward by `ms`, waking every sleep that ends on the way, in order. */
  advance(ms: number): Promise<void>;
  /** How many sleeps are waiting. */
  readonly pending: number;
  /**
   * Runs `work` to completion on virtual time: whenever nothing else is left to run (a few turns of
   * the event loop pass without progress), time jumps to the end of the earliest sleep. Use it only
   * with work that does no real I/O (such as the mock's in-process fetch handler): a jump does not
   * wait for I/O.
   */
  run<T>(work: Promise<T>): Promise<T>;
}

interface Sleeper {
  readonly at: number;
  readonly order: number;
  readonly resolve: () => void;
}

/** `setImmediate` where there is one (Node), else a zero timeout (browsers). */
const immediate: (callback: () => void) => void =
  (globalThis as { setImmediate?: (callback: () => void) => void }).setImmediate ??
  ((callback) => setTimeout(callback, 0));

/** Lets every pending callback of the event loop run (one macrotask turn). */
const turn = (): Promise<void> => new Promise((resolve) => immediate(resolve));

/** How many turns pass without the work settling before {@link VirtualClock.run} moves time. */
const IDLE_TURNS = 10;

/**
 * A clock on virtual time, starting at `start` (default 0), for tests and benchmarks: a sleep
 * ends only when {@link VirtualClock.advance} or {@link VirtualClock.run} moves time past it, so a
 * ten-minute rate-limited run takes milliseconds.
 */
export function createVirtualClock(start = 0): VirtualClock {
  let now = start;
  let order = 0;
  const sleepers: Sleeper[] = [];

  const wakeDue = (): void => {
    sleepers.sort((a, b) => a.at - b.at || a.order - b.order);
    while (sleepers.length > 0 && (sleepers[0] as Sleeper).at <= now) (sleepers.shift() as Sleeper).resolve();
  };

  const clock: VirtualClock = {
    now: () => now,
    schedule(ms: number, callback: () => void): () => void {
      const sleeper: Sleeper = { at: now + Math.max(0, ms), order: order++, resolve: callback };
      sleepers.push(sleeper);
      return () => {
        const i = sleepers.indexOf(sleeper);
        if (i >= 0) sleepers.splice(i, 1);
      };
    },
    get pending() {
      return sleepers.length;
    },
    sleep(ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const sleeper: Sleeper = {
          at: now + Math.max(0, ms),
          order: order++,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = (): void => {
          const i = sleepers.indexOf(sleeper);
          if (i >= 0) sleepers.splice(i, 1);
          reject(abortReason(signal as AbortSignal));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        sleepers.push(sleeper);
      });
    },
    async advance(ms: number): Promise<void> {
      const target = now + ms;
      for (;;) {
        sleepers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = sleepers[0];
        if (next === undefined || next.at > target) break;
        now = Math.max(now, next.at);
        wakeDue();
        await turn();
      }
      now = target;
    },
    async run<T>(work: Promise<T>): Promise<T> {
      let settled = false;
      const done = work.then(
        (value) => {
          settled = true;
          return value;
        },
        (error: unknown) => {
          settled = true;
          throw error;
        },
      );
      // Attach a handler now so that a rejection is not reported as unhandled while time runs.
      done.catch(() => {});
      let idle = 0;
      while (!settled) {
        await turn();
        if (settled) break;
        idle += 1;
        if (idle < IDLE_TURNS) continue;
        idle = 0;
        sleepers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = sleepers[0];
        if (next !== undefined) {
          now = Math.max(now, next.at);
          wakeDue();
        }
      }
      return done;
    },
  };
  return clock;
}
