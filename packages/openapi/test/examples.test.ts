/**
 * Gate: every example of the documents validates against its schema, compiled in place in the
 * document (JSON Schema 2020-12 for 3.1, draft-07 with `nullable` for 3.0.3), in strict mode.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { componentName, MODES } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../src/index.js';
import { collectExamples, documents, documentValidator, REPO_ROOT } from './support.js';

const committed = JSON.parse(
  readFileSync(join(REPO_ROOT, 'docs', 'openapi.json'), 'utf8'),
) as OpenApiDocument;
const { v30 } = documents();

describe.each([
  ['docs/openapi.json (3.1)', committed],
  ['3.0.3', v30],
])('examples of %s', (_, doc) => {
  const examples = collectExamples(doc);
  const validatorAt = documentValidator(doc);

  it('has a request example and a schema example for every mode, and both list examples', () => {
    const pointers = examples.map((e) => e.pointer);
    for (const mode of MODES) {
      expect(pointers.some((p) => p.endsWith(`/examples/${mode.id.replace(/\//g, '~1')}/value`))).toBe(true);
      expect(
        pointers.some((p) => p.startsWith(`/components/schemas/${componentName(mode.id)}/example`)),
      ).toBe(true);
    }
    expect(pointers.filter((p) => p.includes('/responses/2XX/') && p.includes('/examples/'))).toHaveLength(2);
    expect(examples).toHaveLength(2 * MODES.length + 2);
  });

  it.each(examples.map((e) => [e.pointer, e] as const))('%s is valid', (_, example) => {
    const validate = validatorAt(example.schemaPointer);
    expect(validate(example.value), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is live: a wrong example is rejected (canary)', () => {
    const body = examples.find((e) => e.pointer.includes('/requestBody/'));
    expect(body).toBeDefined();
    const validate = validatorAt(body?.schemaPointer as string);
    expect(validate({ config: { mode: 'timestamp', timestamp_column_name: 7 } })).toBe(false);
  });
});
