/**
 * Converts an OpenAPI 3.1 document into an equally valid OpenAPI 3.0.3 document: the schemas move
 * from JSON Schema 2020-12 to the 3.0 Schema Object, and the 3.1-only parts of the document go.
 * What 3.0 cannot say is an error, never dropped in silence: a less exact document would accept
 * what the 3.1 one rejects.
 *
 * @module
 */
import { isRecord } from '@querymode/core';
import type * as oas30 from 'openapi3-ts/oas30';
import type * as oas31 from 'openapi3-ts/oas31';

/** The OpenAPI version of a downgraded document. */
export const OPENAPI_30 = '3.0.3';

type Json = Record<string, unknown>;

/** Thrown when a 3.1 construct has no exact 3.0 form. */
export class DowngradeError extends Error {
  override readonly name = 'DowngradeError';
}

/** Keywords of JSON Schema 2020-12 that the 3.0 Schema Object lacks and that constrain values. */
const UNSUPPORTED = [
  '$defs',
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
] as const;

const SUBSCHEMA_MAPS = ['properties'] as const;
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SUBSCHEMA_SINGLE = ['items', 'not', 'additionalProperties'] as const;

/** The type of a schema that allows only `null`, in 3.0 terms. */
const ONLY_NULL: Json = { type: 'string', nullable: true, enum: [null] };

function fail(path: string, what: string): never {
  throw new DowngradeError(`${path}: ${what} has no OpenAPI 3.0 form`);
}

/** The schema `true`/`false` of 2020-12, or a schema object, as a 3.0 schema. */
function downgradeSchemaValue(value: unknown, path: string): Json {
  if (value === true) return {};
  if (value === false) return { not: {} };
  if (!isRecord(value)) return fail(path, 'a schema that is not an object or a boolean');
  return downgradeSchema(value, path);
}

function downgradeType(out: Json, type: unknown, path: string): void {
  if (!Array.isArray(type)) {
    if (type === 'null') Object.assign(out, ONLY_NULL);
    else out.type = type;
    return;
  }
  const nonNull = type.filter((t) => t !== 'null');
  if (nonNull.length !== type.length) out.nullable = true;
  if (nonNull.length === 0) Object.assign(out, ONLY_NULL);
  else if (nonNull.length === 1) out.type = nonNull[0];
  else if (out.anyOf !== undefined) fail(path, 'a list of types beside anyOf');
  else out.anyOf = nonNull.map((t) => ({ type: t }));
}

function exclusiveBound(out: Json, schema: Json, path: string, key: 'Minimum' | 'Maximum'): void {
  const exclusive = schema[`exclusive${key}`];
  if (exclusive === undefined) return;
  const inclusive = key === 'Minimum' ? 'minimum' : 'maximum';
  if (schema[inclusive] !== undefined) fail(path, `exclusive${key} beside ${inclusive}`);
  out[inclusive] = exclusive;
  out[`exclusive${key}`] = true;
}

/**
 * One JSON Schema 2020-12 schema (as OpenAPI 3.1 holds it) as a 3.0.3 Schema Object: `const`
 * becomes a one-value `enum`, a `null` type becomes `nullable`, `examples` becomes `example`
 * (the first), numeric exclusive bounds become boolean ones, and a `$ref` with siblings is wrapped
 * in `allOf`, since 3.0 ignores the siblings of a `$ref`. Throws a {@link DowngradeError} for what
 * 3.0 cannot say.
 */
export function downgradeSchema(schema: Json, path = '#'): Json {
  for (const key of UNSUPPORTED) if (key in schema) fail(`${path}/${key}`, key);
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    const at = `${path}/${key}`;
    if (key === 'type') downgradeType(out, value, at);
    else if (key === 'const') {
      if ('enum' in schema) fail(at, 'const beside enum');
      out.enum = [value];
    } else if (key === 'enum') {
      if (!Array.isArray(value)) fail(at, 'an enum that is not a list');
      out.enum = value;
      if (value.includes(null)) out.nullable = true;
    } else if (key === 'examples') {
      if (!Array.isArray(value)) fail(at, 'examples that are not a list');
      if (value.length > 0 && !('example' in schema)) out.example = value[0];
    } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      if (typeof value !== 'number') fail(at, `a ${key} that is not a number`);
    } else if (key === '$schema' || key === '$comment') {
      // Annotations without meaning for 3.0.
    } else if ((SUBSCHEMA_MAPS as readonly string[]).includes(key)) {
      if (!isRecord(value)) fail(at, `${key} that is not an object`);
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, downgradeSchemaValue(sub, `${at}/${name}`)]),
      );
    } else if ((SUBSCHEMA_LISTS as readonly string[]).includes(key)) {
      if (!Array.isArray(value)) fail(at, `${key} that is not a list`);
      out[key] = value.map((sub, i) => downgradeSchemaValue(sub, `${at}/${i}`));
    } else if ((SUBSCHEMA_SINGLE as readonly string[]).includes(key)) {
      out[key] =
        key === 'additionalProperties' && typeof value === 'boolean'
          ? value
          : downgradeSchemaValue(value, at);
    } else {
      out[key] = value;
    }
  }
  exclusiveBound(out, schema, path, 'Minimum');
  exclusiveBound(out, schema, path, 'Maximum');
  if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
    const { $ref, ...siblings } = out;
    return { allOf: [{ $ref }], ...siblings };
  }
  return out;
}

function downgradeRefOr<T>(value: unknown, path: string, convert: (v: Json, path: string) => T): T | Json {
  if (!isRecord(value)) return fail(path, 'a value that is not an object');
  if (typeof value.$ref === 'string') {
    if (Object.keys(value).length > 1) fail(path, 'a Reference Object with summary or description');
    return value;
  }
  return convert(value, path);
}

function downgradeContent(content: unknown, path: string): Json {
  if (!isRecord(content)) return fail(path, 'content that is not an object');
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => {
      if (!isRecord(media)) fail(`${path}/${type}`, 'a media type that is not an object');
      const { schema, ...rest } = media;
      return [
        type,
        schema === undefined
          ? rest
          : { schema: downgradeSchemaValue(schema, `${path}/${type}/schema`), ...rest },
      ];
    }),
  );
}

/** A parameter or header: its `schema` or its `content`. */
function downgradeParameter(parameter: Json, path: string): Json {
  const out: Json = { ...parameter };
  if (parameter.schema !== undefined) out.schema = downgradeSchemaValue(parameter.schema, `${path}/schema`);
  if (parameter.content !== undefined) out.content = downgradeContent(parameter.content, `${path}/content`);
  return out;
}

function downgradeHeaders(headers: unknown, path: string): Json {
  if (!isRecord(headers)) return fail(path, 'headers that are not an object');
  return Object.fromEntries(
    Object.entries(headers).map(([n, h]) => [n, downgradeRefOr(h, `${path}/${n}`, downgradeParameter)]),
  );
}

function downgradeResponse(response: Json, path: string): Json {
  const out: Json = { ...response };
  if (response.content !== undefined) out.content = downgradeContent(response.content, `${path}/content`);
  if (response.headers !== undefined) out.headers = downgradeHeaders(response.headers, `${path}/headers`);
  return out;
}

function downgradeRequestBody(body: Json, path: string): Json {
  return { ...body, content: downgradeContent(body.content, `${path}/content`) };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function downgradeOperation(operation: Json, path: string): Json {
  if (operation.callbacks !== undefined) fail(`${path}/callbacks`, 'callbacks');
  const out: Json = { ...operation };
  if (Array.isArray(operation.parameters)) {
    out.parameters = operation.parameters.map((p, i) =>
      downgradeRefOr(p, `${path}/parameters/${i}`, downgradeParameter),
    );
  }
  if (operation.requestBody !== undefined) {
    out.requestBody = downgradeRefOr(operation.requestBody, `${path}/requestBody`, downgradeRequestBody);
  }
  if (isRecord(operation.responses)) {
    out.responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, r]) => [
        status,
        downgradeRefOr(r, `${path}/responses/${status}`, downgradeResponse),
      ]),
    );
  }
  return out;
}

function downgradePathItem(item: Json, path: string): Json {
  const out: Json = { ...item };
  for (const method of METHODS) {
    const operation = item[method];
    if (operation !== undefined) {
      if (!isRecord(operation)) fail(`${path}/${method}`, 'an operation that is not an object');
      out[method] = downgradeOperation(operation, `${path}/${method}`);
    }
  }
  if (Array.isArray(item.parameters)) {
    out.parameters = item.parameters.map((p, i) =>
      downgradeRefOr(p, `${path}/parameters/${i}`, downgradeParameter),
    );
  }
  return out;
}

function mapValues(value: unknown, path: string, convert: (v: Json, path: string) => Json): Json {
  if (!isRecord(value)) return fail(path, 'a map that is not an object');
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, downgradeRefOr(v, `${path}/${k}`, convert)]),
  );
}

function downgradeComponents(components: Json): Json {
  const at = '#/components';
  if (components.pathItems !== undefined) fail(`${at}/pathItems`, 'pathItems');
  const out: Json = { ...components };
  if (components.schemas !== undefined) {
    if (!isRecord(components.schemas)) fail(`${at}/schemas`, 'schemas that are not an object');
    out.schemas = Object.fromEntries(
      Object.entries(components.schemas).map(([id, s]) => [
        id,
        downgradeSchemaValue(s, `${at}/schemas/${id}`),
      ]),
    );
  }
  if (components.responses !== undefined)
    out.responses = mapValues(components.responses, `${at}/responses`, downgradeResponse);
  if (components.parameters !== undefined) {
    out.parameters = mapValues(components.parameters, `${at}/parameters`, downgradeParameter);
  }
  if (components.requestBodies !== undefined) {
    out.requestBodies = mapValues(components.requestBodies, `${at}/requestBodies`, downgradeRequestBody);
  }
  if (components.headers !== undefined) out.headers = downgradeHeaders(components.headers, `${at}/headers`);
  if (isRecord(components.securitySchemes)) {
    for (const [name, scheme] of Object.entries(components.securitySchemes)) {
      if (isRecord(scheme) && scheme.type === 'mutualTLS') fail(`${at}/securitySchemes/${name}`, 'mutualTLS');
    }
  }
  return out;
}

/**
 * An OpenAPI 3.1 document as an equally valid OpenAPI 3.0.3 document (see {@link downgradeSchema}).
 * `info.summary` joins the description; `jsonSchemaDialect`, `webhooks`, license identifiers, path
 * item components and callbacks have no 3.0 form and throw a {@link DowngradeError}.
 */
export function downgradeDocument(document: oas31.OpenAPIObject): oas30.OpenAPIObject {
  const doc = document as unknown as Json;
  if (doc.jsonSchemaDialect !== undefined) fail('#/jsonSchemaDialect', 'jsonSchemaDialect');
  if (doc.webhooks !== undefined) fail('#/webhooks', 'webhooks');
  const out: Json = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'openapi') out.openapi = OPENAPI_30;
    else if (key === 'info') {
      const { summary, ...info } = value as Json;
      if (isRecord(info.license) && info.license.identifier !== undefined)
        fail('#/info/license', 'a license identifier');
      if (typeof summary === 'string') info.description = `${summary}\n\n${info.description ?? ''}`.trimEnd();
      out.info = info;
    } else if (key === 'paths') {
      out.paths = Object.fromEntries(
        Object.entries(value as Json).map(([p, item]) => [
          p,
          downgradePathItem(item as Json, `#/paths/${p}`),
        ]),
      );
    } else if (key === 'components') out.components = downgradeComponents(value as Json);
    else out[key] = value;
  }
  return out as unknown as oas30.OpenAPIObject;
}
