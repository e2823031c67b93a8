import {
  API_PREFIX,
  API_VERSION,
  componentName,
  DEFAULT_MODE,
  exampleConfig,
  LIST_LIMIT,
  MODES,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  buildOpenApiDocument,
  checkOpenApiOptions,
  LIST_PIPELINES,
  OpenApiOptionsError,
  openApiToJson,
  openApiToYaml,
  PLACEHOLDER_HOST,
  tryBuildOpenApiDocument,
  UPDATE_QUERY_MODE,
} from '../src/index.js';
import { publicText } from '../src/public-prose.js';
import type { AnyJson } from './support.js';

const QUERY_MODE_PATH = '/pipelines/{pipeline_id}/objects/{object_name}/query-mode';

const doc = buildOpenApiDocument() as unknown as AnyJson;
const put = doc.paths[QUERY_MODE_PATH].put as AnyJson;
const get = doc.paths['/pipelines'].get as AnyJson;
const operations = [put, get];
/** A statement from a public page: its address and its entry on docs/service.md. */
const DOCUMENTED_AT = /Documented at https:\/\/\S+ \(docs\/service\.md#[a-z-]+\)/;

describe('buildOpenApiDocument: the 3.1 document', () => {
  it('is OpenAPI 3.1.0 for API version 2.0, and says what it covers', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(API_VERSION);
    expect(doc.info.description).toContain('query mode');
    expect(doc.info.description).toContain('cursor-based pagination');
    expect(doc.info.description).toContain('not documented');
  });

  it('has exactly the two operations of the spec, with stable operationIds and defined tags', () => {
    expect(Object.keys(doc.paths)).toEqual([QUERY_MODE_PATH, '/pipelines']);
    expect(Object.keys(doc.paths[QUERY_MODE_PATH])).toEqual(['put']);
    expect(Object.keys(doc.paths['/pipelines'])).toEqual(['get']);
    expect(put.operationId).toBe(UPDATE_QUERY_MODE);
    expect(get.operationId).toBe(LIST_PIPELINES);
    expect([UPDATE_QUERY_MODE, LIST_PIPELINES]).toEqual(['updateQueryMode', 'listPipelines']);
    const tags = new Set(doc.tags.map((t: AnyJson) => t.name));
    for (const op of operations) {
      expect(op.tags.length).toBe(1);
      expect(tags.has(op.tags[0])).toBe(true);
    }
  });

  it('puts the version prefix on the server, with the host as a placeholder variable by default', () => {
    expect(doc.servers).toHaveLength(1);
    const [server] = doc.servers;
    expect(server.url).toBe(`https://{base_url}${API_PREFIX}`);
    expect(server.variables).toEqual({ base_url: { default: PLACEHOLDER_HOST } });
    expect(PLACEHOLDER_HOST.endsWith('.invalid')).toBe(true);
    expect(server.description).toContain('region is part of the host');
  });

  it('gives one server per region when regions are given', () => {
    const withRegions = buildOpenApiDocument({
      regions: [
        { name: 'a', origin: 'https://a.host.invalid' },
        { name: 'b', origin: 'http://b.host.invalid:8080' },
      ],
    });
    expect(withRegions.servers).toEqual([
      { url: `https://a.host.invalid${API_PREFIX}`, description: 'Region a.' },
      { url: `http://b.host.invalid:8080${API_PREFIX}`, description: 'Region b.' },
    ]);
  });

  it('requires HTTP Basic on every operation', () => {
    expect(doc.components.securitySchemes).toEqual({
      basicAuth: expect.objectContaining({ type: 'http', scheme: 'basic' }),
    });
    expect(doc.security).toEqual([{ basicAuth: [] }]);
    for (const op of operations) expect(op.security).toEqual([{ basicAuth: [] }]);
  });

  it('lists the path parameters, and expresses accept and content-type through media types, not header parameters', () => {
    const params = put.parameters.map((p: AnyJson) => [p.in, p.name, p.required]);
    expect(params).toEqual([
      ['path', 'pipeline_id', true],
      ['path', 'object_name', true],
    ]);
    for (const op of operations) {
      for (const p of op.parameters) expect(p.in, `${op.operationId} ${p.name}`).not.toBe('header');
    }
    expect(Object.keys(put.requestBody.content)).toEqual(['application/json']);
    expect(Object.keys(put.responses['2XX'].content)).toEqual(['application/json']);
    expect(Object.keys(get.responses['2XX'].content)).toEqual(['application/json']);
  });

  it('speaks to users: no internal section numbers anywhere, "not documented"', () => {
    const prose: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (typeof value === 'object' && value !== null) {
        for (const [key, inner] of Object.entries(value)) {
          if (['description', 'summary', 'title'].includes(key) && typeof inner === 'string')
            prose.push(inner);
          else walk(inner);
        }
      }
    };
    walk(doc);
    expect(prose.length).toBeGreaterThan(40);
    for (const text of prose) {
      expect(text).not.toMatch(/\(spec \d/);
      expect(text).not.toMatch(/not shown|not described|the spec's/);
      expect(text.replaceAll('documented outside the spec', '')).not.toMatch(/\bspec\b/);
    }
    const whole = JSON.stringify(doc);
    expect(whole).not.toMatch(/\(spec \d|spec-sections|"x-querymode-spec/);
  });

  it('publicText moves every form of section reference out of a text', () => {
    expect(publicText('Sets the mode (spec 4.1). Affects events (spec 1, 2.3).')).toEqual({
      text: 'Sets the mode. Affects events.',
      sections: ['4.1', '1', '2.3'],
    });
    expect(
      publicText('Body (spec 4.1: "Response body: not shown"); deletes: not described (the spec\'s table).'),
    ).toEqual({
      text: 'Body; deletes: not documented.',
      sections: ['4.1'],
    });
  });

  it('takes the request body from core: one named component per mode, with the catalogue descriptions', () => {
    const body = put.requestBody.content['application/json'];
    expect(put.requestBody.required).toBe(true);
    expect(body.schema).toEqual({ $ref: '#/components/schemas/QueryModeBody' });
    const config = doc.components.schemas.QueryModeBody.properties.config;
    expect(config.oneOf).toEqual(MODES.map((m) => ({ $ref: `#/components/schemas/${componentName(m.id)}` })));
    for (const mode of MODES) {
      const component = doc.components.schemas[componentName(mode.id)];
      expect(component.title).toBe(mode.title);
      expect(component.description).toContain(publicText(mode.summary).text);
      for (const kind of ['inserts', 'updates'] as const) {
        expect(component.description).toContain(`${kind}: ${publicText(mode.captures[kind].text).text}`);
      }
      for (const rule of mode.rules) expect(component.description).toContain(publicText(rule.text).text);
      expect(component.examples).toEqual([exampleConfig(mode)]);
    }
  });

  it("states of each field only what the service documents: a column name is a string, with no pattern of querymode's own", () => {
    /** Every property schema of a mode's config, in every branch. */
    const propertiesOf = (schema: AnyJson): [string, AnyJson][] => [
      ...Object.entries((schema.properties ?? {}) as Record<string, AnyJson>),
      ...((schema.oneOf ?? schema.anyOf ?? []) as AnyJson[]).flatMap(propertiesOf),
    ];
    let columnFields = 0;
    for (const mode of MODES) {
      const properties = propertiesOf(doc.components.schemas[componentName(mode.id)]);
      for (const field of mode.fields) {
        for (const [name, schema] of properties.filter(([name]) => name === field.name)) {
          if (field.kind === 'column_name') {
            columnFields++;
            expect(schema, name).toEqual({ type: 'string', description: expect.any(String) });
            expect(schema.description).toContain(
              "querymode's strict profile also refuses an empty name and white space at either end",
            );
          }
          if (field.kind === 'milliseconds_string') {
            // The service documents a string holding a number of milliseconds; the bound is querymode's own, and says so.
            expect(new RegExp(schema.pattern).test('60000')).toBe(true);
            expect(new RegExp(schema.pattern).test('9007199254740992')).toBe(false);
            expect(schema.description).toContain("the upper bound is querymode's own");
          }
        }
      }
    }
    expect(columnFields).toBeGreaterThanOrEqual(6);
    expect(doc.components.schemas.QueryModeBody.description).toContain('a column name is any string');
    expect(put.description).toContain('a column name must be non-empty');
  });

  it('has one request example per mode, from the catalogue', () => {
    const examples = put.requestBody.content['application/json'].examples;
    expect(Object.keys(examples)).toEqual(MODES.map((m) => m.id));
    for (const mode of MODES) {
      expect(examples[mode.id].value).toEqual({ config: exampleConfig(mode) });
      expect(examples[mode.id].summary).toContain(mode.title);
    }
  });

  it('summarises every mode in the operation description, and the default mode', () => {
    for (const mode of MODES) expect(put.description).toContain(`| \`${mode.id}\` |`);
    expect(put.description).toContain(`start in \`${DEFAULT_MODE}\``);
    expect(put.description).toMatch(DOCUMENTED_AT);
  });

  it('lists pipelines with limit (integer 1..100) and starting_after, returning the list envelope', () => {
    const [limit, startingAfter] = get.parameters;
    expect(limit).toMatchObject({ name: 'limit', in: 'query', required: false });
    expect(limit.schema).toEqual({ type: 'integer', minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max });
    expect(startingAfter).toMatchObject({ name: 'starting_after', in: 'query', required: false });
    expect(startingAfter.schema.type).toBe('string');
    const ok = get.responses['2XX'].content['application/json'];
    expect(ok.schema).toEqual({ $ref: '#/components/schemas/PipelineList' });
    const envelope = doc.components.schemas.PipelineList;
    expect(envelope.required).toEqual(['data']);
    expect(envelope.properties.data.items).toEqual({ $ref: '#/components/schemas/Pipeline' });
    expect(envelope.properties.pagination).toEqual({ $ref: '#/components/schemas/ListPagination' });
    expect(doc.components.schemas.ListPagination.required).toEqual(['starting_after', 'count']);
    expect(doc.components.schemas.ListPagination.description).toContain(
      'Present only when more elements exist',
    );
    expect(Object.keys(ok.examples)).toEqual(['more_pages', 'last_page']);
    expect(ok.examples.last_page.value).not.toHaveProperty('pagination');
  });

  it('describes what the spec does not show as not documented, with open schemas and no invented bodies', () => {
    expect(doc.components.schemas.Pipeline).toMatchObject({ type: 'object', additionalProperties: {} });
    expect(doc.components.schemas.Pipeline.properties).toEqual({});
    expect(doc.components.schemas.Pipeline.description).toContain('not documented');
    const putOk = put.responses['2XX'];
    expect(putOk.description).toContain('not documented');
    expect(Object.keys(putOk.content['application/json'].schema)).toEqual(['description']);
    for (const [name, response] of Object.entries(doc.components.responses as AnyJson)) {
      expect(response, name).not.toHaveProperty('content');
      expect((response as AnyJson).description).toMatch(/not documented/);
    }
    expect(Object.keys(put.responses).sort()).toEqual(['2XX', '400', '401', '403', '404', '429']);
    expect(Object.keys(get.responses).sort()).toEqual(['2XX', '400', '401', '403', '429']);
    for (const status of ['400', '401', '403']) {
      const ref = put.responses[status].$ref.split('/').pop();
      expect(doc.components.responses[ref].description).toMatch(DOCUMENTED_AT);
    }
  });

  it('has no JSON Schema leftovers of the conversion: no $defs, $id or $schema, every $ref resolves', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$defs"');
    expect(text).not.toContain('"$id"');
    expect(text).not.toContain('"$schema"');
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const [, section, name] = /^#\/components\/(schemas|responses)\/(.+)$/.exec(ref) ?? [];
      expect(section, ref).toBeDefined();
      expect(doc.components[section as string][name as string], ref).toBeDefined();
    }
  });

  it('is the same for every call (deterministic, and no shared mutable state)', () => {
    const again = buildOpenApiDocument() as unknown as AnyJson;
    expect(again).toEqual(doc);
    again.info.title = 'changed';
    expect(buildOpenApiDocument().info.title).not.toBe('changed');
  });
});

describe('serialisation', () => {
  it('JSON and YAML parse back to the same document', () => {
    const document = buildOpenApiDocument();
    expect(JSON.parse(openApiToJson(document))).toEqual(document);
    expect(parse(openApiToYaml(document))).toEqual(document);
    const v30 = buildOpenApiDocument({ openapi: '3.0' });
    expect(parse(openApiToYaml(v30))).toEqual(JSON.parse(openApiToJson(v30)));
  });

  it('writes YAML without anchors or aliases, and ends both with a newline', () => {
    const yaml = openApiToYaml(buildOpenApiDocument());
    expect(yaml).not.toMatch(/(^|\s)[&*][A-Za-z0-9]+\s/m);
    expect(yaml.endsWith('\n')).toBe(true);
    expect(openApiToJson(buildOpenApiDocument()).endsWith('}\n')).toBe(true);
  });
});

describe('options', () => {
  it('accepts no options and valid options', () => {
    expect(checkOpenApiOptions(undefined)).toEqual([]);
    expect(checkOpenApiOptions({})).toEqual([]);
    expect(
      checkOpenApiOptions({ openapi: '3.0', regions: [{ name: 'x', origin: 'https://x.invalid' }] }),
    ).toEqual([]);
  });

  it.each([
    [{ openapi: '2.0' }, ['openapi']],
    [{ regions: [] }, ['regions']],
    [{ regions: 'eu' }, ['regions']],
    [{ regions: [null] }, ['regions', 0]],
    [{ regions: [{ name: 'eu', origin: 'eu.host.invalid' }] }, ['regions', 0, 'origin']],
    [{ regions: [{ name: 'eu', origin: 'https://eu.host.invalid/api' }] }, ['regions', 0, 'origin']],
    [{ regions: [{ name: ' eu', origin: 'https://eu.host.invalid' }] }, ['regions', 0, 'name']],
    [
      {
        regions: [
          { name: 'eu', origin: 'https://a.invalid' },
          { name: 'eu', origin: 'https://b.invalid' },
        ],
      },
      ['regions', 1, 'name'],
    ],
    [{ region: [] }, ['region']],
    [42, []],
  ])('reports %j at %j, without throwing', (options, path) => {
    const issues = checkOpenApiOptions(options);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'invalid_option', path });
    expect(issues[0]?.message).toMatch(/^`options[^`]*`: expected .+, received .+\.$/);
    const result = tryBuildOpenApiDocument(options as never);
    expect(result.ok).toBe(false);
    expect(() => buildOpenApiDocument(options as never)).toThrow(OpenApiOptionsError);
  });

  it('reports options that throw when read as an issue', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    const result = tryBuildOpenApiDocument(hostile as never);
    expect(result.ok).toBe(false);
  });
});
