/**
 * The zod schemas of the advice shapes the output records carry, as core's advisor gives them: a
 * fact to establish, a finding, what a mode does with one kind of change, an events estimate, a
 * candidate. Strict: a key the schema does not name is an error.
 *
 * @module
 */
import { z } from 'zod';
import { DIALECTS, type DialectName } from '../dialects/index.js';
import { body, candidateStatus, count, kind, mode, path, tri } from './fields.js';

/** A fact to establish. */
export const factQuestionSchema = z.strictObject({
  path,
  question: z.string(),
  query: z.string().nullable(),
  noQuery: z.string().exactOptional(),
  /** The closing sentence of `question` that holds a figure of this table's own (the insert rate that keeps it under the row limit); a plan's questions group tables by the words before it. */
  figure: z.string().exactOptional(),
});

/** An index into one of a `--detail` record's lists. */
const index = z.int().min(0);

/** A text of a `--detail` record: a key of the legend's `texts`, or an index into the record's `texts`. */
export const textRefSchema = z.union([z.string(), index]);

/**
 * A fact to establish as a `--detail` record writes it: its `question` and `noQuery` cited (a key
 * of the legend's `texts`, or an index into the record's `texts`), its `query` absent where the legend's
 * `queries` give it again from the record's `sql` (`asks`, and `column` for a fact of a column),
 * or where it is null (it has `noQuery`).
 */
export const detailQuestionSchema = z.strictObject({
  ...factQuestionSchema.shape,
  question: textRefSchema,
  noQuery: textRefSchema.exactOptional(),
  query: factQuestionSchema.shape.query.exactOptional(),
  /** What its query asks: a key of the legend's `queries[dialect][shape].table`, or of `.column` where `column` is given. */
  asks: z.string().exactOptional(),
  /** The column whose fact the query asks, as its dialect stores the name. */
  column: z.string().exactOptional(),
});

/** The dialect and the names of a `--detail` record's table, as the dialect stores them: what the legend's `queries` are filled with. */
export const detailSqlNamesSchema = z.strictObject({
  dialect: z.enum(Object.keys(DIALECTS) as [DialectName, ...DialectName[]]),
  database: z.string().exactOptional(),
  schema: z.string().exactOptional(),
  table: z.string(),
});

/** A finding of a check, or of capture safety. */
export const findingSchema = z.strictObject({
  rule: z.string(),
  check: z.string(),
  strength: z.enum(['hard', 'advice']),
  verdict: z.enum(['no', 'unknown']),
  severity: z.enum(['error', 'warning', 'info']),
  captures: kind.exactOptional(),
  path: z.array(z.string()),
  message: z.string(),
  remedy: z.string().exactOptional(),
  sql: z.string().exactOptional(),
  source: z.enum(['spec', 'documented', 'inference', 'caller']),
  basis: z.string(),
  fact: path.exactOptional(),
  questions: z.array(factQuestionSchema).exactOptional(),
});

/** What a mode does with one kind of change, for the table. */
export const kindCaptureSchema = z.strictObject({
  table: tri,
  mode: z.enum(['yes', 'no', 'not_described']),
  verdict: z.enum(['captured', 'from_log', 'missed', 'not_described', 'condition_unknown']),
  required: z.boolean(),
  basis: z.string(),
});

/** The fields of an events estimate, shared by `estimate --json`. */
export const eventsFields = {
  mode,
  billed: count.nullable(),
  unknown: z.array(z.string()),
  historical: z.strictObject({ events: count.nullable(), billed: z.literal(false) }),
  perRun: z.array(count).nullable(),
  counting: z.enum(['query', 'log']),
  horizonHours: z.number().min(0),
  frequencyMinutes: z.number().positive(),
  frequencyDefault: z.boolean(),
  reads: count,
  formula: z.string(),
  assumptions: z.array(z.string()),
};

/** An events estimate of one mode. */
export const eventsEstimateSchema = z.strictObject({ ...eventsFields, notes: z.array(z.string()) });

/** A change that would unlock a candidate. */
export const unlockSchema = z.strictObject({
  rule: z.string(),
  action: z.string(),
  sql: z.string().exactOptional(),
});

/** A candidate mode of a recommendation. */
export const candidateSchema = z.strictObject({
  mode,
  rank: z.int().min(1),
  status: candidateStatus,
  recommendable: z.boolean(),
  body,
  captures: z.strictObject({
    inserts: kindCaptureSchema,
    updates: kindCaptureSchema,
    deletes: kindCaptureSchema,
  }),
  misses: z.array(kind),
  notDescribed: z.array(kind),
  events: eventsEstimateSchema,
  billedBelow: count.nullable(),
  findings: z.array(findingSchema),
  toEstablish: z.array(factQuestionSchema),
  toUnlock: z.array(unlockSchema),
});

/** The cheaper modes within reach of a table (`recommend --json`, `--ndjson --detail`). */
export const withinReachSchema = z.strictObject({
  /** Most savings first. */
  modes: z.array(
    z.strictObject({
      mode,
      /** Billed events it would save over the span against the answer; null when its events are not known. */
      saves: count.nullable(),
      /** With `saves` null: the break-even bound (a whole-table read's billed events), which it bills fewer than while the table changes fewer rows a day than that read loads. */
      billedBelow: count.nullable(),
      /** Indexes into `questions`: the facts to establish before it can be recommended. */
      asks: z.array(z.int().min(0)),
      /** The remedies that would unlock it. */
      toUnlock: z.array(unlockSchema),
    }),
  ),
  /** The facts to establish, each asked once. */
  questions: z.array(factQuestionSchema),
});

/**
 * A finding of a `--detail` record: `check` absent when it is `capture.change_kinds`; `rule`,
 * `strength` and `source` only where they differ from the legend's entry of its check (`checks`),
 * `severity` only where it is not the legend's `severities` of its strength and verdict, `path` only where it is not `["config","mode"]`, its
 * basis cited (absent: the legend's text keyed by its check id), its questions by index into the
 * record's `questions`.
 */
export const detailFindingSchema = z.strictObject({
  /** Absent: `capture.change_kinds`. */
  check: findingSchema.shape.check.exactOptional(),
  rule: findingSchema.shape.rule.exactOptional(),
  strength: findingSchema.shape.strength.exactOptional(),
  verdict: findingSchema.shape.verdict,
  /** Absent: the legend's `severities` of its strength and verdict. */
  severity: findingSchema.shape.severity.exactOptional(),
  captures: findingSchema.shape.captures,
  path: findingSchema.shape.path.exactOptional(),
  /** Its message as the key of a template of its check (the legend's `checks[check].words`), filled with `with`. */
  says: z.string().exactOptional(),
  /** Its message written out, where `says` is absent. */
  message: findingSchema.shape.message.exactOptional(),
  /** Its remedy as the key of a template of its check, filled as `says`. */
  fixes: z.string().exactOptional(),
  remedy: findingSchema.shape.remedy,
  /** Written out, or the index into the record's `findings` of the first finding that writes the same statement. */
  sql: z.union([z.string(), index]).exactOptional(),
  source: findingSchema.shape.source.exactOptional(),
  cites: textRefSchema.exactOptional(),
  /** The parameters of `says` and `fixes` besides the table, the kind of change (`captures`) and the basis. */
  with: z.record(z.string(), z.string()).exactOptional(),
  fact: findingSchema.shape.fact,
  questions: z.array(index).exactOptional(),
});

/** What a `--detail` candidate does with one kind of change, its basis cited. */
const detailCaptureSchema = z.strictObject({
  verdict: kindCaptureSchema.shape.verdict,
  cites: textRefSchema,
});

/** Of a kind of change, for the table of a `--detail` record: whether it has it, and whether it is required. */
const detailKindSchema = kindCaptureSchema.pick({ table: true, required: true });

/** Of each kind of change, for the table of a `--detail` record. */
export const detailKindsSchema = z.strictObject({
  inserts: detailKindSchema,
  updates: detailKindSchema,
  deletes: detailKindSchema,
});

/** Of each kind of change that differs from the legend's `kinds`, for the table of a `--detail` record. */
export const detailOwnKindsSchema = z.strictObject({
  inserts: detailKindSchema.exactOptional(),
  updates: detailKindSchema.exactOptional(),
  deletes: detailKindSchema.exactOptional(),
});

/** What the estimates of a `--detail` record's candidates share, written once; its notes cited. */
export const detailEstimateSchema = z.strictObject({
  historical: eventsFields.historical,
  /** Absent: the legend's `plainEstimate`. */
  counting: eventsFields.counting.exactOptional(),
  /** Absent: the legend's `plainEstimate`. */
  horizonHours: eventsFields.horizonHours.exactOptional(),
  frequencyMinutes: eventsFields.frequencyMinutes,
  /** Absent: the legend's `plainEstimate`. */
  frequencyDefault: eventsFields.frequencyDefault.exactOptional(),
  notes: z.array(textRefSchema),
});

/**
 * A candidate of a `recommend --ndjson --detail` record: its findings, unlocks and questions by
 * index into the record's lists, its texts cited, its estimate without its mode (the candidate's).
 */
export const detailCandidateSchema = z.strictObject({
  ...candidateSchema.shape,
  /** Absent: its place in the list (1 for the first). */
  rank: candidateSchema.shape.rank.exactOptional(),
  /** Absent: `status` is `eligible` and none of `misses` is required (the record's `kinds`). */
  recommendable: candidateSchema.shape.recommendable.exactOptional(),
  /** Absent: `{ "config": { "mode": <mode>, ...config } }`. */
  body: candidateSchema.shape.body.exactOptional(),
  /** The fields of its body's `config` besides `mode`, where `body` is absent (absent: the record's `body` fields and `fields` of the legend's `fields` of its mode, in that order). */
  config: z.record(z.string(), z.unknown()).exactOptional(),
  /** The captures that differ from the legend's `plainCaptures` of the candidate's mode; absent when none does. */
  captures: z
    .strictObject({
      inserts: detailCaptureSchema.exactOptional(),
      updates: detailCaptureSchema.exactOptional(),
      deletes: detailCaptureSchema.exactOptional(),
    })
    .exactOptional(),
  /** Absent: none. */
  misses: candidateSchema.shape.misses.exactOptional(),
  /** Absent: none. */
  notDescribed: candidateSchema.shape.notDescribed.exactOptional(),
  events: z.strictObject({
    billed: eventsFields.billed,
    /** Absent: `events.not_described.<mode>.<kind>` of each of the candidate's `notDescribed`. */
    unknown: z.array(textRefSchema).exactOptional(),
    /** Absent: null. */
    perRun: eventsFields.perRun.exactOptional(),
    reads: eventsFields.reads,
    formula: textRefSchema,
    /** Absent: the legend's `plainAssumptions` of `<mode>.<source>` (the traits' `source`), else of the candidate's mode. */
    assumptions: z.array(textRefSchema).exactOptional(),
  }),
  /** Absent: null. */
  billedBelow: candidateSchema.shape.billedBelow.exactOptional(),
  /** Absent: none. */
  findings: z.array(index).exactOptional(),
  /** Absent: none. */
  toEstablish: z.array(index).exactOptional(),
  /** Absent: none. */
  toUnlock: z.array(index).exactOptional(),
});

/** The first line of a `recommend --ndjson --detail` stream: the texts its records cite, by key. */
export const detailLegendSchema = z.strictObject({
  kind: z.literal('legend'),
  /** What the service's table of what each mode captures says of each mode (by id) and kind of change. */
  captures: z.record(
    z.string(),
    z.strictObject({
      inserts: kindCaptureSchema.shape.mode,
      updates: kindCaptureSchema.shape.mode,
      deletes: kindCaptureSchema.shape.mode,
    }),
  ),
  /** Of each mode and kind of change, its capture in a table pipeline whose conditions hold: a candidate writes only the captures that differ. */
  plainCaptures: z.record(
    z.string(),
    z.strictObject({
      inserts: detailCaptureSchema,
      updates: detailCaptureSchema,
      deletes: detailCaptureSchema,
    }),
  ),
  /** Of each mode, what its estimate assumes when it reads only changes: a candidate writes its `assumptions` only when they differ. */
  plainAssumptions: z.record(z.string(), z.array(textRefSchema)),
  /** Of each mode, the fields of its body's `config` besides `mode`, in the catalogue's order: a candidate without `config` takes these of the record's `fields`. */
  fields: z.record(z.string(), z.array(z.string())),
  /** Of each kind of change, whether a table has it and whether it is required, as a record leaves them out (its `kinds` holds those that differ). */
  kinds: detailKindsSchema,
  /** What the estimates of a record share, as the default options make them: a record's `estimate` writes them only where they differ. */
  plainEstimate: z.strictObject({
    counting: eventsFields.counting,
    horizonHours: eventsFields.horizonHours,
    frequencyDefault: eventsFields.frequencyDefault,
  }),
  /** Of each check, by id: the rule, strength and source kind its findings share. */
  checks: z.record(
    z.string(),
    z.strictObject({
      rule: findingSchema.shape.rule,
      strength: findingSchema.shape.strength,
      source: findingSchema.shape.source,
      /** Where its words have parameters: its message and remedy templates, by key (`{name}` stands for a parameter). */
      words: z.record(z.string(), z.string()).exactOptional(),
    }),
  ),
  /** The severity of a finding of each strength and verdict (a finding writes its own only where it differs). */
  severities: z.strictObject({
    hard: z.strictObject({ no: findingSchema.shape.severity, unknown: findingSchema.shape.severity }),
    advice: z.strictObject({ no: findingSchema.shape.severity, unknown: findingSchema.shape.severity }),
  }),
  /**
   * Of each dialect and shape of table name (`database`, `schema`: its outermost part; `table`:
   * none), the statement of each question of the table (`table`) and of a column (`column`), by
   * what it asks; `{database}`, `{schema}`, `{table}`, `{column}` stand for the names.
   */
  queries: z.record(
    z.string(),
    z.partialRecord(
      z.enum(['database', 'schema', 'table']),
      z.strictObject({
        table: z.record(z.string(), z.string()),
        column: z.record(z.string(), z.string()),
      }),
    ),
  ),
  /** Each text by its key. */
  texts: z.record(z.string(), z.string()),
  /** Each text template by its key (`{name}` stands for a parameter): a record's text `[key, ...values]` is the template with its parameters, in the order each first appears, replaced by the values. */
  templates: z.record(z.string(), z.string()),
});

/** The cheaper modes within reach of a `--detail` record: each mode's facts and remedies by index into the record's `questions` and `findings`. */
export const detailWithinReachSchema = z.strictObject({
  modes: z.array(
    z.strictObject({
      ...withinReachSchema.shape.modes.element.shape,
      /** Indexes into the record's `questions`. */
      asks: z.array(index),
      /** Indexes into the record's `findings`, whose remedy and SQL say what to do. */
      toUnlock: z.array(index),
    }),
  ),
});
