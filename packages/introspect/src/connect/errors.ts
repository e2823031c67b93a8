/**
 * Driver errors as one-line issues: what failed, the driver's reason, and never a secret.
 *
 * @module
 */
import type { InspectIssue, InspectIssueCode } from '../result.js';
import { MissingDriverError } from './optional-import.js';
import { redact, type Secret } from './secret.js';

/** The server wanted a password and none was given: `variable` is the environment variable that gives it. */
export class NoPasswordError extends Error {
  override readonly name = 'NoPasswordError';
  constructor(variable: string) {
    super(`no password given: set ${variable} or put it in the URL`);
  }
}

/**
 * The connect took longer than the connect timeout, which the message names in seconds (so that a
 * user sees which value was used, and what to raise).
 */
export class ConnectTimeoutError extends Error {
  override readonly name = 'ConnectTimeoutError';
  constructor(ms: number) {
    super(`no connection within the connect timeout of ${ms / 1000} s (--connect-timeout)`);
  }
}

/** Error codes of Node's sockets and the drivers that mean the connection was lost. */
const LOST = /ECONNRESET|EPIPE|terminat|closed|lost|PROTOCOL_CONNECTION_LOST|ESOCKET|ECONNCLOSED/i;

/** The first line of an error's message, or its string form. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  const e = error as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' && e.message !== '' ? e.message : String(error);
  const code = typeof e?.code === 'string' && !message.includes(e.code) ? ` (${e.code})` : '';
  return `${message.split('\n')[0]}${code}`;
}

/**
 * An issue for a failed connect. `display` names the target without its password and is shown as
 * it is: masking the secret's value in it too would mask a user name or a port that happens to
 * contain it (`***_pw`).
 */
export function connectIssue(error: unknown, display: string, secrets: readonly Secret[]): InspectIssue {
  if (error instanceof MissingDriverError) {
    return { code: 'driver_missing', path: [], message: `cannot inspect ${display}: ${error.message}` };
  }
  return {
    code: 'connection_failed',
    path: [],
    message: `cannot connect to ${display}: ${redact(reasonOf(error), secrets, [display])}`,
  };
}

/** An issue for a failed catalog query: a lost connection, or the query's own error. */
export function queryIssue(error: unknown, display: string, secrets: readonly Secret[]): InspectIssue {
  const reason = reasonOf(error);
  const code: InspectIssueCode = LOST.test(reason) ? 'connection_lost' : 'query_failed';
  const what =
    code === 'connection_lost'
      ? `the connection to ${display} was lost while reading the catalog`
      : `a catalog query failed on ${display}`;
  return { code, path: [], message: `${what}: ${redact(reason, secrets, [display])}` };
}
