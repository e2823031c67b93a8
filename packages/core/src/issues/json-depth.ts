/**
 * How deep a JSON value nests, checked with a recursion that stops at the limit. `JSON.parse` reads a line nested
 * 100,000 levels deep, but `JSON.stringify` and any recursive walk of it overflow the stack (at
 * 5,000 levels in Node 20): one such line would end the whole run. Every reader of a JSON input
 * (the CLI's lines and documents, the client's answers, the mock's request bodies) refuses a value
 * deeper than {@link MAX_JSON_DEPTH} before anything walks it, so every later walk is bounded.
 *
 * @module
 */
import { neverThrows } from './unreadable.js';

/**
 * The deepest nesting of arrays and objects a JSON input may have, querymode's choice: a traits
 * line nests 4 levels, a record of `recommend --ndjson --detail` 8; 128 is serde_json's
 * default recursion limit (general knowledge), far below the 5,000 levels that overflow.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * Whether `value` nests arrays and objects more than `max` levels deep (a scalar is 0 levels, `[]`
 * 1); `max` is at most {@link MAX_JSON_DEPTH} (a larger one, or not a number, reads as it, so that
 * a cyclic value ends the walk). Safe on a value of any depth: the walk stops at `max`. Never throws: a value
 * that cannot be walked (a throwing getter or proxy, never a parsed JSON value) is refused as too deep.
 */
export function jsonDepthExceeds(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const limit = typeof max === 'number' && max >= 0 && max <= MAX_JSON_DEPTH ? max : MAX_JSON_DEPTH;
  return neverThrows(exceeds, [value, limit], tooDeep);
}

/** A value that cannot be walked reads as too deep. */
const tooDeep = (): boolean => true;

/** Whether `value` nests deeper than `max` (a scalar does not). */
const exceeds = (value: unknown, max: number): boolean =>
  typeof value === 'object' && value !== null && deeper(value, max, 1);

/**
 * Whether the object `value`, at `depth` levels, nests deeper than `max`. Recursive, but a call
 * past `max` returns at once, so at most `max` + 1 frames (129) whatever the input; keys by
 * `for ... in` (inherited enumerable keys too: a parsed value has none), which allocates nothing:
 * the explicit stack and `Object.values` before took 1.1 us a bench line against 0.8 us.
 */
function deeper(value: object, max: number, depth: number): boolean {
  if (depth > max) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && deeper(item, max, depth + 1)) return true;
    }
    return false;
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && deeper(item, max, depth + 1)) return true;
  }
  return false;
}

/** The message of a value too deep, after its place (`line 3: `). */
export const TOO_DEEP_MESSAGE = `nested more than ${MAX_JSON_DEPTH} levels deep (arrays and objects); no querymode input nests that deep: remove or flatten it`;
