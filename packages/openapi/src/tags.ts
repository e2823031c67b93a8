/**
 * The tags of the document, one per operation group.
 *
 * @module
 */
import type { TagObject } from 'openapi3-ts/oas31';

/** The tag of the query-mode operation. */
export const QUERY_MODE_TAG = 'Query mode';

/** The tag of the pipeline operations. */
export const PIPELINES_TAG = 'Pipelines';

/** Every tag, with its description, in document order. */
export function buildTags(): TagObject[] {
  return [
    {
      name: QUERY_MODE_TAG,
      description:
        'The query mode of a source object: what kind and how much data is queried from the source ' +
        '(spec 1, 2.3).',
    },
    {
      name: PIPELINES_TAG,
      description: 'Pipelines, which copy data from sources into destination tables (spec 1, 2.1).',
    },
  ];
}
