/**
 * `@querymode/openapi`: the OpenAPI 3.1 (or 3.0.3) document of the query-mode and list endpoints
 * of the data-pipeline service API v2.0, derived from `@querymode/core`'s catalogue and zod schemas.
 *
 * @module
 */
export {
  buildOpenApiDocument,
  OPENAPI_VERSIONS,
  type OpenApiDocument,
  OpenApiOptionsError,
  type OpenApiResult,
  tryBuildOpenApiDocument,
} from './build.js';
export { LIST_PIPELINES } from './operations/list-pipelines.js';
export { UPDATE_QUERY_MODE } from './operations/update-query-mode.js';
export { checkOpenApiOptions, type OpenApiOptions, type OptionIssue, type RegionOption } from './options.js';
export { openApiToJson, openApiToYaml } from './serialize.js';
export { PLACEHOLDER_HOST } from './servers.js';
