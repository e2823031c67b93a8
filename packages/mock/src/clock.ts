/**
 * The mock's time: the rate limiter's window and injected latency read it. Structurally the same
 * as `@querymode/client`'s `Clock`, so that one virtual clock can drive both in a test.
 *
 * @module
 */

/** The current time and a sleep. */
export interface MockClock {
  /** Milliseconds since an arbitrary origin; never goes backwards. */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/** Real time. */
export const realClock: MockClock = Object.freeze({
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
});
