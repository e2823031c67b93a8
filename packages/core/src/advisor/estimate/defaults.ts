/**
 * The defaults of the events model: one horizon for the library and the CLI, and the service's
 * documented default replication frequency where the pipeline's is not known.
 *
 * @module
 */
import { DOCUMENTED } from '../facts/documented.js';
import type { PipelineMode } from '../traits/model.js';

/** The horizon of events estimates when none is given: 30 days, in hours (library and CLI alike). */
export const DEFAULT_HORIZON_HOURS = 720;

/**
 * The service's default ingestion frequency, in minutes, for teams created after its release
 * 2.21 (the service's public documentation; docs/service.md): 6 hours for table-mode pipelines, 30 minutes for log-based
 * ones. Used only where the pipeline's replication frequency is not known.
 */
export const DEFAULT_FREQUENCY_MINUTES = {
  table: 360,
  log_based: 30,
  address: DOCUMENTED.ingestionFrequency,
} as const;

/** The default frequency for a pipeline mode (custom SQL and unknown pipelines take the table-mode one). */
export function defaultFrequencyMinutes(pipeline: PipelineMode | undefined): number {
  return pipeline === 'log_based' ? DEFAULT_FREQUENCY_MINUTES.log_based : DEFAULT_FREQUENCY_MINUTES.table;
}
