/**
 * A clock whose `sleep` waits on a gate the test opens, not on time: a mock given it holds every
 * request with latency until `open()`, and `held(n)` resolves once n requests are held, so a test
 * knows requests are in flight without guessing how long that takes on a busy machine.
 */
import type { MockClock } from '@querymode/mock';

/** A gated clock and its controls. */
export interface GateClock {
  readonly clock: MockClock;
  /** Resolves when the first sleep is held (a request is in flight). */
  readonly entered: Promise<void>;
  /** Resolves once `count` sleeps are held. */
  held(count: number): Promise<void>;
  /** Lets every held and later sleep through. */
  open(): void;
}

/**
 * A clock whose sleeps wait until `open()`, except the first `pass` ones, which end at once (the
 * requests a test lets through before it holds the rest); `now` is real time (the rate limit's
 * window).
 */
export function gateClock(pass = 0): GateClock {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let sleeps = 0;
  let holding = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const clock: MockClock = {
    now: () => Date.now(),
    sleep: () => {
      if (++sleeps <= pass) return Promise.resolve();
      holding++;
      for (const w of waiting.filter((x) => x.count <= holding)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
      return opened;
    },
  };
  const held = (count: number): Promise<void> =>
    count <= holding ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }));
  return { clock, entered: held(1), held, open };
}
