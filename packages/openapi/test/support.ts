/**
 * Shared helpers of the OpenAPI tests: the documents, temporary files, a JSON Schema validator
 * over a whole document, and every example of a document with the schema it illustrates.
 *
 * @module
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { REPO_ROOT } from '../scripts/tools.js';
import { buildOpenApiDocument, type OpenApiDocument, openApiToYaml } from '../src/index.js';

export { REPO_ROOT };

/** Where tests keep what a person may want to look at after a run (gitignored). */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts', 'openapi');

/** Makes {@link ARTIFACTS_DIR} and returns a path inside it. */
export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, name);
}

/** A fresh temporary directory. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `querymode-openapi-${prefix}-`));
}

/** The documents under test: the default 3.1, the 3.0.3 variant, and 3.1 with regions given. */
export function documents(): Record<'v31' | 'v30' | 'regions', OpenApiDocument> {
  return {
    v31: buildOpenApiDocument(),
    v30: buildOpenApiDocument({ openapi: '3.0' }),
    regions: buildOpenApiDocument({
      regions: [
        { name: 'first', origin: 'https://first-region.host.invalid' },
        { name: 'second', origin: 'https://second-region.host.invalid:8443' },
      ],
    }),
  };
}

/** Writes each document as YAML into a fresh directory; returns the paths by key. */
export function writeDocuments<K extends string>(
  docs: Record<K, OpenApiDocument>,
  prefix: string,
): Record<K, string> {
  const dir = tempDir(prefix);
  const out = {} as Record<K, string>;
  for (const key of Object.keys(docs) as K[]) {
    const path = join(dir, `${key}.yaml`);
    writeFileSync(path, openApiToYaml(docs[key]));
    out[key] = path;
  }
  return out;
}

/**
 * A document or schema as the tests read and edit it, along paths the types cannot follow. The
 * one `any` of the tests.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests walk and edit documents along arbitrary paths.
export type AnyJson = any;

/** A JSON pointer token. */
export function pointerToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

const DOC_ID = 'urn:querymode:openapi';
const OAS_KEYS = [
  'openapi',
  'info',
  'servers',
  'security',
  'tags',
  'paths',
  'components',
  'jsonSchemaDialect',
];
const OAS_SCHEMA_KEYS = ['discriminator', 'xml', 'externalDocs', 'example'];

/**
 * A validator of the schemas of a whole document, in place: a schema is compiled where it sits,
 * so its `#/components/schemas/...` references resolve against the document. 3.1 documents use
 * JSON Schema 2020-12 (Ajv2020); 3.0 documents use Ajv's draft-07 with OpenAPI's `nullable`
 * (the documents have no boolean `exclusiveMinimum`/`exclusiveMaximum`, the one 3.0 difference
 * draft-07 would read otherwise). Strict mode: an unknown keyword is an error.
 */
export function documentValidator(doc: OpenApiDocument): (pointer: string) => ValidateFunction {
  const is31 = doc.openapi.startsWith('3.1');
  const ajv = is31
    ? new Ajv2020({ strict: true, allErrors: true })
    : new Ajv({ strict: true, allErrors: true });
  addFormats.default(ajv);
  ajv.addVocabulary([...OAS_KEYS, ...OAS_SCHEMA_KEYS]);
  ajv.addSchema(structuredClone(doc) as object, DOC_ID);
  return (pointer) => {
    const validate = ajv.getSchema(`${DOC_ID}#${pointer}`);
    if (validate === undefined) throw new Error(`no schema at ${pointer}`);
    return validate;
  };
}

/** One example of a document and the schema it illustrates. */
export interface DocumentExample {
  /** Where the example is. */
  readonly pointer: string;
  /** Where its schema is. */
  readonly schemaPointer: string;
  /** The example value. */
  readonly value: unknown;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function schemaExamples(schema: unknown, at: string, out: DocumentExample[]): void {
  if (!isObject(schema)) return;
  if (Array.isArray(schema.examples)) {
    schema.examples.forEach((value, i) => {
      out.push({ pointer: `${at}/examples/${i}`, schemaPointer: at, value });
    });
  }
  if ('example' in schema) out.push({ pointer: `${at}/example`, schemaPointer: at, value: schema.example });
  for (const key of ['properties', '$defs', 'patternProperties']) {
    if (isObject(schema[key])) {
      for (const [name, sub] of Object.entries(schema[key])) {
        schemaExamples(sub, `${at}/${key}/${pointerToken(name)}`, out);
      }
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) {
      list.forEach((sub, i) => {
        schemaExamples(sub, `${at}/${key}/${i}`, out);
      });
    }
  }
  for (const key of ['items', 'not', 'additionalProperties'])
    schemaExamples(schema[key], `${at}/${key}`, out);
}

/** Examples of a parameter or media type object (`example`, `examples.*.value`) and of its schema. */
function holderExamples(holder: unknown, at: string, out: DocumentExample[]): void {
  if (!isObject(holder) || !isObject(holder.schema)) return;
  const schemaPointer = `${at}/schema`;
  if ('example' in holder) out.push({ pointer: `${at}/example`, schemaPointer, value: holder.example });
  if (isObject(holder.examples)) {
    for (const [name, example] of Object.entries(holder.examples)) {
      if (isObject(example) && 'value' in example) {
        out.push({
          pointer: `${at}/examples/${pointerToken(name)}/value`,
          schemaPointer,
          value: example.value,
        });
      }
    }
  }
  schemaExamples(holder.schema, schemaPointer, out);
}

function contentExamples(content: unknown, at: string, out: DocumentExample[]): void {
  if (!isObject(content)) return;
  for (const [type, media] of Object.entries(content))
    holderExamples(media, `${at}/${pointerToken(type)}`, out);
}

function responseExamples(responses: unknown, at: string, out: DocumentExample[]): void {
  if (!isObject(responses)) return;
  for (const [status, response] of Object.entries(responses)) {
    if (isObject(response)) contentExamples(response.content, `${at}/${pointerToken(status)}/content`, out);
  }
}

/**
 * Every example of a document: of parameters, request bodies, responses and schemas (components
 * and inline), each with the pointer of the schema it must match.
 */
export function collectExamples(doc: OpenApiDocument): DocumentExample[] {
  const out: DocumentExample[] = [];
  const d = doc as unknown as Json;
  for (const [path, item] of Object.entries((d.paths ?? {}) as Json)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const at = `/paths/${pointerToken(path)}/${method}`;
      if (Array.isArray(operation.parameters)) {
        operation.parameters.forEach((p, i) => {
          holderExamples(p, `${at}/parameters/${i}`, out);
        });
      }
      if (isObject(operation.requestBody))
        contentExamples(operation.requestBody.content, `${at}/requestBody/content`, out);
      responseExamples(operation.responses, `${at}/responses`, out);
    }
  }
  const components = isObject(d.components) ? d.components : {};
  for (const [id, schema] of Object.entries((components.schemas ?? {}) as Json)) {
    schemaExamples(schema, `/components/schemas/${pointerToken(id)}`, out);
  }
  responseExamples(components.responses, '/components/responses', out);
  return out;
}
