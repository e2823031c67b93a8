import { componentName, MODES } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { DowngradeError, downgradeDocument, downgradeSchema } from '../src/downgrade.js';
import { buildOpenApiDocument } from '../src/index.js';
import type { AnyJson } from './support.js';

describe('downgradeSchema: JSON Schema 2020-12 to the OpenAPI 3.0 Schema Object', () => {
  it.each([
    ['const becomes a one-value enum', { type: 'string', const: 'x' }, { type: 'string', enum: ['x'] }],
    ['a null type becomes nullable', { type: ['string', 'null'] }, { type: 'string', nullable: true }],
    [
      'several types become anyOf',
      { type: ['string', 'integer'] },
      { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    ],
    [
      'a null-only type becomes a nullable enum of null',
      { type: 'null' },
      { type: 'string', nullable: true, enum: [null] },
    ],
    [
      'an enum with null becomes nullable',
      { type: 'string', enum: ['a', null] },
      { type: 'string', enum: ['a', null], nullable: true },
    ],
    [
      'examples become the first example',
      { type: 'string', examples: ['a', 'b'] },
      { type: 'string', example: 'a' },
    ],
    [
      'a numeric exclusive minimum becomes a boolean one',
      { type: 'number', exclusiveMinimum: 0 },
      { type: 'number', minimum: 0, exclusiveMinimum: true },
    ],
    [
      'a numeric exclusive maximum becomes a boolean one',
      { type: 'number', exclusiveMaximum: 9 },
      { type: 'number', maximum: 9, exclusiveMaximum: true },
    ],
    [
      'a $ref with siblings is wrapped in allOf',
      { $ref: '#/components/schemas/A', description: 'd' },
      { allOf: [{ $ref: '#/components/schemas/A' }], description: 'd' },
    ],
    ['a lone $ref stays', { $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/A' }],
    [
      'boolean subschemas become objects',
      { type: 'object', properties: { a: true, b: false } },
      { type: 'object', properties: { a: {}, b: { not: {} } } },
    ],
    [
      'additionalProperties false stays',
      { type: 'object', additionalProperties: false },
      { type: 'object', additionalProperties: false },
    ],
    [
      'nested schemas are converted',
      { oneOf: [{ properties: { m: { const: 1 } } }], items: { const: true }, not: { type: ['null'] } },
      {
        oneOf: [{ properties: { m: { enum: [1] } } }],
        items: { enum: [true] },
        not: { type: 'string', nullable: true, enum: [null] },
      },
    ],
  ])('%s', (_, input, output) => {
    expect(downgradeSchema(input as AnyJson)).toEqual(output);
  });

  it.each([
    ['prefixItems', { prefixItems: [{}] }],
    ['if/else', { if: {}, else: {} }],
    ['dependentRequired', { dependentRequired: { a: ['b'] } }],
    ['unevaluatedProperties', { unevaluatedProperties: false }],
    ['patternProperties', { patternProperties: { '^x': {} } }],
    ['propertyNames', { propertyNames: { pattern: '^a' } }],
    ['$defs', { $defs: {} }],
    ['const beside enum', { const: 1, enum: [1] }],
    ['an exclusive bound beside an inclusive one', { minimum: 1, exclusiveMinimum: 0 }],
    ['nested unsupported keywords', { properties: { a: { contains: {} } } }],
  ])('rejects what 3.0 cannot say: %s', (_, input) => {
    expect(() => downgradeSchema(input as AnyJson)).toThrow(DowngradeError);
  });
});

describe('downgradeDocument', () => {
  const v31 = buildOpenApiDocument() as unknown as AnyJson;
  const v30 = buildOpenApiDocument({ openapi: '3.0' }) as unknown as AnyJson;
  const text = JSON.stringify(v30);

  it('gives OpenAPI 3.0.3 with the same paths, operations, parameters and components', () => {
    expect(v30.openapi).toBe('3.0.3');
    expect(Object.keys(v30.paths)).toEqual(Object.keys(v31.paths));
    expect(Object.keys(v30.components.schemas)).toEqual(Object.keys(v31.components.schemas));
    expect(v30.components.responses).toEqual(v31.components.responses);
    expect(v30.servers).toEqual(v31.servers);
    expect(v30.info).toEqual(v31.info);
  });

  it('leaves nothing that 3.0 lacks: no const, examples lists, type lists or numeric exclusive bounds', () => {
    expect(text).not.toContain('"const"');
    expect(text).not.toContain('"examples":[');
    expect(text).not.toMatch(/"type":\[/);
    expect(text).not.toMatch(/"exclusive(Minimum|Maximum)":\d/);
    expect(text).not.toContain('"$defs"');
  });

  it('keeps each mode constant as a one-value enum, and each schema example', () => {
    for (const mode of MODES) {
      const component = v30.components.schemas[componentName(mode.id)];
      const branches = component.oneOf ?? component.anyOf ?? [component];
      for (const branch of branches) expect(branch.properties.mode).toMatchObject({ enum: [mode.id] });
      expect(component.example).toEqual(v31.components.schemas[componentName(mode.id)].examples[0]);
    }
  });

  it('rejects 3.1-only document parts', () => {
    expect(() => downgradeDocument({ ...v31, webhooks: {} } as never)).toThrow(DowngradeError);
    expect(() => downgradeDocument({ ...v31, jsonSchemaDialect: 'x' } as never)).toThrow(DowngradeError);
    expect(() =>
      downgradeDocument({
        ...v31,
        info: { ...v31.info, license: { name: 'MIT', identifier: 'MIT' } },
      } as never),
    ).toThrow(DowngradeError);
  });

  it('does not change its input', () => {
    const before = JSON.stringify(v31);
    downgradeDocument(v31 as never);
    expect(JSON.stringify(v31)).toBe(before);
  });
});
