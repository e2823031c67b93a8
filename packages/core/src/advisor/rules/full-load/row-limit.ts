/**
 * `full_load.row_limit`: the table has fewer rows than the limit on the mode's catalogue entry.
 *
 * @module
 */
import { MODES } from '../../../catalogue/modes.js';
import { askTable } from '../../sql/questions.js';
import { formatCount, listCode } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
import { inWords, type TableCheck, tableWord } from '../check.js';

const CHANGE_READERS = listCode(MODES.filter((m) => m.reads === 'changes').map((m) => m.id));

/** The table is below the row limit of a mode that reads it whole. */
export const fullLoadRowLimit: TableCheck = {
  id: 'full_load.row_limit',
  rule: 'full_load.row_limit',
  scope: 'table',
  strength: 'hard',
  source: { kind: 'spec', quote: 'Usable only when the table has fewer than 5 million rows.' },
  holds: 'The table has fewer rows than the limit (5,000,000).',
  reads: ['rows', 'rows_estimate'],
  verdict: ({ facts, mode, options }) => {
    const limit = mode.limits?.maxRowsExclusive;
    if (limit === undefined) return 'yes';
    if (facts.rows === undefined) return 'unknown';
    // An estimate close to the limit (the advisor's own margin) is not known to be on either side.
    if (facts.rowsEstimate && Math.abs(facts.rows - limit) < limit * options.rowsEstimateMargin)
      return 'unknown';
    return facts.rows < limit ? 'yes' : 'no';
  },
  message: ({ facts, mode, options }, verdict) => {
    const t = tableWord(facts);
    const words = sourceWords(facts);
    const { row, rows } = words.nouns;
    const rule = words.rowLimit(mode.id, formatCount(mode.limits?.maxRowsExclusive ?? 0));
    if (verdict === 'no') return `${t} has ${formatCount(facts.rows ?? 0)} ${rows}; ${rule}.`;
    if (facts.rows === undefined) return `The ${row} count of ${t} is not known; ${rule}.`;
    return `${t} has about ${formatCount(facts.rows)} ${rows} (${facts.rowsEstimateWords}), within ${Math.round(options.rowsEstimateMargin * 100)}% of the limit (the advisor's own margin), so it is not known to be below it; ${rule}.`;
  },
  remedy: () => inWords(`Use a mode that reads only changes: ${CHANGE_READERS}.`),
  ask: ({ facts }) => [askTable('rows', facts)],
};
