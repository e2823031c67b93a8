/**
 * A received string as an issue quotes it: at most 64 characters, then `…`, so that a message
 * stays short whatever the input.
 *
 * @module
 */

import { describeValue } from './describe.js';

/** The longest received string an issue quotes whole. */
const MAX_RECEIVED = 64;

/** `value`, cut to its first 64 characters and `…` when longer (any other value described). */
export function receivedText(value: string): string {
  if (typeof value !== 'string') return describeValue(value);
  return value.length > MAX_RECEIVED ? `${value.slice(0, MAX_RECEIVED)}…` : value;
}
