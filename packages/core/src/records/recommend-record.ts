/**
 * The types of a record of `querymode recommend --ndjson`: one per input line, a result or an
 * error. Their shapes are core's own (`Candidate`, `TableTraits`, `Issue`), not restated; the
 * type test `recommend-record.test-d.ts` pins them to the zod schema (`ndjsonRecordSchema`).
 *
 * @module
 */

import type { RecommendationStatus } from '../advisor/recommend/advise.js';
import type { FactQuestion } from '../advisor/sql/questions.js';
import type { TableTraits } from '../advisor/traits/model.js';
import type { QueryModeBody } from '../catalogue/body-types.js';
import type { QueryMode } from '../catalogue/modes.js';
import type { ChangeKind } from '../catalogue/types.js';
import type { Issue } from '../issues/types.js';
import type { NDJSON_ERROR_CODES } from './codes.js';
import type {
  DetailCandidate,
  DetailEstimate,
  DetailFinding,
  DetailKinds,
  DetailWithinReach,
} from './detail-candidates.js';
import type { RecordText, TextRef } from './detail-legend.js';
import type { DetailQuestion, DetailSqlNames } from './detail-queries.js';

/**
 * How much each result record holds: `compact` (the verdict, `misses`, `warnings`), `reasons`
 * (the verdict and its sentences) or `detail` (the verdict, the input's traits, the sentences and
 * every candidate, as `recommend --json` gives them).
 */
export type NdjsonDetail = 'compact' | 'reasons' | 'detail';

/** The status of a record: the recommendation's, or `error` for a line that failed. */
export type NdjsonStatus = RecommendationStatus | 'error';

/**
 * A line's recommendation. Compact records carry `misses` and `warnings`; `--reasons` adds
 * `reasons`; `--detail` adds `reasons`, `traits`, `findings`, `questions`, `texts` and `candidates`.
 */
export interface NdjsonResultRecord {
  readonly line: number;
  readonly ok: true;
  readonly status: RecommendationStatus;
  readonly table: string | null;
  /** The recommended mode; null unless `status` is `recommended`. */
  readonly mode: QueryMode | null;
  /** The best candidate, whatever the status. */
  readonly best: QueryMode | null;
  /** The body to send; null unless a mode is recommended. */
  readonly body: QueryModeBody | null;
  /** The recommended mode's billed events over the span; null when unknown or nothing is recommended. */
  readonly events: number | null;
  readonly misses?: readonly ChangeKind[];
  readonly warnings?: number;
  /**
   * The reasons in plain sentences (`--reasons`); with `--detail`, cited as its texts are (a number
   * an index into `texts`, a string a key of the legend's `texts`): `recordReasons` gives the sentences.
   */
  readonly reasons?: readonly TextRef[];
  readonly traits?: TableTraits;
  /** With `--detail`: every finding of the candidates, once; a candidate names its own by index. */
  readonly findings?: readonly DetailFinding[];
  /** With `--detail`: every fact to establish, once; findings and candidates name them by index. */
  readonly questions?: readonly DetailQuestion[];
  /** With `--detail`: the dialect and the table's names the legend's `queries` fill (absent when no question cites one). */
  readonly sql?: DetailSqlNames;
  /** With `--detail`: the texts of this table the record cites by index (the others are the legend's, by key). */
  readonly texts?: readonly RecordText[];
  /** With `--detail`: of each kind of change that differs from the legend's `kinds`, whether the table has it and whether it is required (the same for every candidate). */
  readonly kinds?: Partial<DetailKinds>;
  /** With `--detail`: the fields of the candidates' configs besides `mode` that `body` does not hold, each once (`fieldsOf`, `detailConfigFields`). */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** With `--detail`: what every candidate's estimate shares (the span, the frequency, the historical load, the notes). */
  readonly estimate?: DetailEstimate;
  /** With `--detail`: every candidate, as `recommend --json` gives it but with what it shares by reference. */
  readonly candidates?: readonly DetailCandidate[];
  /** With `--detail`: the cheaper modes within reach, their facts and remedies by index (`fullWithinReach` gives them in full). */
  readonly withinReach?: DetailWithinReach;
  /**
   * The traits fields the pipeline-wide flags filled because the line did not know them
   * (`pipeline_mode`, `changes.updates`); absent when none did. Every other fact is the line's.
   */
  readonly from_flags?: readonly string[];
  /**
   * The facts an answers file (`--answers`) filled because the line did not know them, each with
   * its file and line (`{ "changes.updates": "answers.yaml:12" }`); absent when none did.
   */
  readonly from_answers?: Readonly<Record<string, string>>;
  /**
   * Each answer the line's own facts (read from the catalog, observed from the database's
   * counters, or given in the line) contradicted, as a sentence: the line's fact stands.
   */
  readonly overruled?: readonly string[];
  /**
   * With `--detail`: where every fact of `traits` came from, by origin (`catalog`, `observed`,
   * `input`, a flag such as `--source`, or an answers file and line): the keys of its facts
   * (`changes.updates`, `columns["id"].set_on_update`), a key standing for every fact under it
   * (`columns["id"]`, `columns`, `changes`) that no other key names.
   */
  readonly facts_from?: Readonly<Record<string, readonly string[]>>;
}

/**
 * What a record says of the origin of its facts besides `from_flags` (see {@link NdjsonResultRecord}),
 * `facts_from` by fact (`--detail`'s record groups it by origin).
 */
export interface RecordOrigins extends Pick<NdjsonResultRecord, 'from_answers' | 'overruled'> {
  readonly facts_from?: Readonly<Record<string, string>>;
}

/** A record of `--detail`: the input's traits, the reasons, every finding, question and text once, and every candidate. */
export interface NdjsonDetailRecord extends NdjsonResultRecord {
  readonly reasons: readonly TextRef[];
  readonly traits: TableTraits;
  readonly findings: readonly DetailFinding[];
  readonly questions: readonly FactQuestion[];
  readonly texts: readonly RecordText[];
  readonly candidates: readonly DetailCandidate[];
  readonly withinReach: DetailWithinReach;
}

/** The code of a line that failed. */
export type NdjsonErrorCode = (typeof NDJSON_ERROR_CODES)[number];

/** An issue as an error record carries it: core's `Issue`, of which a reader may rely on these keys. */
export type NdjsonIssue = Pick<Issue, 'code' | 'path' | 'message'>;

/** A line that `recommend --ndjson` could not read or advise. */
export interface NdjsonErrorRecord {
  readonly line: number;
  readonly ok: false;
  readonly status: 'error';
  readonly error: {
    readonly code: NdjsonErrorCode;
    readonly message: string;
    readonly issues?: readonly NdjsonIssue[];
  };
}

/** One record of `recommend --ndjson`. */
export type NdjsonRecord = NdjsonResultRecord | NdjsonErrorRecord;
