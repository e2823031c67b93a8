/**
 * Connect and statement timeouts.
 *
 * @module
 */

/** How long to wait. */
export interface Timeouts {
  /** For the connection to open, in milliseconds. */
  readonly connectMs: number;
  /** For each catalog query, in milliseconds. */
  readonly statementMs: number;
}

/** 10 s to connect, 60 s per catalog query. */
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, statementMs: 60_000 };
