import { countOf } from '@querymode/core';
/**
 * SIGINT and SIGTERM for commands that stream: instead of dying in the middle of a line, the
 * command stops at a line boundary, flushes what it wrote, says on stderr how many records it
 * wrote, and exits with the conventional code (128 + the signal's number: 130 for SIGINT, 143
 * for SIGTERM). A second signal while it flushes ends the process at once.
 *
 * Usage in a stream driver:
 *
 * ```ts
 * const stop = watchStopSignals();        // before the stream starts
 * try {
 *   ... // pass stop.signal to the loop; it checks stop.signal.aborted between records
 *   if (stop.received) return interruptedExit(stop.received, written);
 * } finally {
 *   stop.dispose();
 * }
 * ```
 *
 * @module
 */

/** The signals a stream turns into a clean stop. */
export type StopSignalName = 'SIGINT' | 'SIGTERM';

const NUMBERS: Readonly<Record<StopSignalName, number>> = { SIGINT: 2, SIGTERM: 15 };

/** The conventional exit code of a process stopped by `signal`: 128 + its number (130, 143). */
export const signalExitCode = (signal: StopSignalName): number => 128 + NUMBERS[signal];

/** A watch on SIGINT and SIGTERM; see the module comment. */
export interface StopWatch {
  /** Aborted on the first signal; its `reason` is the signal's name. */
  readonly signal: AbortSignal;
  /** The first signal received, if any. */
  readonly received: StopSignalName | undefined;
  /** Removes the handlers (the default behaviour of the signals comes back). */
  dispose(): void;
}

/**
 * Watches SIGINT and SIGTERM until `dispose()`. The first one aborts `signal`; a second one
 * exits at once with the code of the first.
 */
export function watchStopSignals(): StopWatch {
  const controller = new AbortController();
  let received: StopSignalName | undefined;
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((name) => {
    const handler = (): void => {
      if (received !== undefined) process.exit(signalExitCode(received));
      received = name;
      controller.abort(name);
    };
    process.on(name, handler);
    return () => process.off(name, handler);
  });
  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    dispose: () => {
      for (const off of handlers) off();
    },
  };
}

/**
 * The stderr line of a stream stopped by a signal: what stopped it and how many records were
 * written before it (all of them whole lines).
 */
export function interruptedMessage(command: string, signal: StopSignalName, records: number): string {
  return `${command}: stopped by ${signal} after ${countOf(records, 'record')} written (whole lines); the output is incomplete\n`;
}
