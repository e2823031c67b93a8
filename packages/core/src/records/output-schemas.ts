/**
 * Every output record's schema by the kind `querymode schema <kind>` names it, and its JSON
 * Schema: docs/cli.md's shape sections are rendered from them, and the tests hold the real
 * outputs to them.
 *
 * @module
 */
import { z } from 'zod';
import { queryModeBodySchema } from '../schemas/body.js';
import { type JsonSchema, stripComponentIds } from '../schemas/json-schema.js';
import { tableTraitsSchema } from '../schemas/traits.js';
import {
  candidateSchema,
  detailCandidateSchema,
  detailFindingSchema,
  detailLegendSchema,
  eventsEstimateSchema,
  factQuestionSchema,
  findingSchema,
  kindCaptureSchema,
} from './advice-schemas.js';
import { applyRecordSchema } from './apply-schema.js';
import { estimateOutputSchema } from './estimate-schema.js';
import { inspectOutputSchema } from './inspect-schema.js';
import type { OutputKind } from './output-kinds.js';
import { planOutputSchema } from './plan-schema.js';
import { issueSchema, ndjsonRecordSchema, recommendationOutputSchema } from './recommend-schemas.js';
import { verifyRecordSchema } from './verify.js';

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
outputRegistry.add(detailFindingSchema, { id: 'DetailFinding' });
outputRegistry.add(detailCandidateSchema, { id: 'DetailCandidate' });
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

/** The output schemas by the kind `querymode schema` names them (`OUTPUT_KINDS`, in its order). */
export const OUTPUT_SCHEMAS = {
  recommendation: recommendationOutputSchema,
  'ndjson-record': ndjsonRecordSchema,
  'ndjson-legend': detailLegendSchema,
  estimate: estimateOutputSchema,
  plan: planOutputSchema,
  inspect: inspectOutputSchema,
  'verify-record': verifyRecordSchema,
  'apply-record': applyRecordSchema,
} as const satisfies { readonly [K in OutputKind]: z.ZodType };
