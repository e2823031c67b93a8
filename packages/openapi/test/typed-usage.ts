/**
 * Typed code over the types openapi-typescript generates from docs/openapi.yaml
 * (docs/api/openapi.d.ts). The types gate compiles this file with the generated types under
 * strict tsc (no skipLibCheck); `types.test.ts` runs it. No test framework here, so that tsc needs
 * nothing else.
 *
 * @module
 */
import type {
  DocumentedQueryModeBody as CoreDocumentedQueryModeBody,
  QueryModeBody as CoreQueryModeBody,
} from '@querymode/core';
import type { components, operations, paths } from '../../../docs/api/openapi.js';

/** The request body of `updateQueryMode`, as generated. */
export type QueryModeBody = components['schemas']['QueryModeBody'];

/** The config of one mode, as generated (a union over the modes). */
export type QueryModeConfig = QueryModeBody['config'];

/** A page of pipelines, as generated. */
export type PipelineList = operations['listPipelines']['responses']['2XX']['content']['application/json'];

/** The query of `listPipelines`, as generated. */
export type ListPipelinesQuery = NonNullable<operations['listPipelines']['parameters']['query']>;

/** The path parameters of `updateQueryMode`, as generated (the document has no header parameters). */
export type UpdateQueryModeParameters = operations['updateQueryMode']['parameters'];

/**
 * The generated body type and core's catalogue-derived type of the documented profile accept the
 * same values: each converts to the other without a cast. If the document and the catalogue
 * drift, this fails to compile.
 */
export function fromCoreBody(body: CoreDocumentedQueryModeBody): QueryModeBody {
  return body;
}

/** See {@link fromCoreBody}: the other direction. */
export function toCoreBody(body: QueryModeBody): CoreDocumentedQueryModeBody {
  return body;
}

/** Every body of querymode's strict profile is a body of the document. */
export function fromStrictBody(body: CoreQueryModeBody): QueryModeBody {
  return body;
}

/** The mode of a body, typed as the generated union of the modes. */
export function modeOf(body: QueryModeBody): QueryModeConfig['mode'] {
  return body.config.mode;
}

/**
 * The headers of a JSON request. The document expresses them through the media type of the request
 * body and responses, not as header parameters.
 */
export interface JsonHeaders {
  readonly accept: 'application/json';
  readonly 'content-type': 'application/json';
}

/** A request of `updateQueryMode`: method, path (percent-encoded), headers and JSON body. */
export interface UpdateQueryModeRequest {
  readonly method: 'PUT';
  readonly path: string;
  readonly headers: JsonHeaders;
  readonly body: string;
}

/** No header parameter is generated: the media types say what `accept` and `content-type` are. */
export const noHeaderParameters: UpdateQueryModeParameters['header'] = undefined;

const QUERY_MODE_PATH = '/pipelines/{pipeline_id}/objects/{object_name}/query-mode' satisfies keyof paths;

/** Builds the request of `updateQueryMode` from its typed parameters and body. */
export function updateQueryModeRequest(
  path: UpdateQueryModeParameters['path'],
  body: QueryModeBody,
): UpdateQueryModeRequest {
  return {
    method: 'PUT',
    path: QUERY_MODE_PATH.replace('{pipeline_id}', encodeURIComponent(path.pipeline_id)).replace(
      '{object_name}',
      encodeURIComponent(path.object_name),
    ),
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/**
 * The query of the next page (spec 4.2, rule 2: repeat the query with `starting_after` set to the
 * returned cursor), or `undefined` when the page has no `pagination` object (rule 3: no more pages).
 */
export function nextPageQuery(page: PipelineList, query: ListPipelinesQuery): ListPipelinesQuery | undefined {
  if (page.pagination === undefined) return undefined;
  return { ...query, starting_after: page.pagination.starting_after };
}

/** The number of records the page says it returned, or the length of `data` on the last page. */
export function pageCount(page: PipelineList): number {
  return page.pagination?.count ?? page.data.length;
}
