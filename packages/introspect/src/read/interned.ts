/**
 * One string for each text that repeats over a catalog's rows: a driver makes a new string for
 * every value of every row, and what a reader keeps of them lives until the records are written.
 *
 * @module
 */

/**
 * A function that answers the first string equal to `text` it was given: the type names of
 * 150,000 columns, say, are then a handful of strings, not 150,000 (4 MB at 30,000 tables).
 * Only for texts of few distinct values: it keeps each distinct one.
 */
export function interning(): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    const first = seen.get(text);
    if (first !== undefined) return first;
    seen.set(text, text);
    return text;
  };
}
