/**
 * The zod schemas of `querymode recommend`'s output: `--json`, and each record of `--ndjson` (a
 * result or an error).
 *
 * @module
 */
import { z } from 'zod';
import { ISSUE_CODES } from '../issues/types.js';
import { tableTraitsSchema } from '../schemas/traits.js';
import {
  candidateSchema,
  detailCandidateSchema,
  detailEstimateSchema,
  detailFindingSchema,
  detailOwnKindsSchema,
  detailQuestionSchema,
  detailSqlNamesSchema,
  detailWithinReachSchema,
  textRefSchema,
  withinReachSchema,
} from './advice-schemas.js';
import { NDJSON_ERROR_CODES } from './codes.js';
import { body, count, factOriginsFields, kind, mode, path, status } from './fields.js';

/** `querymode recommend --json`: the traits read, and the recommendation. */
export const recommendationOutputSchema = z.strictObject({
  traits: tableTraitsSchema,
  status,
  chosen: mode.nullable(),
  body,
  best: mode.nullable(),
  reasons: z.array(z.string()),
  candidates: z.array(candidateSchema),
  withinReach: withinReachSchema,
  ...factOriginsFields,
});

/** An issue of core, as an error record carries it. */
export const issueSchema = z.looseObject({ code: z.enum(ISSUE_CODES), path, message: z.string() });

/**
 * A record of `querymode recommend --ndjson`: one line's result, or why the line failed. A result
 * has `misses` and `warnings` (compact), `reasons` (`--reasons`), or `reasons`, `traits`, `findings`
 * and `candidates` (`--detail`: the candidates of `recommend --json`, each finding, question and text
 * once in `findings`, `questions` and `texts`, the texts the same for every table in the legend).
 */
export const ndjsonRecordSchema = z.union([
  z.strictObject({
    line: z.int().min(1),
    ok: z.literal(true),
    status,
    table: z.string().nullable(),
    mode: mode.nullable(),
    best: mode.nullable(),
    body,
    events: count.nullable(),
    misses: z.array(kind).exactOptional(),
    warnings: count.exactOptional(),
    /** Sentences (`--reasons`); with `--detail`, text references (an index into `texts`, a key of the legend's `texts`). */
    reasons: z.array(textRefSchema).exactOptional(),
    traits: tableTraitsSchema.exactOptional(),
    /** With `--detail`: every finding of the candidates, once; a candidate names its own by index. */
    findings: z.array(detailFindingSchema).exactOptional(),
    /** With `--detail`: every fact to establish, once; findings and candidates name them by index. */
    questions: z.array(detailQuestionSchema).exactOptional(),
    /** With `--detail`: the dialect and the table's names the legend's `queries` are filled with (absent when no question cites one). */
    sql: detailSqlNamesSchema.exactOptional(),
    /** With `--detail`: the texts of this table that the record cites by index (the others are the legend's, by key), each written out or as `[key, ...values]` of a template of the legend's `templates`. */
    texts: z
      .array(z.union([z.string(), z.array(z.union([z.string(), z.int().min(0)])).min(1)]))
      .exactOptional(),
    /** With `--detail`: of each kind of change that differs from the legend's `kinds`, whether the table has it and whether it is required (the same for every candidate). */
    kinds: detailOwnKindsSchema.exactOptional(),
    /** With `--detail`: the fields of the candidates' configs besides `mode` that `body` does not hold, each once (the first candidate's value); a candidate's `config` absent is these and the body's, of the legend's `fields` of its mode. */
    fields: z.record(z.string(), z.unknown()).exactOptional(),
    /** With `--detail`: what every candidate's estimate shares (the span, the frequency, the historical load, the notes). */
    estimate: detailEstimateSchema.exactOptional(),
    candidates: z.array(detailCandidateSchema).exactOptional(),
    /** With `--detail`: the cheaper modes within reach, each mode's facts and remedies by index into `questions` and `findings`. */
    withinReach: detailWithinReachSchema.exactOptional(),
    /**
     * The traits fields the pipeline-wide flags filled because the line did not know them
     * (`pipeline_mode`, `changes.updates`); absent when none did. Every other fact is the line's.
     */
    from_flags: z.array(z.string()).exactOptional(),
    /** The facts an answers file filled because the line did not know them, each with its file and line. */
    from_answers: z.record(z.string(), z.string()).exactOptional(),
    /** Each answer the line's own facts contradicted, as a sentence: the line's fact stands. */
    overruled: z.array(z.string()).exactOptional(),
    /** With `--detail`: where every fact of `traits` came from, by origin: the keys of its facts, a key standing for the facts under it. */
    facts_from: z.record(z.string(), z.array(z.string())).exactOptional(),
  }),
  z.strictObject({
    line: z.int().min(1),
    ok: z.literal(false),
    status: z.literal('error'),
    error: z.strictObject({
      code: z.enum(NDJSON_ERROR_CODES),
      message: z.string(),
      issues: z.array(issueSchema).exactOptional(),
    }),
  }),
]);
