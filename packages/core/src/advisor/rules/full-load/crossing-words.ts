/**
 * The words of a row-limit crossing, for the check's finding and the reasons of a recommendation.
 *
 * @module
 */
import type { LimitCrossing } from '../../estimate/limit-crossing.js';
import type { TableFacts } from '../../facts/table-facts.js';
import { formatCount } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
import { tableWord } from '../check.js';

/** "At 50,000 rows a day, shop.t reaches 5,000,000 rows on day 2 of the 30-day horizon; ..." */
export function crossingWords(facts: TableFacts, mode: string, c: LimitCrossing): string {
  const limit = formatCount(c.limit);
  const rows = formatCount(facts.rows ?? 0);
  const words = sourceWords(facts);
  const n = words.nouns.rows;
  const when =
    c.run !== null
      ? `after run ${formatCount(c.run)} of the timeline`
      : `on day ${formatCount(c.day ?? 0)} of the ${formatCount(c.horizonDays ?? 0)}-day horizon, at ${formatCount(c.perDay ?? 0)} more ${n} a day (inserts less deletes)`;
  return `${tableWord(facts)} has ${rows} ${n} and reaches ${limit} ${when}; ${words.rowLimit(mode, limit)}, so it would stop being usable within the span.`;
}
