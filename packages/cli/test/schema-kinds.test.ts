/**
 * `querymode schema` accepts the two inputs and every output record core has a schema for: the
 * CLI's list takes core's `OUTPUT_KINDS` (which needs no zod), and core has a schema per kind.
 */
import { OUTPUT_KINDS } from '@querymode/core';
import { OUTPUT_SCHEMAS } from '@querymode/core/schemas';
import { expect, it } from 'vitest';
import { SCHEMA_KINDS } from '../src/schema-kinds.js';

it('lists the inputs, then every output schema of core, in order', () => {
  expect(Object.keys(OUTPUT_SCHEMAS)).toEqual([...OUTPUT_KINDS]);
  expect(SCHEMA_KINDS).toEqual(['body', 'traits', ...OUTPUT_KINDS]);
});
