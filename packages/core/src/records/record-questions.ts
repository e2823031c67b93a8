/**
 * The open questions of a `--detail` record of `recommend --ndjson`, as `recommend --ndjson
 * --questions` gathers them from the advisor: its cheaper modes within reach, and the facts its
 * best candidate waits for when nothing is recommended (`needs_facts`). The report's "Questions
 * that save the most" and `--detail --questions` read them here.
 *
 * @module
 */
import { answerWaits, type TableQuestions, tableQuestions } from '../advisor/questions/table-questions.js';
import type { QueryMode } from '../catalogue/modes.js';
import { neverThrows } from '../issues/unreadable.js';
import { fullQuestions, type QuestionsLegend, questionsAt } from './detail-candidates.js';
import { withinReachOf } from './detail-expand.js';
import type { NdjsonResultRecord } from './recommend-record.js';

/**
 * The open questions of a result record (its queries put back with `legend`, the legend of its
 * stream; by default this build's, built for each call that needs it: a reader of many records
 * passes one); undefined when it does not carry them (a record made without `--detail`). Never
 * throws: a record that cannot be read gives none.
 */
export function recordQuestions(
  record: NdjsonResultRecord,
  legend?: QuestionsLegend,
): TableQuestions | undefined {
  return neverThrows(questionsOfRecord, [record, legend], () => undefined);
}

function questionsOfRecord(
  record: NdjsonResultRecord,
  legend: QuestionsLegend | undefined,
): TableQuestions | undefined {
  const { withinReach, traits, candidates } = record;
  if (withinReach === undefined || traits === undefined) return undefined;
  const best = candidates?.[0];
  const awaited =
    best !== undefined && answerWaits(record.status, best.status)
      ? {
          mode: best.mode as QueryMode,
          questions: questionsAt(fullQuestions(legend, record), best.toEstablish ?? []),
        }
      : undefined;
  return tableQuestions(
    record.table,
    traits,
    withinReachOf(legend, record, () => []),
    awaited,
  );
}
