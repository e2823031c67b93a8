/**
 * The builders of the records of `querymode recommend --ndjson`, used by the CLI's line function
 * (in the main thread and in its worker threads) and by `demo --report`, so that every record of
 * one kind is made in one place. `recommendRecord` runs the advisor on one parsed line at the
 * level of detail asked for; the others make one kind of record from what the advisor gave.
 *
 * @module
 */
import { factsByOrigin } from '../advisor/answers/origin.js';
import { chooseModeWithReach } from '../advisor/questions/reach-only.js';
import type { AwaitedQuestions } from '../advisor/questions/table-questions.js';
import { type AdvisorOptions, PreparedOptions, type RecommendOptions } from '../advisor/recommend/options.js';
import {
  chooseModeValue,
  type ModeChoice,
  type Recommendation,
  type RecommendationSummary,
  recommendSummaryValue,
  recommendWith,
} from '../advisor/recommend/recommend.js';
import type { WithinReachAdvice } from '../advisor/recommend/within-reach.js';
import type { TableTraits } from '../advisor/traits/model.js';
import { validateTableTraits } from '../advisor/traits/validate.js';
import { isRecord } from '../issues/is-record.js';
import type { Issue } from '../issues/types.js';
import { neverThrows } from '../issues/unreadable.js';
import { detailCandidates } from './detail-build.js';
import { type DetailWriter, detailWriter } from './detail-writer.js';
import type {
  NdjsonDetail,
  NdjsonDetailRecord,
  NdjsonErrorRecord,
  NdjsonRecord,
  NdjsonResultRecord,
  RecordOrigins,
} from './recommend-record.js';

/** The record of line `line`, which failed with `error` (taken as it is: this never throws). */
export function errorRecord(line: number, error: NdjsonErrorRecord['error']): NdjsonErrorRecord {
  return { line, ok: false, status: 'error', error };
}

/**
 * The record of line `line`, whose traits the advisor refused with `issues`: `estimate_overflow`
 * when every issue is an estimate too large to count, else `invalid_traits`.
 */
export function issuesRecord(line: number, issues: readonly Issue[]): NdjsonErrorRecord {
  const overflow = issues.every((i) => i.code === 'estimate_overflow');
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return errorRecord(line, {
    code: overflow ? 'estimate_overflow' : 'invalid_traits',
    message: `line ${line}: ${issues[0]?.message ?? 'invalid traits'}${more}`,
    issues,
  });
}

/** The `table` of a line's traits: its name when it is a string, else null. */
function tableOf(traits: unknown): string | null {
  return isRecord(traits) && typeof traits.table === 'string' ? traits.table : null;
}

/** The origins a record holds: `facts_from` grouped by origin. */
type Origins = Pick<NdjsonResultRecord, 'from_flags' | 'from_answers' | 'overruled' | 'facts_from'>;

/**
 * Where the facts of the record of `request` came from: `{ from_flags }` when the pipeline-wide
 * flags filled fields, else nothing; then the other origins given.
 */
function origin(request: Pick<RecordRequest, 'fromFlags' | 'origins'>): Origins {
  const { fromFlags = [], origins } = request;
  const flags = fromFlags.length > 0 ? { from_flags: fromFlags } : {};
  if (origins === undefined) return flags;
  const { facts_from, ...rest } = origins;
  return Object.assign(
    flags,
    rest,
    facts_from === undefined ? {} : { facts_from: factsByOrigin(facts_from) },
  );
}

/**
 * The verdict every result record starts with, in the order of the record's keys. The builders
 * below add their fields to it with `Object.assign`, not in a literal after a spread
 * (`{ ...verdict(...), events }`): on Node 20 that takes a slow path, 2.34x instead of 1.75x the
 * cli-ndjson baseline for `recommend --ndjson` (pnpm bench cli-ndjson; docs/benchmarks.md, "History of the engine's speed work").
 */
function verdict(
  line: number,
  traits: unknown,
  v: Pick<ModeChoice, 'status' | 'chosen' | 'best' | 'body'>,
): Omit<NdjsonResultRecord, 'events'> {
  return {
    line,
    ok: true,
    status: v.status,
    table: tableOf(traits),
    mode: v.chosen,
    best: v.best,
    body: v.body,
  };
}

/** The compact record of `request`: the verdict of `chooseMode` (`choice`), with `misses` and `warnings`. */
function compactRecord(request: RecordRequest, choice: ModeChoice): NdjsonResultRecord {
  return Object.assign(
    verdict(request.line, request.value, choice),
    { events: choice.events, misses: choice.misses, warnings: choice.warnings },
    origin(request),
  );
}

/** The record of `--reasons` of `request`: the verdict of `recommendSummary` (`summary`) and its sentences. */
function reasonsRecord(request: RecordRequest, summary: RecommendationSummary): NdjsonResultRecord {
  return Object.assign(
    verdict(request.line, request.value, summary),
    { events: summary.chosen === null ? null : (summary.events?.billed ?? null), reasons: summary.reasons },
    origin(request),
  );
}

/**
 * The record of `--detail` of `request`, whose `traits` (the line's, validated) gave
 * `recommendation`: the verdict, and the traits, the reasons, every finding, question and text of
 * the table once, and every candidate naming them (the texts the same for every table by their
 * key in the legend of the request's writer).
 */
function detailRecord(
  request: RecordRequest,
  traits: TableTraits,
  recommendation: Recommendation,
): NdjsonDetailRecord {
  const chosen = recommendation.chosen === null ? undefined : recommendation.candidates[0];
  const { reasons, findings, questions, sql, texts, kinds, fields, estimate, candidates, withinReach } =
    detailCandidates(request.writer ?? detailWriter(), recommendation, traits);
  return Object.assign(
    verdict(request.line, traits, recommendation),
    {
      events: chosen?.events.billed ?? null,
      reasons,
      traits,
      findings,
      questions,
    },
    sql === undefined ? {} : { sql },
    { texts },
    kinds === undefined ? {} : { kinds },
    fields === undefined ? {} : { fields },
    estimate === undefined ? {} : { estimate },
    { candidates, withinReach },
    origin(request),
  );
}

/**
 * The options of a stream's records read once, for every line's {@link RecordRequest} (the
 * records are those of the options given). Never throws: options that cannot be read give each
 * line's error record.
 */
export function prepareRecordOptions(options: RecommendOptions): AdvisorOptions {
  return new PreparedOptions(options);
}

/** What {@link recommendRecord} makes a record of: one parsed line, and how to advise it. */
export interface RecordRequest {
  /** The line's number in its input, from 1. */
  readonly line: number;
  /** The parsed line, unknown until the advisor validates it as traits. */
  readonly value: unknown;
  /** The options; a stream's lines take them prepared once ({@link prepareRecordOptions}). */
  readonly options: AdvisorOptions;
  /** The level of detail: `compact`, `reasons` or `detail`. */
  readonly detail: NdjsonDetail;
  /** The fields the pipeline-wide flags filled (none when absent). */
  readonly fromFlags?: readonly string[];
  /** The facts an answers file filled, the answers the line overruled, and (with `detail`) where every fact came from. */
  readonly origins?: RecordOrigins;
  /**
   * With `detail`: what the stream's records are written with, built once for the stream
   * (`detailWriter`); absent, the record builds its own, some milliseconds a record.
   */
  readonly writer?: DetailWriter | undefined;
}

/**
 * The record of one parsed line (`request.value`) at the level `request.detail`: `chooseMode` for
 * a compact record, `recommendSummary` for `reasons` (slower), `recommend` for `detail` (slower
 * still); an error record when the advisor refuses the traits.
 */
export function recommendRecord(request: RecordRequest): NdjsonRecord {
  // Only requests no caller of the types can pass (a revoked proxy, a throwing getter) throw.
  return neverThrows(recordAt, [request], (issue) => thrownRecord(request, issue));
}

/** The error record of a request whose reading threw `issue`. */
const thrownRecord = (request: RecordRequest, issue: Issue): NdjsonErrorRecord =>
  errorRecord(
    neverThrows(lineOf, [request], () => 0),
    {
      code: 'invalid_traits',
      message: issue.message,
      issues: [issue],
    },
  );

/** The line number of a request that could not be read as a whole. */
const lineOf = (request: RecordRequest): number => request.line;

/** The record of `request`, which `recommendRecord` guards against requests that throw. */
function recordAt(request: RecordRequest): NdjsonRecord {
  const { line, value, options, detail } = request;
  if (detail === 'detail') {
    // The record holds the traits, so they are read first (a small cost beside `recommend`'s).
    const traits = validateTableTraits(value);
    if (!traits.ok) return issuesRecord(line, traits.issues);
    const r = recommendWith(traits.value, options);
    return r.ok ? detailRecord(request, traits.value, r.value) : issuesRecord(line, r.issues);
  }
  if (detail === 'reasons') {
    const r = recommendSummaryValue(value, options);
    return r.ok ? reasonsRecord(request, r.value) : issuesRecord(line, r.issues);
  }
  const r = chooseModeValue(value, options);
  return r.ok ? compactRecord(request, r.value) : issuesRecord(line, r.issues);
}

/** A compact record, and the open questions of its table (none for an error record). */
export interface RecordWithReach {
  readonly record: NdjsonRecord;
  /** The cheaper modes within reach, with the words of a plan's questions (`ReachWords`: no remedy written). */
  readonly reach?: WithinReachAdvice;
  /** The facts its best candidate waits for, when nothing is recommended until they are answered. */
  readonly awaited?: AwaitedQuestions;
}

/**
 * The compact record of `recommendRecord` (its `detail` is not read) with the open questions of
 * its table (the cheaper modes within reach, the facts its best candidate waits for), from one
 * evaluation of every mode (`chooseModeWithReach`), for `recommend --ndjson --questions`.
 */
export function compactRecordWithReach(request: RecordRequest): RecordWithReach {
  return neverThrows(withReachAt, [request], (issue) => ({ record: thrownRecord(request, issue) }));
}

/** The compact record of `request` with the open questions of its table, guarded by `compactRecordWithReach`. */
function withReachAt(request: RecordRequest): RecordWithReach {
  const r = chooseModeWithReach(request.value, request.options, 'questions');
  if (!r.ok) return { record: issuesRecord(request.line, r.issues) };
  const { choice, reach, awaited } = r.value;
  const record = compactRecord(request, choice);
  return awaited === undefined ? { record, reach } : { record, reach, awaited };
}
