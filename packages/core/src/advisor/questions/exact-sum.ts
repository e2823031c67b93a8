/**
 * A sum of whole numbers that stays exact however large: kept in a number while it is exact, in
 * a BigInt beyond. The savings of a plan's questions are summed a table at a time; a BigInt an
 * addition cost the tally and the answers file a tenth of their time (pnpm bench questions).
 *
 * @module
 */

/** A sum of whole numbers, exact however large. */
export class ExactSum {
  #big = 0n;
  #small = 0;

  /** Adds `n`, a whole number. */
  add(n: number): void {
    const sum = this.#small + n;
    if (Number.isSafeInteger(sum)) this.#small = sum;
    else {
      this.#big += BigInt(this.#small) + BigInt(n);
      this.#small = 0;
    }
  }

  /** The sum as a decimal integer. */
  toString(): string {
    return this.#big === 0n ? String(this.#small) : (this.#big + BigInt(this.#small)).toString();
  }
}
