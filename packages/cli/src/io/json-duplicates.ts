/**
 * Duplicate keys in JSON text. `JSON.parse` keeps the last of two equal keys in one object and
 * says nothing, so `{"mode":"full_load","mode":"timestamp"}` would silently become a timestamp
 * body. Every JSON input of the CLI is checked with {@link checkKeys} after it parsed, which
 * also refuses a value nested deeper than core's `MAX_JSON_DEPTH` (one walk of the value for both).
 *
 * @module
 */
import { MAX_JSON_DEPTH } from '@querymode/core';

/** Two occurrences of one key in one object, as offsets (UTF-16 code units) into the text. */
export interface DuplicateKey {
  /** The key, decoded. */
  readonly key: string;
  /** The path of the object that holds it (keys and array indexes; empty for the top level). */
  readonly path: readonly (string | number)[];
  /** Where its first occurrence starts (the opening quote). */
  readonly first: number;
  /** Where the second occurrence starts. */
  readonly second: number;
}

/**
 * The number of own keys in every object of a parsed JSON value at `depth` levels (the value
 * itself at 1), or -1 when it nests deeper than core's `MAX_JSON_DEPTH`: `jsonDepthExceeds`'s
 * verdict from the walk the count makes anyway (a second walk for the depth cost a `recommend
 * --ndjson` line 0.3 us of 10). Recursive, but a call past the limit returns at once, so at most
 * `MAX_JSON_DEPTH` + 1 frames whatever the input; keys by `for ... in`, which allocates nothing.
 */
function keysWithin(value: object, depth: number): number {
  if (depth > MAX_JSON_DEPTH) return -1;
  let n = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'object' || item === null) continue;
      const inner = keysWithin(item, depth + 1);
      if (inner === -1) return -1;
      n += inner;
    }
    return n;
  }
  for (const key in value) {
    n++;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== 'object' || item === null) continue;
    const inner = keysWithin(item, depth + 1);
    if (inner === -1) return -1;
    n += inner;
  }
  return n;
}

/** How many `:` characters `text` holds, inside strings or not. */
function colonCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) n++;
  return n;
}

/** The end (exclusive) of the string token that starts with the quote at `start`, in valid JSON. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    let backslashes = 0;
    for (let b = quote - 1; text.charCodeAt(b) === 92; b--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/** An open container while scanning: an object's keys so far, or an array's next index. */
interface Open {
  /** The keys seen so far with their offsets, for an object; undefined for an array. */
  readonly keys: Map<string, number> | undefined;
  /** The key being read (object) or the index of the current element (array). */
  at: string | number;
}

/** Scans valid JSON text for keys that repeat within their object, at most `max` of them. */
function scan(text: string, max: number): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Open[] = [];
  const n = text.length;
  for (let i = 0; i < n && found.length < max; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) stack.push({ keys: new Map(), at: '' });
    else if (c === 91 /* [ */) stack.push({ keys: undefined, at: 0 });
    else if (c === 125 /* } */ || c === 93 /* ] */) stack.pop();
    else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top !== undefined && top.keys === undefined) top.at = (top.at as number) + 1;
    } else if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      let j = end;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      const top = stack[stack.length - 1];
      if (top?.keys !== undefined && text.charCodeAt(j) === 58 /* : */) {
        const raw = text.slice(i, end);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        const first = top.keys.get(key);
        if (first !== undefined) {
          found.push({ key, path: stack.slice(0, -1).map((o) => o.at), first, second: i });
        } else top.keys.set(key, i);
        top.at = key;
      }
      i = end - 1;
    }
  }
  return found;
}

/** What {@link checkKeys} answers for a value nested deeper than core's `MAX_JSON_DEPTH`. */
export const TOO_DEEP = 'too_deep';

/**
 * The checks of JSON text after it parsed, with `value` its parsed value (`JSON.parse(text)`):
 * {@link TOO_DEEP} when the value nests deeper than core's `MAX_JSON_DEPTH` (as
 * `jsonDepthExceeds` tells it), else its duplicate keys (at most `max`, first found first), empty
 * when every object has distinct keys.
 *
 * Fast path: each key of the text is followed by one `:`, so when the parsed objects hold as
 * many keys as the text holds colons, no key was dropped and the text is not scanned. Only a
 * text with colons inside its strings, or with a duplicate, is scanned key by key.
 */
export function checkKeys(text: string, value: unknown, max = 10): DuplicateKey[] | typeof TOO_DEEP {
  if (typeof value !== 'object' || value === null) return [];
  const keys = keysWithin(value, 1);
  if (keys === -1) return TOO_DEEP;
  if (keys === colonCount(text)) return [];
  return scan(text, max);
}
