/**
 * One line of `querymode recommend --ndjson`: a traits object in, one record out, carrying
 * `status` (`recommended`, `needs_facts`, `none`, or `error` for a line that failed). The stream
 * (`ndjson.ts`) runs it in the main thread or in worker threads
 * (`lazy/ndjson-worker.ts`); it is the same function in both, so the output is the same.
 *
 * @module
 */
import {
  chooseMode,
  type Issue,
  type RecommendOptions,
  recommend,
  recommendSummary,
  type TableTraits,
} from '@querymode/core';
import { parseJsonLine } from '../../io/json-line.js';
import type { LineHandlers, LineResult } from '../../ndjson/batch.js';
import type { NDJSON_ERROR_CODES } from '../../output/ndjson-codes.js';
import { withDefaults } from './defaults.js';
import { detailRecord } from './detail.js';

/**
 * How much each ok record holds: `compact` (the verdict, `misses`, `warnings`), `reasons` (the
 * verdict and its sentences) or `detail` (the verdict, the input's traits, the sentences and
 * every candidate, as `recommend --json` gives them).
 */
export type NdjsonDetail = 'compact' | 'reasons' | 'detail';

/** What `recommend --ndjson` gives each of its worker threads (`lazy/ndjson-worker.ts`). */
export interface RecommendWorkerData {
  readonly options: RecommendOptions;
  readonly detail: NdjsonDetail;
  /** Traits from the pipeline-wide flags, the default of every line that lacks them (`defaults.ts`). */
  readonly defaults?: TableTraits;
}

/** The output record of a line that failed. */
export interface NdjsonErrorRecord {
  readonly line: number;
  readonly ok: false;
  readonly status: 'error';
  readonly error: {
    readonly code: (typeof NDJSON_ERROR_CODES)[number];
    readonly message: string;
    readonly issues?: readonly Issue[];
  };
}

/** The error record of a line that failed. */
export const failure = (line: number, error: NdjsonErrorRecord['error']): LineResult => ({
  output: JSON.stringify({ line, ok: false, status: 'error', error } satisfies NdjsonErrorRecord),
  failed: true,
  message: error.message,
});

function issuesFailure(line: number, issues: readonly Issue[]): LineResult {
  const overflow = issues.every((i) => i.code === 'estimate_overflow');
  return failure(line, {
    code: overflow ? 'estimate_overflow' : 'invalid_traits',
    message: `line ${line}: ${issues[0]?.message ?? 'invalid traits'}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
    issues,
  });
}

const tableOf = (value: unknown): string | null => {
  const table = (value as { table?: unknown }).table;
  return typeof table === 'string' ? table : null;
};

/**
 * Processes one line: parse, then `chooseMode` (which validates the traits) and a compact result
 * record; at the `reasons` level, `recommendSummary` and the reasons too (slower); at the
 * `detail` level, `recommend` and the whole recommendation (slower still).
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
  let value = parsed.value;
  // Only when pipeline-wide flags were given: without them the record is the line, unchanged.
  let fromFlags: readonly string[] = [];
  if (defaults !== undefined) {
    const d = withDefaults(value, defaults);
    value = d.traits;
    fromFlags = d.fromFlags;
  }
  if (detail === 'detail') {
    const origin = fromFlags.length > 0 ? { from_flags: fromFlags } : {};
    const r = recommend(value as never, options);
    if (!r.ok) return issuesFailure(line, r.issues);
    return {
      output: JSON.stringify({ ...detailRecord(line, value as never, r.value), ...origin }),
      failed: false,
    };
  }
  if (detail === 'reasons') {
    const r = recommendSummary(value as never, options);
    if (!r.ok) return issuesFailure(line, r.issues);
    const v = r.value;
    const origin = fromFlags.length > 0 ? { from_flags: fromFlags } : {};
    return {
      output: JSON.stringify({
        line,
        ok: true,
        status: v.status,
        table: tableOf(value),
        mode: v.chosen,
        best: v.best,
        body: v.body,
        events: v.chosen === null ? null : (v.events?.billed ?? null),
        reasons: v.reasons,
        ...origin,
      }),
      failed: false,
    };
  }
  const r = chooseMode(value as never, options);
  if (!r.ok) return issuesFailure(line, r.issues);
  const c = r.value;
  const table = tableOf(value);
  // Written out directly: the same JSON as JSON.stringify of the record, without building it.
  let misses = '';
  for (const kind of c.misses) misses += misses === '' ? `"${kind}"` : `,"${kind}"`;
  return {
    output: `{"line":${line},"ok":true,"status":"${c.status}","table":${table === null ? 'null' : JSON.stringify(table)},"mode":${
      c.chosen === null ? 'null' : JSON.stringify(c.chosen)
    },"best":${c.best === null ? 'null' : JSON.stringify(c.best)},"body":${c.body === null ? 'null' : JSON.stringify(c.body)},"events":${c.events ?? 'null'},"misses":[${misses}],"warnings":${c.warnings}${
      fromFlags.length > 0 ? `,"from_flags":${JSON.stringify(fromFlags)}` : ''
    }}`,
    failed: false,
  };
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
