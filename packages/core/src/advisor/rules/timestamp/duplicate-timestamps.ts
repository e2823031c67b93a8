/**
 * `timestamp.latest_seen`: the mode reads the rows at or after the latest timestamp it has seen,
 * one ingestion batch at a time. The service documents what happens when more rows share one
 * timestamp than a batch holds (1,000,000 events by default): every run reads the same rows
 * again and never gets past them, and each run's events are billed. This check holds when that
 * cannot happen: the timestamp column is unique, or the table has no more rows than a batch.
 *
 * @module
 */

import type { SourceWords } from '../../../dialects/words.js';
import { shownName } from '../../../text/visible.js';
import { DOCUMENTED } from '../../facts/documented.js';
import { askColumn, askTable } from '../../sql/questions.js';
import { capitalized, formatCount } from '../../text/format.js';
import { sourceWords } from '../../text/source-words.js';
import { type ColumnCheck, DEFAULT_ROWS_ESTIMATE_MARGIN, inWords, tableWord } from '../check.js';
import { wordsBySource } from '../shared/words-by-source.js';

/** The service's default ingestion batch, in events (documented; raised on request). */
const BATCH_EVENTS = 1_000_000;
const BATCH = formatCount(BATCH_EVENTS);

/** Whether the table is known to have no more rows than a batch (yes), more (no), or neither. */
function withinBatch(rows: number | undefined, estimate: boolean): 'yes' | 'no' | 'unknown' {
  if (rows === undefined) return 'unknown';
  // A statistics estimate near the batch size is not known to be on either side of it.
  if (estimate && Math.abs(rows - BATCH_EVENTS) < BATCH_EVENTS * DEFAULT_ROWS_ESTIMATE_MARGIN)
    return 'unknown';
  return rows <= BATCH_EVENTS ? 'yes' : 'no';
}

/**
 * The message in the words `w`: of a `no` (`unique` `no`) or of an `unknown` with the column not
 * unique (`not`) or not known to be (`maybe`); the row count not known, an estimate (`about`) or
 * exact; the column, the table, the count and the estimate's words shown as given.
 */
function messageOf(
  w: SourceWords,
  unique: 'no' | 'not' | 'maybe',
  count: 'unknown' | 'about' | 'exact',
  shown: {
    readonly column: string;
    readonly table: string;
    readonly rows: string;
    readonly estimated: string;
  },
): string {
  const { nouns } = w;
  const rows =
    count === 'unknown'
      ? `the ${nouns.row} count is not known`
      : `${shown.table} has ${count === 'about' ? 'about ' : ''}${shown.rows} ${nouns.rows}${count === 'about' ? ` (${shown.estimated})` : ''}`;
  const loop = `every run reads those ${nouns.rows} again and never gets past them, and the events are billed each time`;
  const named = `${capitalized(nouns.column)} ${shown.column}`;
  return unique === 'no'
    ? `${named} is not unique and ${rows}: if more than ${BATCH} of them share one ${shown.column} value (a bulk load or backfill stamped at one time), ${loop}.`
    : `${named} is ${unique === 'not' ? 'not' : 'not known to be'} unique and ${rows}, so whether more than ${BATCH} ${nouns.rows} can share one value is not known; if they can, ${loop}.`;
}

/** No more rows can share one value of the `timestamp` column than an ingestion batch holds. */
export const timestampDuplicateTimestamps: ColumnCheck = {
  id: 'timestamp.duplicate_timestamps',
  rule: 'timestamp.latest_seen',
  scope: 'column',
  strength: 'advice',
  source: {
    kind: 'documented',
    address: DOCUMENTED.duplicateTimestamps,
    statement: `When more rows share one value of the timestamp column than the ingestion batch holds (${BATCH} events by default), the pipeline cannot ingest them in one batch; it queries the same rows again on every run, in an endless loop, and the billed events grow`,
  },
  holds: `The timestamp column is unique, or the table has at most ${BATCH} rows (an ingestion batch), so one timestamp value cannot fill a batch.`,
  reads: ['columns[].unique', 'rows', 'rows_estimate'],
  appliesTo: (field) => field.name === 'timestamp_column_name',
  selects: false,
  verdict: (column, facts) => {
    if (column.unique === 'yes') return 'yes';
    const small = withinBatch(facts.rows, facts.rowsEstimate);
    if (small === 'yes') return 'yes';
    return column.unique === 'no' && small === 'no' ? 'no' : 'unknown';
  },
  message: ({ facts, column }, verdict) => {
    const unique = verdict === 'no' ? 'no' : column.unique === 'no' ? 'not' : 'maybe';
    const count = facts.rows === undefined ? 'unknown' : facts.rowsEstimate ? 'about' : 'exact';
    return messageOf(sourceWords(facts), unique, count, {
      column: shownName(column.name),
      table: tableWord(facts),
      rows: formatCount(facts.rows ?? 0),
      estimated: facts.rowsEstimateWords,
    });
  },
  words: wordsBySource((w) =>
    Object.fromEntries(
      (['no', 'not', 'maybe'] as const).flatMap((unique) =>
        (['unknown', 'about', 'exact'] as const).map((count) => [
          `${unique}.${count}`,
          messageOf(w, unique, count, {
            column: '{column}',
            table: '{table}',
            rows: '{rows}',
            estimated: '{estimated}',
          }),
        ]),
      ),
    ),
  ),
  remedy: ({ facts, column }) => {
    const { rows, column: field } = sourceWords(facts).nouns;
    return inWords(
      `Check that at most ${BATCH} ${rows} share any one value of ${shownName(column.name)} (count the ${rows} by value), or use \`timestamp+incrementing\`, whose incrementing ${field} orders the ${rows} that share a timestamp (inference); the service raises the batch size on request.`,
    );
  },
  ask: ({ facts, column }) => {
    const rows = withinBatch(facts.rows, facts.rowsEstimate) === 'unknown' ? [askTable('rows', facts)] : [];
    // A column known not to be unique is not asked about, unless the finding rests on it alone (`no`).
    return column.unique === 'unknown' || rows.length === 0
      ? [askColumn('unique', column, facts), ...rows]
      : rows;
  },
};
