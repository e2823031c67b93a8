/**
 * Issues of the client's own inputs (options, path segments), in the shape of core's issues:
 * `{ code, path, message }` with a stable snake_case code. Body issues are core's own.
 *
 * @module
 */

/** An issue of an input the client checks before sending anything. Core's `Issue` is one. */
export interface ClientIssue {
  /** A stable snake_case code. */
  readonly code: string;
  /** The key path of the input, such as `['config', 'mode']` or `['baseUrl']`. */
  readonly path: readonly (string | number)[];
  /** What is wrong, where, and how to fix it; never quotes a credential. */
  readonly message: string;
}

/** Makes a client issue. */
export function clientIssue(code: string, path: readonly (string | number)[], message: string): ClientIssue {
  return { code, path, message };
}
