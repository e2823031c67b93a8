/**
 * The document accepts exactly what core accepts in the documented profile: ajv, on the
 * request-body schema as emitted (in place in the 3.1 document with JSON Schema 2020-12, and in the
 * 3.0.3 document with draft-07 and `nullable`), agrees with core's
 * `validateQueryModeBody(body, { profile: 'documented' })` on every generated body: valid ones,
 * single mutations of valid ones, and junk. The document is looser than querymode's strict
 * profile: some mutations (a dropped column field, another key, an empty column name or one with
 * white space at either end) pass it and fail the strict profile, and none passes the strict
 * profile that the document rejects. Fixed seeds.
 */
import { validateQueryModeBody } from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/support/property-runs.js';
import { anyJsonArb, MUTATIONS, mutatedBodyArb, validBodyArb } from '../../core/test/arbitraries.js';
import { documents, documentValidator, pointerToken } from './support.js';

const BODY_SCHEMA = `/paths/${pointerToken('/pipelines/{pipeline_id}/objects/{object_name}/query-mode')}/put/requestBody/content/${pointerToken('application/json')}/schema`;

const { v31, v30 } = documents();
const validators = {
  '3.1 (2020-12)': documentValidator(v31)(BODY_SCHEMA),
  '3.0.3 (draft-07)': documentValidator(v30)(BODY_SCHEMA),
};

/** Bodies on which the two once disagreed, or that sit on an edge; each must agree. */
const FIXTURES: Record<string, unknown> = {
  'delay at Number.MAX_SAFE_INTEGER': {
    config: {
      mode: 'timestamp',
      timestamp_column_name: 't',
      timestamp_delay_interval_ms: '9007199254740991',
    },
  },
  'delay one above Number.MAX_SAFE_INTEGER': {
    config: {
      mode: 'timestamp',
      timestamp_column_name: 't',
      timestamp_delay_interval_ms: '9007199254740992',
    },
  },
  'delay with leading zeros': {
    config: {
      mode: 'timestamp',
      timestamp_column_name: 't',
      timestamp_delay_interval_ms: '0009007199254740991',
    },
  },
  'column name of one astral character': {
    config: { mode: 'unique_incrementing', unique_column_name: '😀' },
  },
  'column name with a lone surrogate': {
    config: { mode: 'unique_incrementing', unique_column_name: '\ud800' },
  },
  'column name ending in a no-break space': {
    config: { mode: 'unique_incrementing', unique_column_name: 'id\u00a0' },
  },
  'column name ending in a zero-width space (not white space)': {
    config: { mode: 'unique_incrementing', unique_column_name: 'id\u200b' },
  },
  'column name ending in a BOM (white space in JavaScript)': {
    config: { mode: 'unique_incrementing', unique_column_name: 'id\ufeff' },
  },
  'empty column name (a string: the strict profile refuses it)': {
    config: { mode: 'incrementing', incrementing_column_name: '' },
  },
  'column name with a space before it': {
    config: { mode: 'timestamp', timestamp_column_name: ' id' },
  },
  'column name with a tab before it and a newline after it': {
    config: {
      mode: 'timestamp+incrementing',
      incrementing_column_name: '\tid\n',
      timestamp_column_name: 'ts ',
    },
  },
  'column name with quotes, a backslash and a bidi control': {
    config: { mode: 'unique_incrementing', unique_column_name: ' "a\\b"\u202e ' },
  },
  'column name that is not a string': {
    config: { mode: 'unique_incrementing', unique_column_name: 42 },
  },
  'historical disabled with a unique column': {
    config: { mode: 'change_tracking', historical_enabled: false, unique_column_name: 'u' },
  },
  'historical enabled without a unique column': {
    config: { mode: 'change_tracking', historical_enabled: true },
  },
  'own __proto__ key': JSON.parse('{"config":{"mode":"full_load","__proto__":{}}}'),
  'null config': { config: null },
  'array body': [{ config: { mode: 'full_load' } }],
};

describe.each(Object.entries(validators))(
  'ajv on the %s request schema and validateQueryModeBody agree',
  (_, validate) => {
    const documented = (body: unknown): boolean => validateQueryModeBody(body, { profile: 'documented' }).ok;
    const agrees = (body: unknown): boolean => validate(body) === documented(body);

    it.each(Object.entries(FIXTURES))('on the fixture: %s', (_name, body) => {
      expect(validate(body)).toBe(documented(body));
    });

    it('both accept every valid body', () => {
      fc.assert(
        fc.property(validBodyArb(), (body) => validate(body) && validateQueryModeBody(body).ok),
        propertyRuns(3000, 42),
      );
    });

    it(`agree on every single mutation of a valid body (${MUTATIONS.length} kinds), which the strict profile rejects`, () => {
      fc.assert(
        fc.property(mutatedBodyArb(), ({ body }) => agrees(body) && !validateQueryModeBody(body).ok),
        propertyRuns(3000, 42),
      );
    });

    it('reject the mutations the service documents as wrong (a wrong type or mode, no unique column with history)', () => {
      const documentedWrong = MUTATIONS.filter(
        (m) =>
          !['drop_required', 'unknown_key', 'misspelled_key', 'foreign_field', 'bad_column_name'].includes(m),
      );
      fc.assert(
        fc.property(mutatedBodyArb(documentedWrong), ({ body }) => !validate(body) && !documented(body)),
        propertyRuns(2000, 42),
      );
    });

    it('accept every column name the strict profile refuses: the service documents only a string', () => {
      fc.assert(
        fc.property(
          mutatedBodyArb(['bad_column_name']),
          ({ body }) => validate(body) && documented(body) && !validateQueryModeBody(body).ok,
        ),
        propertyRuns(1000, 42),
      );
    });

    it('agree on junk', () => {
      fc.assert(fc.property(anyJsonArb(), agrees), propertyRuns(1000, 42));
    });
  },
);
