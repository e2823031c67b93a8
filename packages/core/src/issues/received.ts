/**
 * A received string as an issue quotes it: at most 64 characters, then `…`, so that a message
 * stays short whatever the input.
 *
 * @module
 */

/** The longest received string an issue quotes whole. */
const MAX_RECEIVED = 64;

/** `value`, cut to its first 64 characters and `…` when longer. */
export function receivedText(value: string): string {
  return value.length > MAX_RECEIVED ? `${value.slice(0, MAX_RECEIVED)}…` : value;
}
