/**
 * "Did you mean" suggestions for misspelled keys and modes.
 *
 * Suggestions are on the path of every invalid body, so they are computed cheaply: candidates
 * whose length alone puts them out of reach are skipped, and the distance stops as soon as it
 * exceeds what could still win. Nothing is kept between calls (core holds no mutable state).
 *
 * @module
 */

const MAX_COMPARED = 64;

/** The three rows of the distance table a distance needs, for strings of up to `length` characters. */
interface Rows {
  readonly length: number;
  readonly rows: readonly [Int32Array, Int32Array, Int32Array];
}

const rowsFor = (length: number): Rows => ({
  length,
  rows: [new Int32Array(length + 1), new Int32Array(length + 1), new Int32Array(length + 1)],
});

/**
 * Optimal-string-alignment distance of `a` and `b` if it is at most `limit`; otherwise some
 * number greater than `limit`. Only the band of cells within `limit` of the diagonal is
 * computed: a cell outside it is more than `limit` away, and is taken as `limit + 1`.
 */
function boundedDistance(a: string, b: string, limit: number, scratch: Rows): number {
  const m = a.length;
  const n = b.length;
  const over = limit + 1;
  if (Math.abs(m - n) > limit) return over;
  // The rows are the caller's scratch: each call writes every cell it reads.
  const fits = n <= scratch.length;
  let [prev2, prev, cur] = fits ? scratch.rows : rowsFor(n).rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    const ai = a.charCodeAt(i - 1);
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    const from = Math.max(1, i - limit);
    const to = Math.min(n, i + limit);
    cur[from - 1] = from === 1 ? i : over;
    if (to < n) cur[to + 1] = over;
    let rowMin = from === 1 ? i : over;
    for (let j = from; j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = (prev[j] as number) + 1;
      const ins = (cur[j - 1] as number) + 1;
      if (ins < d) d = ins;
      const sub = (prev[j - 1] as number) + (ai === bj ? 0 : 1);
      if (sub < d) d = sub;
      if (j > 1 && i > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj) {
        const tr = (prev2[j - 2] as number) + 1;
        if (tr < d) d = tr;
      }
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // Row minima never decrease, so no later row can come back under the limit.
    if (rowMin > limit) return over;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  const d = prev[n] as number;
  return d > limit ? over : d;
}

/**
 * Optimal-string-alignment distance (Levenshtein with adjacent transpositions). The characters the
 * two strings share at their start and at their end take no edit and are set aside first; the rest
 * costs time in proportion to the product of what is left of their lengths.
 */
export function editDistance(a: string, b: string): number {
  const x = typeof a === 'string' ? a : '';
  const y = typeof b === 'string' ? b : '';
  const shorter = Math.min(x.length, y.length);
  let start = 0;
  while (start < shorter && x.charCodeAt(start) === y.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && x.charCodeAt(x.length - 1 - end) === y.charCodeAt(y.length - 1 - end))
    end++;
  const u = x.slice(start, x.length - end);
  const v = y.slice(start, y.length - end);
  return boundedDistance(u, v, Math.max(u.length, v.length), rowsFor(v.length));
}

const SEPARATORS = /[\s_+-]+/g;

/** A loose form for comparing names: lower case, with runs of separators made one `_`. */
export function looseName(value: string): string {
  if (typeof value !== 'string') return '';
  return isLoose(value) ? value : value.trim().toLowerCase().replace(SEPARATORS, '_');
}

/**
 * Whether a name is its own loose form: lower-case ASCII letters, digits and single `_` between
 * them (every name of the catalogue): no loose form is built for them, ~1.5x instead of ~1.8x for a
 * misspelt key against the old cache (pnpm bench validation; docs/benchmarks.md, "History of the engine's speed work").
 */
function isLoose(value: string): boolean {
  let previous = 95; // `_`: a name that starts with `_` is not its own loose form.
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (!word && (c !== 95 || previous === 95)) return false;
    previous = c;
  }
  return previous !== 95;
}

/**
 * The candidate closest to `input`, if it is close enough to be a likely misspelling: equal in
 * loose form, or within an edit distance of about a third of its length (at most 3). Of equally
 * close candidates, the first wins.
 */
export function closest<T extends string>(input: string, candidates: readonly T[]): T | undefined {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_COMPARED) return undefined;
  try {
    return closestOf(input, candidates);
  } catch {
    return undefined;
  }
}

function closestOf<T extends string>(input: string, candidates: readonly T[]): T | undefined {
  if (!Array.isArray(candidates)) return undefined;
  const loose = looseName(input);
  const looseCandidates = candidates.map((c) => looseName(c));
  const found = looseCandidates.indexOf(loose);
  if (found >= 0) return candidates[found];
  let best: T | undefined;
  let bestDistance = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
  // Candidates longer than the input by more than the limit are skipped before the table is used.
  const scratch = rowsFor(loose.length + bestDistance);
  for (let i = 0; i < looseCandidates.length; i++) {
    // A later candidate must be strictly closer than the best so far.
    const limit = best === undefined ? bestDistance : bestDistance - 1;
    if (limit < 0) break;
    const d = boundedDistance(loose, looseCandidates[i] as string, limit, scratch);
    if (d <= limit) {
      best = candidates[i];
      bestDistance = d;
    }
  }
  return best;
}
