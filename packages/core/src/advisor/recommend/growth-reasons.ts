/**
 * The reasons' sentence on a row limit the table's known growth reaches within the span: which
 * mode it rules out, and on which day (or run) the rows reach the limit.
 *
 * @module
 */
import { limitCrossing } from '../estimate/limit-crossing.js';
import { crossingWords } from '../rules/full-load/crossing-words.js';
import type { Advice } from './advise.js';

/** One sentence for each mode whose row limit the table reaches within the span. */
export function growthSentences(advice: Advice): string[] {
  const out: string[] = [];
  for (const e of advice.evaluations) {
    const crossing = limitCrossing(advice.facts, e.checks.mode.limits?.maxRowsExclusive, advice.options.span);
    if (crossing === undefined) continue;
    const words = crossingWords(advice.facts, e.checks.mode.id, crossing);
    out.push(`Not \`${e.checks.mode.id}\`: ${words}`);
  }
  return out;
}
