/**
 * Every published artefact of `@querymode/openapi`, as path and content: the OpenAPI document
 * (YAML and JSON), the rendered reference and the TypeScript types. `scripts/generated-docs.ts`
 * lists them, so `pnpm run docs` writes them and the drift test fails when one is stale.
 *
 * @module
 */
import { buildOpenApiDocument, openApiToJson, openApiToYaml } from '../src/index.js';
import { renderReferenceHtml } from './reference-html.js';
import { generateTypes } from './types-dts.js';

/** The paths of the published artefacts, from the repository root. */
export const PUBLISHED = {
  yaml: 'docs/openapi.yaml',
  json: 'docs/openapi.json',
  html: 'docs/api/index.html',
  types: 'docs/api/openapi.d.ts',
} as const;

/** The published artefacts, as the code renders them now. */
export async function openApiDocs(): Promise<{ path: string; content: string }[]> {
  const document = buildOpenApiDocument();
  const yaml = openApiToYaml(document);
  return [
    { path: PUBLISHED.yaml, content: yaml },
    { path: PUBLISHED.json, content: openApiToJson(document) },
    { path: PUBLISHED.html, content: renderReferenceHtml(yaml) },
    { path: PUBLISHED.types, content: await generateTypes(yaml) },
  ];
}
