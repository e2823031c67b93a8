/**
 * A short, safe description of a thrown value, for messages.
 *
 * @module
 */
import { describeValue } from '../issues/describe.js';

/** `Name: message` of an Error (at most 200 characters), else a brief description; never throws. */
export function describeError(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 200);
    return describeValue(error);
  } catch {
    // The thrown value itself may be hostile.
    return 'an unreadable error';
  }
}
