/**
 * Deterministic random numbers for the mock: generated fixtures and fault injection depend only
 * on the seed (and, for faults, on the request's number), never on timing.
 *
 * @module
 */

/** A 32-bit mix of an integer (the finaliser of MurmurHash3). */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A number in [0, 1) that depends only on `seed`, `counter` and `stream`: the same three always
 * give the same number, and different ones look independent.
 */
export function draw(seed: number, counter: number, stream: number): number {
  const h = mix32(mix32(mix32(seed) ^ counter) + Math.imul(stream, 0x9e3779b9));
  return h / 4294967296;
}

/** A sequence of numbers in [0, 1) from a seed. */
export function sequence(seed: number): () => number {
  let counter = 0;
  return () => draw(seed, counter++, 0);
}
