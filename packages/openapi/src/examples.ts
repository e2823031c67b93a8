/**
 * Examples of the document: one request body per mode, from the catalogue, and the two shapes of
 * a page of pipelines. Placeholder values only: column names are the role of the column.
 *
 * @module
 */
import { exampleConfig, MODES } from '@querymode/core';
import type { ExampleObject } from 'openapi3-ts/oas31';

/** One example config per mode (catalogue order), keyed by mode id: each mode's required fields filled in. */
export function modeExampleConfigs(): ReadonlyMap<string, Record<string, unknown>> {
  return new Map(MODES.map((mode) => [mode.id, exampleConfig(mode)]));
}

/** The request-body examples of the query-mode operation: one per mode, keyed by mode id. */
export function queryModeBodyExamples(): Record<string, ExampleObject> {
  const configs = modeExampleConfigs();
  return Object.fromEntries(
    MODES.map((mode) => [
      mode.id,
      {
        summary: `${mode.title} (${mode.id})`,
        description: mode.summary,
        value: { config: configs.get(mode.id) },
      },
    ]),
  );
}

/** A cursor value for examples only: real cursors are opaque and made by the service. */
const EXAMPLE_CURSOR = 'opaque-cursor-from-the-service';

/** The response examples of `GET /pipelines`: a page with more pages after it, and the last page. */
export function pipelineListExamples(): Record<string, ExampleObject> {
  return {
    more_pages: {
      summary: 'A page with more pages after it',
      description:
        'The `pagination` object is present: repeat the request with `starting_after` set to ' +
        '`pagination.starting_after`. Pipeline fields are not documented, so the elements are shown empty.',
      value: { data: [{}, {}], pagination: { starting_after: EXAMPLE_CURSOR, count: 2 } },
    },
    last_page: {
      summary: 'The last page',
      description: 'No `pagination` object: no more pages exist and all data has been returned.',
      value: { data: [{}] },
    },
  };
}
