/**
 * Short descriptions of received values for messages, bounded in length whatever the input.
 *
 * @module
 */

const MAX_PREVIEW = 40;

/** A string quoted as JSON, shortened to a bounded preview when long. */
export function previewString(value: string): string {
  if (value.length <= MAX_PREVIEW) return JSON.stringify(value);
  return `${JSON.stringify(value.slice(0, MAX_PREVIEW))}… (${value.length} characters)`;
}

/** A brief description of any value: `number 42`, `string "x"`, `array`, `null`, `object`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
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
