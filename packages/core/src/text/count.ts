/**
 * Counts in English: `1 table`, `5 tables`, `5 journal entries`, `1,200 records`. Every count a
 * person reads (the CLI's summaries, the mock's start-up line, the report's page) goes through
 * {@link countOf}, so that none reads `5 journal entrys` or `1 pipelines`.
 *
 * @module
 */

/**
 * An integer with comma thousands separators: `5000000` gives `5,000,000`; a number is rounded, a
 * decimal integer string (a BigInt sum) is taken as it is. Never throws: a value no caller of the
 * types passes is written as its type.
 */
export function formatCount(n: number | string): string {
  if (typeof n !== 'string' && typeof n !== 'number') return textOf(n);
  const text = typeof n === 'string' ? n : String(Math.round(n));
  const sign = text.startsWith('-') ? '-' : '';
  return sign + text.slice(sign.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Plurals that adding `s` or `es` does not make (general knowledge of English). */
const IRREGULAR: Readonly<Record<string, string>> = { child: 'children', index: 'indexes' };

/** The plural of a noun (of its last word, in a phrase such as `journal entry`); `noun` itself when it is not a string. */
export function pluralOf(noun: string): string {
  if (typeof noun !== 'string') return textOf(noun);
  const at = noun.lastIndexOf(' ') + 1;
  const head = noun.slice(0, at);
  const word = noun.slice(at);
  const irregular = IRREGULAR[word];
  if (irregular !== undefined) return head + irregular;
  if (/[^aeiou]y$/i.test(word)) return `${head}${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${head}${word}es`;
  return `${head}${word}s`;
}

/** A value no caller of the types passes (a symbol, an object), as text that cannot throw. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : typeof value;
}

/**
 * `n` and the noun, singular for exactly 1 and plural otherwise (`0 tables`), the number with
 * comma thousands separators. `plural` gives a plural of the caller's own (`1 is` / `2 are`).
 * Never throws: a value no caller of the types passes is written as its type (`symbol`).
 */
export function countOf(n: number, noun: string, plural?: string): string {
  const count = typeof n === 'number' ? formatCount(n) : textOf(n);
  if (n === 1) return `${count} ${textOf(noun)}`;
  return `${count} ${plural === undefined ? pluralOf(noun) : textOf(plural)}`;
}
