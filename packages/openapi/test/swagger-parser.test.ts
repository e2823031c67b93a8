/**
 * Gate: @apidevtools/swagger-parser validates the 3.1 and the 3.0.3 documents: every `$ref`
 * resolves, and the document matches the official schema of its OpenAPI version. (Its further
 * semantic checks run on Swagger 2.0 only; Redocly and Spectral cover them for 3.x.)
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { type AnyJson, documents, REPO_ROOT, writeDocuments } from './support.js';

const version = (
  createRequire(import.meta.url)('@apidevtools/swagger-parser/package.json') as { version: string }
).version;

describe(`@apidevtools/swagger-parser ${version} validate`, () => {
  const docs = documents();
  const files = {
    'docs/openapi.yaml (3.1)': join(REPO_ROOT, 'docs', 'openapi.yaml'),
    'docs/openapi.json (3.1)': join(REPO_ROOT, 'docs', 'openapi.json'),
    ...writeDocuments({ '3.0.3': docs.v30, '3.1 with regions': docs.regions }, 'swagger-parser'),
  };

  for (const [name, file] of Object.entries(files)) {
    it(`${name} is valid`, async () => {
      const api = await SwaggerParser.validate(file);
      expect(api.info.version).toBe('2.0');
    });
  }

  it('validates in-memory documents of both versions too', async () => {
    await expect(SwaggerParser.validate(structuredClone(docs.v31) as never)).resolves.toBeDefined();
    await expect(SwaggerParser.validate(structuredClone(docs.v30) as never)).resolves.toBeDefined();
  });

  it.each(['v31', 'v30'] as const)(
    'is live: %s without a response description, or with a dangling $ref, is rejected (canary)',
    async (key) => {
      const noDescription = structuredClone(docs[key]) as AnyJson;
      delete noDescription.paths['/pipelines'].get.responses['2XX'].description;
      await expect(SwaggerParser.validate(noDescription)).rejects.toThrow(/schema validation failed/);
      const dangling = structuredClone(docs[key]) as AnyJson;
      dangling.paths['/pipelines'].get.responses['2XX'].content['application/json'].schema.$ref =
        '#/components/schemas/NoSuchSchema';
      await expect(SwaggerParser.validate(dangling)).rejects.toThrow(/NoSuchSchema/);
    },
  );
});
