/**
 * One line of `querymode recommend --ndjson`: a traits object in, one record out, carrying
 * `status` (`recommended`, `needs_facts`, `none`, or `error` for a line that failed). The stream
 * (`ndjson.ts`) runs it in the main thread or in worker threads
 * (`lazy/ndjson-worker.ts`); it is the same function in both, so the output is the same. The
 * records are made by core's builders (`@querymode/core`, `records/`).
 *
 * @module
 */
import {
  type AnsweredTable,
  type AnswerLayers,
  answerer,
  compactRecordWithReach,
  type DetailWriter,
  detailWriter,
  errorRecord,
  type NdjsonDetail,
  type NdjsonErrorRecord,
  type NdjsonRecord,
  prepareRecordOptions,
  QuestionTally,
  type RecommendOptions,
  type RecordRequest,
  recommendRecord,
  recordQuestions,
  type TableQuestions,
  type TableTraits,
  type TallyPart,
  tableQuestions,
} from '@querymode/core';
import { answeredOrigins } from '../../answers/origins.js';
import { parseJsonLine } from '../../io/json-line.js';
import type { LineHandlers, LineResult, SideFold } from '../../ndjson/batch.js';
import { withDefaults } from './defaults.js';

/** What `recommend --ndjson` gives each of its worker threads (`lazy/ndjson-worker.ts`). */
export interface RecommendWorkerData {
  readonly options: RecommendOptions;
  readonly detail: NdjsonDetail;
  /** Traits from the pipeline-wide flags, the default of every line that lacks them (`defaults.ts`). */
  readonly defaults?: TableTraits;
  /**
   * The layers of facts of `--answers` and the flags (core's `answerer`), given when an answers
   * file is, or with `--detail` (whose records say where every fact came from); `defaults` is
   * then not read.
   */
  readonly answers?: AnswerLayers;
  /** Whether each line also gives its open questions (`--questions`), as its result's `side`. */
  readonly questions?: boolean;
}

/** The origin of a line's own facts, in `facts_from` and in the sentences of `overruled`. */
export const INPUT_ORIGIN = 'input';

/**
 * A record as the stream writes it: its JSON, for an error record its message for the summary,
 * and the line's `side` when it gives one (set here, not spread into a copy: one object a line).
 */
export function written(record: NdjsonRecord, side?: TableQuestions): LineResult {
  const result: { -readonly [K in keyof LineResult]: LineResult[K] } = record.ok
    ? { output: JSON.stringify(record), failed: false }
    : { output: JSON.stringify(record), failed: true, message: record.error.message };
  if (side !== undefined) result.side = side;
  return result;
}

/** The error record of a line that failed. */
export const failedLine = (line: number, error: NdjsonErrorRecord['error']): LineResult =>
  written(errorRecord(line, error));

/**
 * A line's result, with its open questions as its `side` when they are asked for: a `--detail`
 * record's from the record (`recordQuestions`); else from `compactRecordWithReach`, which makes
 * the compact record and its questions from one evaluation.
 */
function withQuestions(request: RecordRequest, questions: boolean | undefined): LineResult {
  if (questions !== true) return written(recommendRecord(request));
  if (request.detail === 'detail') {
    const record = recommendRecord(request);
    return written(record, record.ok ? recordQuestions(record, request.writer?.legend) : undefined);
  }
  const asked = compactRecordWithReach(request);
  const record = request.detail === 'compact' ? asked.record : recommendRecord(request);
  return written(
    record,
    record.ok && asked.reach !== undefined
      ? tableQuestions(record.table, request.value, asked.reach, asked.awaited)
      : undefined,
  );
}

/**
 * A batch's questions tallied where the batch runs, a line at a time, so that a worker thread does
 * its lines' share of the tally and posts one part, not a side a line (`QuestionTally.addPart` on
 * the main thread).
 */
function tallyOfBatch(): SideFold {
  const tally = new QuestionTally();
  return { add: (side) => tally.add(side as TableQuestions), value: (): TallyPart => tally.part() };
}

/**
 * What every line of one stream is read with: the worker data but for the answers' layers
 * (`answer` stands for them), the options prepared once (`prepareRecordOptions`).
 */
type LineSetup = Omit<RecommendWorkerData, 'answers' | 'options'> & Pick<RecordRequest, 'options' | 'writer'>;

/**
 * Processes one line: parse, apply the pipeline-wide defaults (only when flags gave them: without
 * them the record is the line, unchanged), then core's `recommendRecord` at the level `detail`.
 */
export function recommendLine(text: string, line: number, setup: LineSetup): LineResult {
  const parsed = parseJsonLine(text, line);
  if (!parsed.ok) return failedLine(line, { code: parsed.code, message: parsed.message });
  const { options, detail, defaults, questions, writer } = setup;
  if (defaults === undefined)
    return withQuestions({ line, value: parsed.value, options, detail, writer }, questions);
  const { traits, fromFlags } = withDefaults(parsed.value, defaults);
  return withQuestions({ line, value: traits, options, detail, fromFlags, writer }, questions);
}

/**
 * Processes one line with the layers of `--answers` and the flags (`answer`): the facts they fill,
 * the answers the line overrules, and with `detail` where every fact came from, in the record;
 * the answers file's entries that matched the line's table as the result's marks.
 */
export function answeredLine(
  text: string,
  line: number,
  setup: LineSetup,
  answer: (record: unknown, input: string) => AnsweredTable,
): LineResult {
  const parsed = parseJsonLine(text, line);
  if (!parsed.ok) return failedLine(line, { code: parsed.code, message: parsed.message });
  const { options, detail, writer } = setup;
  const a = answer(parsed.value, INPUT_ORIGIN);
  const origins = answeredOrigins(a, detail, INPUT_ORIGIN);
  const result = withQuestions(
    { line, value: a.traits, options, detail, fromFlags: a.fromFlags, origins, writer },
    setup.questions,
  );
  return a.matched.length === 0 ? result : { ...result, marks: a.matched };
}

/**
 * Every line handler of `recommend --ndjson` (`ndjson/batch.ts`): `recommendLine`, and the error
 * records of an empty line and of a line that is not UTF-8. `writer` writes the `--detail`
 * records (the main thread gives the one whose legend it wrote; a worker builds its own).
 */
export function recommendHandlers(
  data: RecommendWorkerData,
  writer: DetailWriter | undefined = data.detail === 'detail' ? detailWriter() : undefined,
): LineHandlers {
  const answer = data.answers === undefined ? undefined : answerer(data.answers);
  // The options are read once for the stream, not for every line; so is the legend of `--detail`.
  const setup: LineSetup = { ...data, options: prepareRecordOptions(data.options), writer };
  return {
    ...(data.questions === true ? { foldSides: tallyOfBatch } : {}),
    processLine:
      answer === undefined
        ? (text, line) => recommendLine(text, line, setup)
        : (text, line) => answeredLine(text, line, setup, answer),
    empty: (line) =>
      failedLine(line, { code: 'empty_line', message: `line ${line}: empty line, expected a traits object` }),
    invalidUtf8: (line, bad) =>
      failedLine(line, {
        code: 'invalid_utf8',
        message: `line ${line}: not valid UTF-8 at byte ${bad.offset + 1} of the line: ${bad.reason}`,
      }),
  };
}
