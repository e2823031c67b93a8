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
  errorRecord,
  type NdjsonDetail,
  type NdjsonErrorRecord,
  type NdjsonRecord,
  type RecommendOptions,
  recommendRecord,
  type TableTraits,
} from '@querymode/core';
import { parseJsonLine } from '../../io/json-line.js';
import type { LineHandlers, LineResult } from '../../ndjson/batch.js';
import { withDefaults } from './defaults.js';

/** What `recommend --ndjson` gives each of its worker threads (`lazy/ndjson-worker.ts`). */
export interface RecommendWorkerData {
  readonly options: RecommendOptions;
  readonly detail: NdjsonDetail;
  /** Traits from the pipeline-wide flags, the default of every line that lacks them (`defaults.ts`). */
  readonly defaults?: TableTraits;
}

/** A record as the stream writes it: its JSON, and for an error record its message for the summary. */
export function written(record: NdjsonRecord): LineResult {
  return record.ok
    ? { output: JSON.stringify(record), failed: false }
    : { output: JSON.stringify(record), failed: true, message: record.error.message };
}

/** The error record of a line that failed. */
export const failure = (line: number, error: NdjsonErrorRecord['error']): LineResult =>
  written(errorRecord(line, error));

/**
 * Processes one line: parse, apply the pipeline-wide defaults (only when flags gave them: without
 * them the record is the line, unchanged), then core's `recommendRecord` at the level `detail`.
 */
export function recommendLine(
  text: string,
  line: number,
  options: RecommendOptions,
  detail: NdjsonDetail,
  defaults?: TableTraits,
): LineResult {
  const parsed = parseJsonLine(text, line);
  if (!parsed.ok) return failure(line, { code: parsed.code, message: parsed.message });
  if (defaults === undefined) return written(recommendRecord(line, parsed.value, options, detail));
  const { traits, fromFlags } = withDefaults(parsed.value, defaults);
  return written(recommendRecord(line, traits, options, detail, fromFlags));
}

/**
 * Every line handler of `recommend --ndjson` (`ndjson/batch.ts`): `recommendLine`, and the error
 * records of an empty line and of a line that is not UTF-8.
 */
export function recommendHandlers({ options, detail, defaults }: RecommendWorkerData): LineHandlers {
  return {
    processLine: (text, line) => recommendLine(text, line, options, detail, defaults),
    empty: (line) =>
      failure(line, { code: 'empty_line', message: `line ${line}: empty line, expected a traits object` }),
    invalidUtf8: (line, bad) =>
      failure(line, {
        code: 'invalid_utf8',
        message: `line ${line}: not valid UTF-8 at byte ${bad.offset + 1} of the line: ${bad.reason}`,
      }),
  };
}
