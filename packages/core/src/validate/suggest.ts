/**
 * "Did you mean" suggestions for misspelled keys and modes.
 *
 * @module
 */

const MAX_COMPARED = 64;

/** Optimal-string-alignment distance (Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur: number[] = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      }
      cur.push(d);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[n] as number;
}

/** A loose form for comparing names: lower case, with runs of separators made one `_`. */
export function looseName(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_+-]+/g, '_');
}

/**
 * The candidate closest to `input`, if it is close enough to be a likely misspelling: equal in
 * loose form, or within an edit distance of about a third of its length (at most 3).
 */
export function closest<T extends string>(input: string, candidates: readonly T[]): T | undefined {
  if (input.length === 0 || input.length > MAX_COMPARED) return undefined;
  const loose = looseName(input);
  for (const c of candidates) if (looseName(c) === loose) return c;
  let best: T | undefined;
  let bestDistance = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
  for (const c of candidates) {
    const d = editDistance(loose, looseName(c));
    if (d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
