/**
 * The OpenAPI document of the query-mode and list endpoints (docs/service.md#endpoint), built with openapi3-ts from
 * core's zod schemas and catalogue.
 *
 * @module
 */
import { componentName, MODES, type Result } from '@querymode/core';
import type { JsonSchema } from '@querymode/core/schemas';
import type * as oas30 from 'openapi3-ts/oas30';
import type * as oas31 from 'openapi3-ts/oas31';
import { OpenApiBuilder } from 'openapi3-ts/oas31';
import { downgradeDocument, OPENAPI_30 } from './downgrade.js';
import { modeExampleConfigs } from './examples.js';
import { buildInfo } from './info.js';
import { listPipelinesPath } from './operations/list-pipelines.js';
import type { PathEntry } from './operations/types.js';
import { updateQueryModePath } from './operations/update-query-mode.js';
import { checkOpenApiOptions, type OpenApiOptions, type OptionIssue } from './options.js';
import { withPublicProse } from './public-prose.js';
import { errorResponseComponents } from './responses.js';
import { mergeComponents } from './schemas.js';
import { BASIC_AUTH, basicAuthRequirement, basicAuthScheme } from './security.js';
import { buildServers } from './servers.js';
import { buildTags } from './tags.js';

/** The OpenAPI version each `openapi` option gives. */
export const OPENAPI_VERSIONS = { '3.1': '3.1.0', '3.0': OPENAPI_30 } as const;

/** An OpenAPI document of either version. */
export type OpenApiDocument = oas31.OpenAPIObject | oas30.OpenAPIObject;

/** The document, or the issues of the options. Never thrown. */
export type OpenApiResult<D extends OpenApiDocument = OpenApiDocument> = Result<D, OptionIssue>;

/** The error {@link buildOpenApiDocument} throws for invalid options; it carries the issues. */
export class OpenApiOptionsError extends Error {
  override readonly name = 'OpenApiOptionsError';
  /** The issues, as {@link tryBuildOpenApiDocument} returns them. */
  readonly issues: readonly OptionIssue[];

  constructor(issues: readonly OptionIssue[]) {
    super(`Invalid OpenAPI options:\n${issues.map((i) => `- ${i.message}`).join('\n')}`);
    this.issues = issues;
  }
}

/** Adds one example per mode to each mode's schema component. */
function addModeExamples(schemas: Record<string, JsonSchema>): void {
  const examples = modeExampleConfigs();
  for (const mode of MODES) {
    const component = schemas[componentName(mode.id)];
    if (component !== undefined) component.examples = [examples.get(mode.id)];
  }
}

function build31(options: OpenApiOptions): oas31.OpenAPIObject {
  const builder = OpenApiBuilder.create({
    openapi: OPENAPI_VERSIONS['3.1'],
    info: buildInfo(),
    servers: buildServers(options.regions),
    security: basicAuthRequirement(),
    tags: buildTags(),
    paths: {},
    components: { schemas: {}, responses: {}, securitySchemes: {} },
  });
  const schemas: Record<string, JsonSchema> = {};
  const entries: PathEntry[] = [updateQueryModePath(), listPipelinesPath()];
  for (const entry of entries) {
    builder.addPath(entry.path, entry.item);
    mergeComponents(schemas, entry.components);
  }
  addModeExamples(schemas);
  for (const [id, schema] of Object.entries(schemas)) builder.addSchema(id, schema as oas31.SchemaObject);
  for (const [name, response] of Object.entries(errorResponseComponents()))
    builder.addResponse(name, response);
  builder.addSecurityScheme(BASIC_AUTH, basicAuthScheme());
  return withPublicProse(builder.getSpec());
}

/**
 * The document, or the issues of invalid options. Never throws on bad options: a thrown error
 * here is a bug.
 */
export function tryBuildOpenApiDocument(
  options: OpenApiOptions & { readonly openapi: '3.0' },
): OpenApiResult<oas30.OpenAPIObject>;
export function tryBuildOpenApiDocument(
  options?: OpenApiOptions & { readonly openapi?: '3.1' },
): OpenApiResult<oas31.OpenAPIObject>;
export function tryBuildOpenApiDocument(options?: OpenApiOptions): OpenApiResult;
export function tryBuildOpenApiDocument(options: OpenApiOptions = {}): OpenApiResult {
  const issues = checkOpenApiOptions(options);
  if (issues.length > 0) return { ok: false, issues };
  const document = build31(options);
  return { ok: true, value: options.openapi === '3.0' ? downgradeDocument(document) : document };
}

/**
 * The OpenAPI document of the query-mode and list endpoints: OpenAPI 3.1.0 by default, 3.0.3 with
 * `{ openapi: '3.0' }`. Throws an {@link OpenApiOptionsError} for invalid options.
 *
 * @example
 * const doc = buildOpenApiDocument({ regions: [{ name: 'eu', origin: 'https://eu.host.example' }] });
 * writeFileSync('openapi.yaml', openApiToYaml(doc));
 */
export function buildOpenApiDocument(
  options: OpenApiOptions & { readonly openapi: '3.0' },
): oas30.OpenAPIObject;
export function buildOpenApiDocument(
  options?: OpenApiOptions & { readonly openapi?: '3.1' },
): oas31.OpenAPIObject;
export function buildOpenApiDocument(options?: OpenApiOptions): OpenApiDocument;
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const result = tryBuildOpenApiDocument(options);
  if (!result.ok) throw new OpenApiOptionsError(result.issues);
  return result.value;
}
