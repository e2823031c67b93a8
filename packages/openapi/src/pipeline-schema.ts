/**
 * The schema of a pipeline record, as far as the spec shows it (spec 2.1: "fields of the pipeline
 * record: not shown"), and of the page of pipelines `GET /pipelines` returns (spec 2.4, 4.2).
 *
 * @module
 */
import { listEnvelopeSchema, queryModeRegistry } from '@querymode/core/schemas';
import { z } from 'zod';

/** A pipeline: an object whose fields are not documented, so any fields are allowed. */
export const pipelineSchema = z.looseObject({}).register(queryModeRegistry, {
  id: 'Pipeline',
  title: 'Pipeline',
  description:
    'A pipeline, identified by its pipeline_id. The fields of the pipeline record are not documented ' +
    '(spec 2.1), so this schema states none and allows any.',
});

/** A page of pipelines: the list envelope of core with {@link pipelineSchema} elements. */
export const pipelineListSchema = listEnvelopeSchema(pipelineSchema, { id: 'PipelineList' });
