/**
 * "Did you mean" suggestions for misspelled keys and modes.
 *
 * Suggestions are on the path of every invalid body, so they are computed cheaply: the loose
 * forms of a candidate list are computed once per list, candidates whose length alone puts them
 * out of reach are skipped, and the distance stops as soon as it exceeds what could still win.
 *
 * @module
 */

const MAX_COMPARED = 64;

/** Up to this length, rows of the distance table are scratch space reused between calls. */
const SCRATCH = 256;
const scratch = [
  new Int32Array(SCRATCH + 1),
  new Int32Array(SCRATCH + 1),
  new Int32Array(SCRATCH + 1),
] as const;

/**
 * Optimal-string-alignment distance of `a` and `b` if it is at most `limit`; otherwise some
 * number greater than `limit`. Only the band of cells within `limit` of the diagonal is
 * computed: a cell outside it is more than `limit` away, and is taken as `limit + 1`.
 */
function boundedDistance(a: string, b: string, limit: number): number {
  const m = a.length;
  const n = b.length;
  const over = limit + 1;
  if (Math.abs(m - n) > limit) return over;
  // The rows hold no state between calls: each call writes every cell it reads.
  const small = n <= SCRATCH;
  let prev2 = small ? scratch[0] : new Int32Array(n + 1);
  let prev = small ? scratch[1] : new Int32Array(n + 1);
  let cur = small ? scratch[2] : new Int32Array(n + 1);
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

/** Optimal-string-alignment distance (Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const x = typeof a === 'string' ? a : '';
  const y = typeof b === 'string' ? b : '';
  return boundedDistance(x, y, Math.max(x.length, y.length));
}

const SEPARATORS = /[\s_+-]+/g;

/** A loose form for comparing names: lower case, with runs of separators made one `_`. */
export function looseName(value: string): string {
  if (typeof value !== 'string') return '';
  return value.trim().toLowerCase().replace(SEPARATORS, '_');
}

/** A candidate list with the loose form of each candidate. */
interface LooseList {
  readonly names: readonly string[];
  readonly loose: readonly string[];
}

const LOOSE_LISTS = new WeakMap<readonly string[], LooseList>();

/** The loose forms of a list, computed once per list (and again if the list has changed). */
function looseList(candidates: readonly string[]): LooseList {
  const cached = LOOSE_LISTS.get(candidates);
  if (cached !== undefined && cached.names.length === candidates.length) {
    let same = true;
    for (let i = 0; i < candidates.length; i++) {
      if (cached.names[i] !== candidates[i]) {
        same = false;
        break;
      }
    }
    if (same) return cached;
  }
  const list: LooseList = { names: [...candidates], loose: candidates.map((c) => looseName(c)) };
  LOOSE_LISTS.set(candidates, list);
  return list;
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
  const list = looseList(candidates);
  for (let i = 0; i < list.loose.length; i++) if (list.loose[i] === loose) return list.names[i] as T;
  let best: T | undefined;
  let bestDistance = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
  for (let i = 0; i < list.loose.length; i++) {
    // A later candidate must be strictly closer than the best so far.
    const limit = best === undefined ? bestDistance : bestDistance - 1;
    if (limit < 0) break;
    const d = boundedDistance(loose, list.loose[i] as string, limit);
    if (d <= limit) {
      best = list.names[i] as T;
      bestDistance = d;
    }
  }
  return best;
}
