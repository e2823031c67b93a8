/**
 * A clock whose `sleep` waits on a gate the test opens, not on time: a mock given it holds every
 * request with latency until `open()`, and `entered` resolves once the first request is held, so
 * a test knows a request is in flight without guessing how long that takes on a busy machine.
 */
import type { MockClock } from '@querymode/mock';

/** A gated clock and its controls. */
export interface GateClock {
  readonly clock: MockClock;
  /** Resolves when the first sleep starts (a request is being held). */
  readonly entered: Promise<void>;
  /** Lets every held and later sleep through. */
  open(): void;
}

/** A clock whose sleeps wait until `open()`; `now` is real time (the rate limit's window). */
export function gateClock(): GateClock {
  let enter: () => void = () => {};
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const clock: MockClock = {
    now: () => Date.now(),
    sleep: () => {
      enter();
      return opened;
    },
  };
  return { clock, entered, open };
}
