/**
 * Short descriptions of received values for messages, bounded in length whatever the input.
 *
 * @module
 */
import { shownString } from '../text/visible.js';

const MAX_PREVIEW = 40;

/** `Array.isArray`, false for a value that cannot be asked (a revoked proxy). */
export function isArraySafe(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** A string quoted as JSON, shortened to a bounded preview when long; any other value described. */
export function previewString(value: string): string {
  if (typeof value !== 'string') return describeValue(value);
  if (value.length <= MAX_PREVIEW) return shownString(value);
  return `${shownString(value.slice(0, MAX_PREVIEW))}… (${value.length} characters)`;
}

/** A brief description of any value: `number 42`, `string "x"`, `array`, `null`, `object`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (isArraySafe(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return `string ${previewString(value)}`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${typeof value} ${String(value)}`;
    case 'undefined':
      return 'undefined';
    default:
      return typeof value;
  }
}

/**
 * A short, safe description of a thrown value, for messages: `Name: message` of an Error (at
 * most 200 characters), else a brief description of the value. Never throws, even when the
 * thrown value is itself hostile.
 */
export function describeThrown(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 200);
    return describeValue(error);
  } catch {
    return 'an unreadable error';
  }
}
