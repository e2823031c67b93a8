/**
 * How deep a JSON value nests, checked without recursion. `JSON.parse` reads a line nested
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
 * a cyclic value ends the walk). Iterative: safe on a value of any depth. Never throws: a value
 * that cannot be walked (a throwing getter or proxy, never a parsed JSON value) is refused as too deep.
 */
export function jsonDepthExceeds(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const limit = typeof max === 'number' && max >= 0 && max <= MAX_JSON_DEPTH ? max : MAX_JSON_DEPTH;
  return neverThrows(exceeds, [value, limit], () => true);
}

function exceeds(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  for (let top = values.pop(); top !== undefined; top = values.pop()) {
    const depth = depths.pop() as number;
    if (depth > max) return true;
    const items: unknown[] = Array.isArray(top) ? top : Object.values(top);
    for (const item of items) {
      if (typeof item === 'object' && item !== null) {
        values.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** The message of a value too deep, after its place (`line 3: `). */
export const TOO_DEEP_MESSAGE = `nested more than ${MAX_JSON_DEPTH} levels deep (arrays and objects); no querymode input nests that deep: remove or flatten it`;
