/**
 * `querymode schema` accepts the two inputs and every output record core has a schema for: the
 * CLI's list (kept out of the zod entry, which its start does not load) is held to core's.
 */
import { OUTPUT_SCHEMAS } from '@querymode/core/schemas';
import { expect, it } from 'vitest';
import { SCHEMA_KINDS } from '../src/schema-kinds.js';

it('lists the inputs, then every output schema of core, in order', () => {
  expect(SCHEMA_KINDS).toEqual(['body', 'traits', ...Object.keys(OUTPUT_SCHEMAS)]);
});
