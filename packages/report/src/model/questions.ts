/**
 * The view "Questions that save the most": every open question of the plan (the facts cheaper
 * modes within reach wait for, and those a table's best candidate waits for when nothing is
 * recommended), each asked once for all the tables that ask it, ranked by the billed events their
 * answers may save (core's `QuestionTally`, fed one record at a time). Only `--detail` records carry a table's questions;
 * the view counts the records that do not.
 *
 * @module
 */
import { type DetailLegend, type QuestionGroup, QuestionTally, recordQuestions } from '@querymode/core';
import type { ReportRecord } from '../records.js';

/** The open questions of a plan, as the page shows them. */
export interface QuestionsView {
  /** Every question, the most events saved first. */
  readonly groups: readonly QuestionGroup[];
  /** The records advised (every result record). */
  readonly tables: number;
  /** The result records that carry no questions (made without `--detail`): their questions are not known. */
  readonly withoutDetail: number;
}

/** Gathers the open questions of a plan, record by record. */
export class QuestionsGatherer {
  readonly #tally = new QuestionTally();
  #withoutDetail = 0;

  /** Adds one record of `recommend --ndjson` (an error record asks nothing), with the legend of its stream (its queries). */
  add(record: ReportRecord, legend?: DetailLegend): void {
    if (!record.ok) return;
    const questions = recordQuestions(record, legend);
    if (questions === undefined) {
      this.#withoutDetail++;
      this.#tally.add({ table: record.table, questions: [] });
      return;
    }
    this.#tally.add(questions);
  }

  /** The view of the records added. */
  view(): QuestionsView {
    return { groups: this.#tally.groups(), tables: this.#tally.tables, withoutDetail: this.#withoutDetail };
  }
}

/** The questions view of `records`, in one call (`demo --report`, tests), with the legend of their stream (see `add`). */
export function questionsView(records: Iterable<ReportRecord>, legend?: DetailLegend): QuestionsView {
  const g = new QuestionsGatherer();
  for (const r of records) g.add(r, legend);
  return g.view();
}
