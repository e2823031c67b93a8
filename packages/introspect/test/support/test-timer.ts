/**
 * A timer for the live Salesforce reader that never waits on the clock: a backoff ends at once
 * (its length is recorded, to check the policy), and an attempt's timeout fires only when the
 * test calls `expire()`, once the stand-in has said the request is in. No test depends on timing.
 */
import type { RestTimer, WaitPurpose } from '../../src/index.js';

/** The timer and its controls. */
export interface TestTimer extends RestTimer {
  /** The backoff waits asked for, in order, in ms. */
  readonly backoffs: number[];
  /** Fires every timeout now pending; returns how many. */
  expire(): number;
}

/** A timer whose backoffs end at once and whose timeouts wait for `expire()`. */
export function testTimer(): TestTimer {
  const backoffs: number[] = [];
  const timeouts = new Set<() => void>();
  return {
    backoffs,
    schedule(ms: number, callback: () => void, purpose: WaitPurpose) {
      if (purpose === 'backoff') {
        backoffs.push(ms);
        setImmediate(callback);
        return () => undefined;
      }
      timeouts.add(callback);
      return () => timeouts.delete(callback);
    },
    expire() {
      const due = [...timeouts];
      timeouts.clear();
      for (const fire of due) fire();
      return due.length;
    },
  };
}
