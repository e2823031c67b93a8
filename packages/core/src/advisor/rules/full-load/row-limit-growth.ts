/**
 * `full_load.row_limit` over the span: the table stays below the row limit on every load of the
 * horizon, by its known growth (`estimate/limit-crossing.ts`). The row count now is read by
 * `row-limit.ts`; this check fails only when a known insert rate takes the table to the limit.
 *
 * @module
 */
import { MODES } from '../../../catalogue/modes.js';
import { growthUnknown, limitCrossing } from '../../estimate/limit-crossing.js';
import { askInsertRate } from '../../sql/questions.js';
import { formatCount, listCode } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
import { inWords, type TableCheck, tableWord } from '../check.js';
import { crossingWords } from './crossing-words.js';

const CHANGE_READERS = listCode(MODES.filter((m) => m.reads === 'changes').map((m) => m.id));

/**
 * The net insert rate below which a table of `rows` stays under `limit` for the horizon: fewer
 * than `below` rows a day (`limitCrossing` crosses on day ceil((limit - rows) / rate), and only a
 * day within the horizon's whole days counts).
 */
function safeRate(rows: number, limit: number, horizonHours: number): { below: number; days: number } {
  const days = horizonHours / 24;
  return { below: Math.floor((limit - rows) / Math.max(1, Math.ceil(days))), days };
}

/** The table's known growth keeps it below the row limit of a mode that reads it whole, over the span. */
export const fullLoadRowLimitGrowth: TableCheck = {
  id: 'full_load.row_limit_growth',
  rule: 'full_load.row_limit',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'spec',
    quote: 'Usable only when the table has fewer than 5 million rows.',
  },
  holds: "The table's known growth keeps it below the row limit (5,000,000) over the span of the estimate.",
  reads: ['rows', 'changes'],
  verdict: ({ facts, mode, options }) => {
    const limit = mode.limits?.maxRowsExclusive;
    if (limitCrossing(facts, limit, options.span) !== undefined) return 'no';
    return growthUnknown(facts, limit, options.span) ? 'unknown' : 'yes';
  },
  message: ({ facts, mode, options }, verdict) => {
    const limit = mode.limits?.maxRowsExclusive ?? 0;
    const crossing = limitCrossing(facts, limit, options.span);
    if (verdict === 'no' && crossing !== undefined) return crossingWords(facts, mode.id, crossing);
    const { below, days } = safeRate(facts.rows ?? 0, limit, options.span?.horizonHours ?? 0);
    const rows = sourceWords(facts).nouns.rows;
    return `The insert rate of ${tableWord(facts)} is not known: fewer than ${formatCount(below)} new ${rows} a day (net of deletes) keeps it under ${formatCount(limit)} ${rows} for the ${formatCount(days)}-day horizon, beyond which \`${mode.id}\` is no longer usable.`;
  },
  remedy: () => inWords(`Use a mode that reads only changes: ${CHANGE_READERS}.`),
  ask: ({ facts, mode, options }) => {
    const limit = mode.limits?.maxRowsExclusive ?? 0;
    const { below, days } = safeRate(facts.rows ?? 0, limit, options.span?.horizonHours ?? 0);
    return [askInsertRate(facts, below, formatCount(limit), formatCount(days))];
  },
};
