/**
 * A value read as one of a list of words, or undefined: how the advisor reads a source kind or a
 * pipeline mode from a caller it cannot trust (any other value, of any type, is not known).
 *
 * @module
 */

/** `v` when it is one of `list`, else undefined. */
export function oneOf<T extends string>(list: readonly T[], v: unknown): T | undefined {
  return list.includes(v as T) ? (v as T) : undefined;
}
