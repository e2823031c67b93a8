/**
 * Words and numbers as the page writes them, shared by the HTML builder and the page's script.
 * Pure: no DOM, no Intl state.
 *
 * @module
 */

export { citeSource, countOf, formatCount, visibleName, visibleText } from '@querymode/core';

import type { RowStatus } from './model/types.js';

/** A span in hours, in words: `30 days`, `1 day`, `36 hours`. */
export function horizonText(hours: number): string {
  if (hours > 0 && hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * `part` as a percentage of a positive `whole` (decimal integer strings), rounded to one decimal
 * (half away from zero): 1 of 6 is `16.7%`. Null when `whole` is 0.
 */
export function percentOf(part: string, whole: string): string | null {
  const w = BigInt(whole);
  if (w === 0n) return null;
  const p = BigInt(part);
  const abs = p < 0n ? -p : p;
  const tenths = (abs * 2000n + w) / (2n * w);
  return `${p < 0n ? '-' : ''}${tenths / 10n}.${tenths % 10n}%`;
}

/** The words of each row status. */
export const STATUS_WORDS: {
  readonly [S in RowStatus]: { readonly label: string; readonly meaning: string };
} = {
  recommended: { label: 'recommended', meaning: 'safe to switch now' },
  needs_facts: { label: 'needs facts', meaning: 'a fact to check first' },
  none: { label: 'none', meaning: 'a change to the table first' },
  error: { label: 'error', meaning: 'a line recommend could not read' },
};

/** A piece of text: plain, or code (written between backticks in the advisor's sentences). */
export interface TextPiece {
  readonly code: boolean;
  readonly text: string;
}

/** Splits a sentence at its backticks: `` use `timestamp` now `` gives plain, code, plain. */
export function splitCode(text: string): TextPiece[] {
  const parts = text.split('`');
  // An odd count of backticks leaves the last one as it was written.
  if (parts.length % 2 === 0) return [{ code: false, text }];
  return parts.flatMap((part, i) => (part === '' ? [] : [{ code: i % 2 === 1, text: part }]));
}
