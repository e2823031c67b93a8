/**
 * The zod schemas of what the CLI prints as JSON: `recommend --json`, each record of
 * `recommend --ndjson` (a result or an error), `estimate --json` and `plan --json`. `querymode
 * schema <kind>` prints them as JSON Schema, docs/cli.md's shape sections are rendered from them,
 * and the tests hold the real outputs to them. Strict: a key the schema does not name is an error.
 *
 * @module
 */
import { CHANGE_KINDS, ISSUE_CODES, QUERY_MODES, TRI } from '@querymode/core';
import {
  type JsonSchema,
  queryModeBodySchema,
  stripComponentIds,
  tableTraitsSchema,
} from '@querymode/core/schemas';
import { z } from 'zod';
import { NDJSON_ERROR_CODES } from './ndjson-codes.js';

const mode = z.enum(QUERY_MODES as [string, ...string[]]);
const kind = z.enum(CHANGE_KINDS as [string, ...string[]]);
const tri = z.enum(TRI);
const count = z.int().min(0);
const path = z.array(z.union([z.string(), z.number()]));
const body = queryModeBodySchema.nullable();
const status = z.enum(['recommended', 'needs_facts', 'none']);
const candidateStatus = z.enum(['eligible', 'needs_facts', 'ineligible']);

/** A fact to establish. */
export const factQuestionSchema = z.strictObject({
  path,
  question: z.string(),
  query: z.string().nullable(),
  noQuery: z.string().optional(),
});

/** A finding of a check, or of capture safety. */
export const findingSchema = z.strictObject({
  rule: z.string(),
  check: z.string(),
  strength: z.enum(['hard', 'advice']),
  verdict: z.enum(['no', 'unknown']),
  severity: z.enum(['error', 'warning', 'info']),
  captures: kind.optional(),
  path: z.array(z.string()),
  message: z.string(),
  remedy: z.string().optional(),
  sql: z.string().optional(),
  source: z.enum(['spec', 'documented', 'inference', 'caller']),
  basis: z.string(),
  fact: path.optional(),
  questions: z.array(factQuestionSchema).optional(),
});

/** What a mode does with one kind of change, for the table. */
export const kindCaptureSchema = z.strictObject({
  table: tri,
  mode: z.enum(['yes', 'no', 'not_described']),
  verdict: z.enum(['captured', 'from_log', 'missed', 'not_described', 'condition_unknown']),
  required: z.boolean(),
  basis: z.string(),
});

const eventsFields = {
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
  toUnlock: z.array(z.strictObject({ rule: z.string(), action: z.string(), sql: z.string().optional() })),
});

/** `querymode recommend --json`: the traits read, and the recommendation. */
export const recommendationOutputSchema = z.strictObject({
  traits: tableTraitsSchema,
  status,
  chosen: mode.nullable(),
  body,
  best: mode.nullable(),
  reasons: z.array(z.string()),
  candidates: z.array(candidateSchema),
});

const issueSchema = z.looseObject({ code: z.enum(ISSUE_CODES), path, message: z.string() });

/**
 * A record of `querymode recommend --ndjson`: one line's result, or why the line failed. A result
 * has `misses` and `warnings` (compact), `reasons` (`--reasons`), or `reasons`, `traits` and
 * `candidates` (`--detail`: the candidates of `recommend --json`).
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
    misses: z.array(kind).optional(),
    warnings: count.optional(),
    reasons: z.array(z.string()).optional(),
    traits: tableTraitsSchema.optional(),
    candidates: z.array(candidateSchema).optional(),
    /**
     * The traits fields the pipeline-wide flags filled because the line did not know them
     * (`pipeline_mode`, `changes.updates`); absent when none did. Every other fact is the line's.
     */
    from_flags: z.array(z.string()).optional(),
  }),
  z.strictObject({
    line: z.int().min(1),
    ok: z.literal(false),
    status: z.literal('error'),
    error: z.strictObject({
      code: z.enum(NDJSON_ERROR_CODES),
      message: z.string(),
      issues: z.array(issueSchema).optional(),
    }),
  }),
]);

/** `querymode estimate --json`. */
export const estimateOutputSchema = z.strictObject({
  status: z.enum(['estimated', 'partial']),
  horizon_hours: z.number().min(0),
  notes: z.array(z.string()),
  traits: tableTraitsSchema,
  estimates: z.array(z.strictObject(eventsFields)),
});

/** `querymode plan --json`. */
export const planOutputSchema = z.strictObject({
  from: mode,
  to: mode,
  newObject: z.boolean(),
  allowed: z.literal('not_shown'),
  gained: z.array(kind),
  lost: z.array(kind),
  uncertain: z.array(kind),
  body,
  status: candidateStatus,
  recommendable: z.boolean(),
  findings: z.array(findingSchema),
  events: z.strictObject({
    current: eventsEstimateSchema,
    next: eventsEstimateSchema,
    difference: z.int().nullable(),
    reingested: z.strictObject({ events: count.nullable(), billed: z.literal(false) }).nullable(),
  }),
  restartsIngestion: z.union([z.boolean(), z.literal('not_documented')]),
  notes: z.array(z.string()),
});

/**
 * The names of the shapes the outputs share, for their JSON Schema (`$defs`) and docs. A registry
 * of the CLI's own: core's registry names the OpenAPI components and stays as it is.
 */
export const outputRegistry = z.registry<{ id: string }>();
outputRegistry.add(queryModeBodySchema, { id: 'QueryModeBody' });
outputRegistry.add(tableTraitsSchema, { id: 'TableTraits' });
outputRegistry.add(factQuestionSchema, { id: 'FactQuestion' });
outputRegistry.add(findingSchema, { id: 'Finding' });
outputRegistry.add(kindCaptureSchema, { id: 'KindCapture' });
outputRegistry.add(eventsEstimateSchema, { id: 'EventsEstimate' });
outputRegistry.add(candidateSchema, { id: 'Candidate' });
outputRegistry.add(issueSchema, { id: 'Issue' });

/** The JSON Schema (draft 2020-12) of an output schema, with the shared shapes as `$defs`. */
export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  return stripComponentIds(
    z.toJSONSchema(schema, {
      metadata: outputRegistry,
      target: 'draft-2020-12',
      io: 'output',
      unrepresentable: 'throw',
    }) as JsonSchema,
  );
}

/** The output schemas by the kind `querymode schema` names them. */
export const OUTPUT_SCHEMAS = {
  recommendation: recommendationOutputSchema,
  'ndjson-record': ndjsonRecordSchema,
  estimate: estimateOutputSchema,
  plan: planOutputSchema,
} as const;
